//! `staff_users.totp_locked_at`: when the account's second factor was
//! locked after too many wrong codes from everywhere. A locked account
//! refuses every code, the right one too, until an operator unlocks it on
//! the command line (`server staff unlock`). Null when not locked.
use super::schema::{add_columns, big, drop_columns, nullable};
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
        let locked_at = nullable(big(StaffUsers::TotpLockedAt));
        add_columns(manager, StaffUsers::Table, [locked_at]).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop_columns(manager, StaffUsers::Table, [StaffUsers::TotpLockedAt]).await
    }
}
