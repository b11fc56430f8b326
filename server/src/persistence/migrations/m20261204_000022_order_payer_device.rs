//! The payer's address and browser at checkout, which wallets ask for with
//! the debits we make without the payer (renewals).
use super::schema::{add_columns, drop_columns, nullable, string};
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
        let columns = [
            nullable(string(Orders::PayerIp, 64)),
            nullable(string(Orders::PayerAgent, 512)),
        ];
        add_columns(manager, Orders::Table, columns).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let columns = [Orders::PayerIp, Orders::PayerAgent];
        drop_columns(manager, Orders::Table, columns).await
    }
}
