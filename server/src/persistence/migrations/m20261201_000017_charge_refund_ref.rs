//! The provider's id of a charge's refund (a Paddle adjustment, a
//! FastSpring return, a dLocal refund), kept from the provider's answer so
//! a pending refund can be looked up by it and support can name it.
use super::schema::{add_columns, drop_columns, nullable, string};
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
        let refund_ref = nullable(string(Charges::RefundRef, 191));
        add_columns(manager, Charges::Table, [refund_ref]).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop_columns(manager, Charges::Table, [Charges::RefundRef]).await
    }
}
