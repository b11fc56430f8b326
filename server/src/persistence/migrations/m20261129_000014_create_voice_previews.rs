//! Voice previews in the database, so a preview made through one instance
//! can be reopened and played through any other.
use super::schema::{big, create, drop, id_col, index, int, string, table, text};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum VoicePreviews {
    Table,
    Id,
    Token,
    Draft,
    DurationMs,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let previews = table(
            VoicePreviews::Table,
            [
                id_col(VoicePreviews::Id),
                string(VoicePreviews::Token, 64),
                text(VoicePreviews::Draft),
                int(VoicePreviews::DurationMs),
                big(VoicePreviews::CreatedAt),
            ],
        );
        create(
            manager,
            vec![previews],
            vec![
                index(
                    "ux_voice_previews_token",
                    VoicePreviews::Table,
                    [VoicePreviews::Token],
                )
                .unique()
                .to_owned(),
                index(
                    "ix_voice_previews_created",
                    VoicePreviews::Table,
                    [VoicePreviews::CreatedAt],
                ),
            ],
        )
        .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop(manager, vec![VoicePreviews::Table.into_iden()]).await
    }
}
