//! `staff_users.totp_locked_at`: when the account's second factor was
//! locked after too many wrong codes from everywhere. A locked account
//! refuses every code, the right one too, until an operator unlocks it on
//! the command line (`server staff unlock`). Null when not locked.
#![expect(
    elided_lifetimes_in_paths,
    reason = "the signature is dictated by sea-orm-migration's async_trait"
)]
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum StaffUsers {
    Table,
    TotpLockedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(StaffUsers::Table)
                    .add_column(
                        ColumnDef::new(StaffUsers::TotpLockedAt)
                            .big_integer()
                            .null(),
                    )
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(StaffUsers::Table)
                    .drop_column(StaffUsers::TotpLockedAt)
                    .to_owned(),
            )
            .await
    }
}
