//! Accounts: users, their sessions, password-reset codes, and the counters
//! that rate-limit sign-in and code attempts.
use super::schema::{big, cascade_fk, create, drop, id_col, index, int, nullable, string, table};
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

fn users() -> TableCreateStatement {
    use Users as U;
    table(
        U::Table,
        [
            id_col(U::Id),
            string(U::Email, 254),
            // Lower-cased e-mail: uniqueness is case-insensitive on both backends.
            string(U::EmailNormalized, 254).unique_key().to_owned(),
            string(U::PasswordHash, 255),
            int(U::PaymentCount).default(0).to_owned(),
            big(U::VipTime).default(0).to_owned(),
            string(U::Locale, 8).default("en").to_owned(),
            big(U::CreatedAt),
            big(U::UpdatedAt),
        ],
    )
}

fn sessions() -> TableCreateStatement {
    use Sessions as S;
    table(
        S::Table,
        [
            id_col(S::Id),
            big(S::UserId),
            // SHA-256 of the token, hex: the token itself is never stored.
            string(S::TokenHash, 64).unique_key().to_owned(),
            big(S::CreatedAt),
            big(S::ExpiresAt),
            big(S::LastSeenAt),
            nullable(string(S::UserAgent, 255)),
        ],
    )
    .foreign_key(&mut cascade_fk(
        S::Table,
        S::UserId,
        Users::Table,
        Users::Id,
    ))
    .to_owned()
}

fn password_reset_codes() -> TableCreateStatement {
    use PasswordResetCodes as C;
    table(
        C::Table,
        [
            id_col(C::Id),
            big(C::UserId),
            string(C::CodeHash, 64),
            int(C::Attempts).default(0).to_owned(),
            big(C::ExpiresAt),
            nullable(big(C::UsedAt)),
            big(C::CreatedAt),
        ],
    )
    .foreign_key(&mut cascade_fk(
        C::Table,
        C::UserId,
        Users::Table,
        Users::Id,
    ))
    .to_owned()
}

fn rate_limit_counters() -> TableCreateStatement {
    use RateLimitCounters as R;
    table(
        R::Table,
        [
            string(R::BucketKey, 160).primary_key().to_owned(),
            big(R::WindowStart),
            int(R::Hits),
        ],
    )
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let tables = vec![
            users(),
            sessions(),
            password_reset_codes(),
            rate_limit_counters(),
        ];
        let indexes = vec![
            index("ix_sessions_user", Sessions::Table, [Sessions::UserId]),
            index(
                "ix_password_reset_codes_user",
                PasswordResetCodes::Table,
                [PasswordResetCodes::UserId],
            ),
        ];
        create(manager, tables, indexes).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let dependents_first = vec![
            RateLimitCounters::Table.into_iden(),
            PasswordResetCodes::Table.into_iden(),
            Sessions::Table.into_iden(),
            Users::Table.into_iden(),
        ];
        drop(manager, dependents_first).await
    }
}
