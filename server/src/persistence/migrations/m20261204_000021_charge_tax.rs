//! The tax a provider collected with a charge, kept apart from the amount
//! so the price is compared with the amount before tax.
use super::schema::{add_columns, big, drop_columns};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Charges {
    Table,
    TaxMinor,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let tax = big(Charges::TaxMinor).default(0).to_owned();
        add_columns(manager, Charges::Table, [tax]).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop_columns(manager, Charges::Table, [Charges::TaxMinor]).await
    }
}
