//! Reverse lookup: spam reports, the owners' opt-in directory, owners'
//! claims on a number, and the record that a member used the service.
use super::schema::{big, create, drop, flag, id_col, index, nullable, real, string, table, text};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum SpamReports {
    Table,
    Id,
    PhoneE164,
    ReporterId,
    Category,
    Comment,
    Weight,
    Status,
    CreatedAt,
    ReviewedAt,
}

#[derive(DeriveIden)]
enum NumberDirectory {
    Table,
    Id,
    PhoneE164,
    DisplayName,
    City,
    LookupOptOut,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum NumberClaims {
    Table,
    Id,
    TokenHash,
    PhoneE164,
    ExpiresAt,
    CreatedAt,
}

#[derive(DeriveIden)]
enum ServiceUses {
    Table,
    Id,
    UserId,
    Kind,
    CreatedAt,
}

fn spam_reports() -> TableCreateStatement {
    table(
        SpamReports::Table,
        [
            id_col(SpamReports::Id),
            string(SpamReports::PhoneE164, 20),
            big(SpamReports::ReporterId),
            string(SpamReports::Category, 16),
            text(SpamReports::Comment),
            real(SpamReports::Weight),
            string(SpamReports::Status, 12),
            big(SpamReports::CreatedAt),
            nullable(big(SpamReports::ReviewedAt)),
        ],
    )
}

fn number_directory() -> TableCreateStatement {
    table(
        NumberDirectory::Table,
        [
            id_col(NumberDirectory::Id),
            string(NumberDirectory::PhoneE164, 20),
            nullable(string(NumberDirectory::DisplayName, 80)),
            nullable(string(NumberDirectory::City, 80)),
            flag(NumberDirectory::LookupOptOut),
            big(NumberDirectory::UpdatedAt),
        ],
    )
}

fn number_claims() -> TableCreateStatement {
    table(
        NumberClaims::Table,
        [
            id_col(NumberClaims::Id),
            string(NumberClaims::TokenHash, 64),
            string(NumberClaims::PhoneE164, 20),
            big(NumberClaims::ExpiresAt),
            big(NumberClaims::CreatedAt),
        ],
    )
}

fn service_uses() -> TableCreateStatement {
    table(
        ServiceUses::Table,
        [
            id_col(ServiceUses::Id),
            big(ServiceUses::UserId),
            string(ServiceUses::Kind, 16),
            big(ServiceUses::CreatedAt),
        ],
    )
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let indexes = vec![
            index(
                "ix_spam_reports_number",
                SpamReports::Table,
                [
                    SpamReports::PhoneE164,
                    SpamReports::Status,
                    SpamReports::CreatedAt,
                ],
            )
            .to_owned(),
            index(
                "ix_spam_reports_reporter",
                SpamReports::Table,
                [SpamReports::ReporterId, SpamReports::CreatedAt],
            )
            .to_owned(),
            index(
                "ux_number_directory_phone",
                NumberDirectory::Table,
                [NumberDirectory::PhoneE164],
            )
            .unique()
            .to_owned(),
            index(
                "ux_number_claims_token",
                NumberClaims::Table,
                [NumberClaims::TokenHash],
            )
            .unique()
            .to_owned(),
            index(
                "ix_number_claims_expiry",
                NumberClaims::Table,
                [NumberClaims::ExpiresAt],
            )
            .to_owned(),
            index(
                "ix_service_uses_user",
                ServiceUses::Table,
                [ServiceUses::UserId, ServiceUses::CreatedAt],
            )
            .to_owned(),
        ];
        create(
            manager,
            vec![
                spam_reports(),
                number_directory(),
                number_claims(),
                service_uses(),
            ],
            indexes,
        )
        .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let tables = [
            ServiceUses::Table.into_iden(),
            NumberClaims::Table.into_iden(),
            NumberDirectory::Table.into_iden(),
            SpamReports::Table.into_iden(),
        ];
        drop(manager, tables.into_iter().collect()).await
    }
}
