//! Anonymous voice messages and the reports recipients make from the call.
use super::schema::{big, create, drop, id_col, index, int, nullable, string, table, text};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum VoiceMessages {
    Table,
    Id,
    UserId,
    IdempotencyKey,
    ToE164,
    Region,
    Language,
    Voice,
    Body,
    Status,
    Attempts,
    NextAttemptAt,
    AttemptedAt,
    CallRef,
    ProviderId,
    Failures,
    LastError,
    CreatedAt,
    UpdatedAt,
    PurgedAt,
}

#[derive(DeriveIden)]
enum AbuseReports {
    Table,
    Id,
    Source,
    SubjectId,
    AccusedUserId,
    ReporterE164,
    Status,
    CreatedAt,
}

fn voice_messages() -> TableCreateStatement {
    table(
        VoiceMessages::Table,
        [
            id_col(VoiceMessages::Id),
            big(VoiceMessages::UserId),
            string(VoiceMessages::IdempotencyKey, 64),
            string(VoiceMessages::ToE164, 20),
            string(VoiceMessages::Region, 3),
            string(VoiceMessages::Language, 8),
            string(VoiceMessages::Voice, 8),
            text(VoiceMessages::Body),
            string(VoiceMessages::Status, 16),
            int(VoiceMessages::Attempts),
            nullable(big(VoiceMessages::NextAttemptAt)),
            nullable(big(VoiceMessages::AttemptedAt)),
            string(VoiceMessages::CallRef, 40),
            nullable(string(VoiceMessages::ProviderId, 64)),
            int(VoiceMessages::Failures),
            nullable(string(VoiceMessages::LastError, 255)),
            big(VoiceMessages::CreatedAt),
            big(VoiceMessages::UpdatedAt),
            nullable(big(VoiceMessages::PurgedAt)),
        ],
    )
}

fn abuse_reports() -> TableCreateStatement {
    table(
        AbuseReports::Table,
        [
            id_col(AbuseReports::Id),
            string(AbuseReports::Source, 24),
            big(AbuseReports::SubjectId),
            nullable(big(AbuseReports::AccusedUserId)),
            string(AbuseReports::ReporterE164, 20),
            string(AbuseReports::Status, 16),
            big(AbuseReports::CreatedAt),
        ],
    )
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let indexes = vec![
            index(
                "ux_voice_messages_idempotency",
                VoiceMessages::Table,
                [VoiceMessages::UserId, VoiceMessages::IdempotencyKey],
            )
            .unique()
            .to_owned(),
            index(
                "ux_voice_messages_call_ref",
                VoiceMessages::Table,
                [VoiceMessages::CallRef],
            )
            .unique()
            .to_owned(),
            index(
                "ix_voice_messages_due",
                VoiceMessages::Table,
                [VoiceMessages::Status, VoiceMessages::NextAttemptAt],
            )
            .to_owned(),
            index(
                "ix_voice_messages_created",
                VoiceMessages::Table,
                [VoiceMessages::CreatedAt],
            )
            .to_owned(),
            // One report per message and reporter: pressing 8 twice is one report.
            index(
                "ux_abuse_reports_subject",
                AbuseReports::Table,
                [
                    AbuseReports::Source,
                    AbuseReports::SubjectId,
                    AbuseReports::ReporterE164,
                ],
            )
            .unique()
            .to_owned(),
            index(
                "ix_abuse_reports_status",
                AbuseReports::Table,
                [AbuseReports::Status, AbuseReports::CreatedAt],
            )
            .to_owned(),
        ];
        create(manager, vec![voice_messages(), abuse_reports()], indexes).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop(
            manager,
            vec![
                AbuseReports::Table.into_iden(),
                VoiceMessages::Table.into_iden(),
            ],
        )
        .await
    }
}
