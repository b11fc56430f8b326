//! The provider's id of a charge's refund (a Paddle adjustment, a
//! FastSpring return, a dLocal refund), kept from the provider's answer so
//! a pending refund can be looked up by it and support can name it.
#![expect(
    elided_lifetimes_in_paths,
    reason = "the signature is dictated by sea-orm-migration's async_trait"
)]
use super::schema::{nullable, string};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Charges {
    Table,
    RefundRef,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let add = Table::alter()
            .table(Charges::Table)
            .add_column(nullable(string(Charges::RefundRef, 191)))
            .to_owned();
        manager.alter_table(add).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let remove = Table::alter()
            .table(Charges::Table)
            .drop_column(Charges::RefundRef)
            .to_owned();
        manager.alter_table(remove).await
    }
}
