//! `dev_outbox`: messages the outbox transport "sent" instead of delivering
//! them (local runs and tests), read by developers at `/dev/outbox` and by
//! browser tests at `/dev/outbox.json`. `channel` is `email` or `sms`.
use super::schema::{big, create, drop, id_col, index, nullable, string, table, text};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum DevOutbox {
    Table,
    Id,
    Channel,
    Recipient,
    Subject,
    BodyText,
    BodyHtml,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use DevOutbox as O;
        let outbox = table(
            O::Table,
            [
                id_col(O::Id),
                string(O::Channel, 8),
                // RFC 5321 caps a path at 256 octets; 320 is the usual column size.
                string(O::Recipient, 320),
                nullable(string(O::Subject, 255)),
                text(O::BodyText),
                nullable(text(O::BodyHtml)),
                big(O::CreatedAt),
            ],
        );
        create(
            manager,
            vec![outbox],
            vec![index(
                "ix_dev_outbox_recipient_created_at",
                O::Table,
                [O::Recipient, O::CreatedAt],
            )],
        )
        .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop(manager, vec![DevOutbox::Table.into_iden()]).await
    }
}
