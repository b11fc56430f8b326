//! `dev_outbox.message_id`: the `Message-ID` of a kept e-mail. A mail sent
//! by a job carries one derived from the job, so a job run again after its
//! worker died keeps no second copy, as a receiving mail system drops a
//! repeated `Message-ID`. Unique where set.
use super::schema::{add_columns, drop_columns, index, nullable, string};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum DevOutbox {
    Table,
    MessageId,
}

const INDEX: &str = "idx_dev_outbox_message_id";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let message_id = nullable(string(DevOutbox::MessageId, 200));
        add_columns(manager, DevOutbox::Table, [message_id]).await?;
        manager
            .create_index(
                index(INDEX, DevOutbox::Table, [DevOutbox::MessageId])
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(Index::drop().name(INDEX).table(DevOutbox::Table).to_owned())
            .await?;
        drop_columns(manager, DevOutbox::Table, [DevOutbox::MessageId]).await
    }
}
