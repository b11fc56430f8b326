//! `password_reset_codes.job_key` and `code_sealed`: the mail job that sent
//! a code, and the code sealed with `SECRETS_KEY`, so a repeat of that job
//! (its worker died after the mail left) sends the same code again instead
//! of one that makes the delivered mail useless.
use super::schema::{add_columns, drop_columns, nullable, text};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum PasswordResetCodes {
    Table,
    JobKey,
    CodeSealed,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let columns = [
            ColumnDef::new(PasswordResetCodes::JobKey)
                .string()
                .null()
                .to_owned(),
            nullable(text(PasswordResetCodes::CodeSealed)),
        ];
        add_columns(manager, PasswordResetCodes::Table, columns).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let columns = [PasswordResetCodes::JobKey, PasswordResetCodes::CodeSealed];
        drop_columns(manager, PasswordResetCodes::Table, columns).await
    }
}
