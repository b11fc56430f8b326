//! The tax a provider collected with a charge, kept apart from the amount
//! so the price is compared with the amount before tax.
#![expect(
    elided_lifetimes_in_paths,
    reason = "the signature is dictated by sea-orm-migration's async_trait"
)]
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
        let add = Table::alter()
            .table(Charges::Table)
            .add_column(
                ColumnDef::new(Charges::TaxMinor)
                    .big_integer()
                    .not_null()
                    .default(0),
            )
            .to_owned();
        manager.alter_table(add).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let remove = Table::alter()
            .table(Charges::Table)
            .drop_column(Charges::TaxMinor)
            .to_owned();
        manager.alter_table(remove).await
    }
}
