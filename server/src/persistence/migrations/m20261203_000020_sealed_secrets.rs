//! Room for sealed secrets: `staff_users.totp_secret` and
//! `subscriptions.payment_token` hold `sealed1:<key id>:<base64>` values
//! (nonce, ciphertext and tag), longer than the plain values they replace.
//! Text on PostgreSQL; SQLite does not enforce lengths, so nothing changes
//! there. The values themselves are sealed at start (`services::sealed`).
use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::DbBackend;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum StaffUsers {
    Table,
    TotpSecret,
}

#[derive(DeriveIden)]
enum Subscriptions {
    Table,
    PaymentToken,
}

async fn retype(manager: &SchemaManager<'_>, sealed: bool) -> Result<(), DbErr> {
    if manager.get_connection().get_database_backend() != DbBackend::Postgres {
        return Ok(());
    }
    let (mut totp, mut token) = (
        ColumnDef::new(StaffUsers::TotpSecret),
        ColumnDef::new(Subscriptions::PaymentToken),
    );
    if sealed {
        totp.text();
        token.text();
    } else {
        totp.string_len(64);
        token.string_len(256);
    }
    manager
        .alter_table(
            Table::alter()
                .table(StaffUsers::Table)
                .modify_column(totp.not_null())
                .to_owned(),
        )
        .await?;
    manager
        .alter_table(
            Table::alter()
                .table(Subscriptions::Table)
                .modify_column(token.null())
                .to_owned(),
        )
        .await
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        retype(manager, true).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        retype(manager, false).await
    }
}
