//! The payer's address and browser at checkout, which wallets ask for with
//! the debits we make without the payer (renewals).
#![expect(
    elided_lifetimes_in_paths,
    reason = "the signature is dictated by sea-orm-migration's async_trait"
)]
use super::schema::{nullable, string};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Orders {
    Table,
    PayerIp,
    PayerAgent,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One column per statement: SQLite alters one thing at a time.
        for column in [string(Orders::PayerIp, 64), string(Orders::PayerAgent, 512)] {
            let add = Table::alter()
                .table(Orders::Table)
                .add_column(nullable(column))
                .to_owned();
            manager.alter_table(add).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for column in [Orders::PayerIp, Orders::PayerAgent] {
            let remove = Table::alter()
                .table(Orders::Table)
                .drop_column(column)
                .to_owned();
            manager.alter_table(remove).await?;
        }
        Ok(())
    }
}
