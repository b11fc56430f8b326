//! `dev_outbox`: messages the outbox transport "sent" instead of delivering
//! them (local runs and tests), read by developers at `/dev/outbox` and by
//! browser tests at `/dev/outbox.json`. `channel` is `email` now, `sms` later.
#![expect(elided_lifetimes_in_paths, reason = "the signature is dictated by sea-orm-migration's async_trait")]
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
        manager
            .create_table(
                Table::create()
                    .table(DevOutbox::Table)
                    .col(ColumnDef::new(DevOutbox::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(DevOutbox::Channel).string_len(8).not_null())
                    // RFC 5321 caps a path at 256 octets; 320 is the usual column size.
                    .col(ColumnDef::new(DevOutbox::Recipient).string_len(320).not_null())
                    .col(ColumnDef::new(DevOutbox::Subject).string_len(255).null())
                    .col(ColumnDef::new(DevOutbox::BodyText).text().not_null())
                    .col(ColumnDef::new(DevOutbox::BodyHtml).text().null())
                    .col(ColumnDef::new(DevOutbox::CreatedAt).big_integer().not_null())
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_dev_outbox_recipient_created_at")
                    .table(DevOutbox::Table)
                    .col(DevOutbox::Recipient)
                    .col(DevOutbox::CreatedAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(DevOutbox::Table).to_owned()).await
    }
}
