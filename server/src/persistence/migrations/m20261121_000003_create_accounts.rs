//! Accounts: users, their sessions, password-reset codes, and the counters
//! that rate-limit sign-in and code attempts.
#![expect(elided_lifetimes_in_paths, reason = "the signature is dictated by sea-orm-migration's async_trait")]
use super::schema::{cascade_fk, id_col};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
    Email,
    EmailNormalized,
    PasswordHash,
    PaymentCount,
    VipTime,
    Locale,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Sessions {
    Table,
    Id,
    UserId,
    TokenHash,
    CreatedAt,
    ExpiresAt,
    LastSeenAt,
    UserAgent,
}

#[derive(DeriveIden)]
enum PasswordResetCodes {
    Table,
    Id,
    UserId,
    CodeHash,
    Attempts,
    ExpiresAt,
    UsedAt,
    CreatedAt,
}

#[derive(DeriveIden)]
enum RateLimitCounters {
    Table,
    BucketKey,
    WindowStart,
    Hits,
}


fn user_fk<T: IntoIden>(table: T, col: T) -> ForeignKeyCreateStatement {
    cascade_fk(table, col, Users::Table, Users::Id)
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Users::Table)
                    .col(id_col(Users::Id))
                    .col(ColumnDef::new(Users::Email).string_len(254).not_null())
                    // Lower-cased e-mail: uniqueness is case-insensitive on both backends.
                    .col(ColumnDef::new(Users::EmailNormalized).string_len(254).not_null().unique_key())
                    .col(ColumnDef::new(Users::PasswordHash).string_len(255).not_null())
                    .col(ColumnDef::new(Users::PaymentCount).integer().not_null().default(0))
                    .col(ColumnDef::new(Users::VipTime).big_integer().not_null().default(0))
                    .col(ColumnDef::new(Users::Locale).string_len(8).not_null().default("en"))
                    .col(ColumnDef::new(Users::CreatedAt).big_integer().not_null())
                    .col(ColumnDef::new(Users::UpdatedAt).big_integer().not_null())
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Sessions::Table)
                    .col(id_col(Sessions::Id))
                    .col(ColumnDef::new(Sessions::UserId).big_integer().not_null())
                    // SHA-256 of the token, hex: the token itself is never stored.
                    .col(ColumnDef::new(Sessions::TokenHash).string_len(64).not_null().unique_key())
                    .col(ColumnDef::new(Sessions::CreatedAt).big_integer().not_null())
                    .col(ColumnDef::new(Sessions::ExpiresAt).big_integer().not_null())
                    .col(ColumnDef::new(Sessions::LastSeenAt).big_integer().not_null())
                    .col(ColumnDef::new(Sessions::UserAgent).string_len(255).null())
                    .foreign_key(&mut user_fk(Sessions::Table, Sessions::UserId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(Index::create().name("ix_sessions_user").table(Sessions::Table).col(Sessions::UserId).to_owned())
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(PasswordResetCodes::Table)
                    .col(id_col(PasswordResetCodes::Id))
                    .col(ColumnDef::new(PasswordResetCodes::UserId).big_integer().not_null())
                    .col(ColumnDef::new(PasswordResetCodes::CodeHash).string_len(64).not_null())
                    .col(ColumnDef::new(PasswordResetCodes::Attempts).integer().not_null().default(0))
                    .col(ColumnDef::new(PasswordResetCodes::ExpiresAt).big_integer().not_null())
                    .col(ColumnDef::new(PasswordResetCodes::UsedAt).big_integer().null())
                    .col(ColumnDef::new(PasswordResetCodes::CreatedAt).big_integer().not_null())
                    .foreign_key(&mut user_fk(PasswordResetCodes::Table, PasswordResetCodes::UserId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_password_reset_codes_user")
                    .table(PasswordResetCodes::Table)
                    .col(PasswordResetCodes::UserId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(RateLimitCounters::Table)
                    .col(ColumnDef::new(RateLimitCounters::BucketKey).string_len(160).not_null().primary_key())
                    .col(ColumnDef::new(RateLimitCounters::WindowStart).big_integer().not_null())
                    .col(ColumnDef::new(RateLimitCounters::Hits).integer().not_null())
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            RateLimitCounters::Table.into_iden(),
            PasswordResetCodes::Table.into_iden(),
            Sessions::Table.into_iden(),
            Users::Table.into_iden(),
        ] {
            manager.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
