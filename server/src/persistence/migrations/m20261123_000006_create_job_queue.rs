//! `job_queue`: background work a use case hands over inside its own
//! transaction (e-mails now; renewals and calls later). A worker claims a
//! job with a conditional update, so each runs once across instances.
#![expect(elided_lifetimes_in_paths, reason = "the signature is dictated by sea-orm-migration's async_trait")]
use super::schema::id_col;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum JobQueue {
    Table,
    Id,
    Kind,
    Payload,
    Status,
    Attempts,
    RunAt,
    LastError,
    CreatedAt,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(JobQueue::Table)
                    .col(id_col(JobQueue::Id))
                    .col(ColumnDef::new(JobQueue::Kind).string_len(32).not_null())
                    .col(ColumnDef::new(JobQueue::Payload).text().not_null())
                    .col(ColumnDef::new(JobQueue::Status).string_len(16).not_null())
                    .col(ColumnDef::new(JobQueue::Attempts).integer().not_null())
                    .col(ColumnDef::new(JobQueue::RunAt).big_integer().not_null())
                    .col(ColumnDef::new(JobQueue::LastError).string_len(255).null())
                    .col(ColumnDef::new(JobQueue::CreatedAt).big_integer().not_null())
                    .col(ColumnDef::new(JobQueue::UpdatedAt).big_integer().not_null())
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_job_queue_status_run_at")
                    .table(JobQueue::Table)
                    .col(JobQueue::Status)
                    .col(JobQueue::RunAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(JobQueue::Table).to_owned()).await
    }
}
