//! `job_queue`: background work a use case hands over inside its own
//! transaction (e-mails now; renewals and calls later). A worker claims a
//! job with a conditional update, so each runs once across instances.
use super::schema::{big, create, drop, id_col, index, int, nullable, string, table, text};
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
        use JobQueue as J;
        let jobs = table(
            J::Table,
            [
                id_col(J::Id),
                string(J::Kind, 32),
                text(J::Payload),
                string(J::Status, 16),
                int(J::Attempts),
                big(J::RunAt),
                nullable(string(J::LastError, 255)),
                big(J::CreatedAt),
                big(J::UpdatedAt),
            ],
        );
        create(
            manager,
            vec![jobs],
            vec![index(
                "ix_job_queue_status_run_at",
                J::Table,
                [J::Status, J::RunAt],
            )],
        )
        .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop(manager, vec![JobQueue::Table.into_iden()]).await
    }
}
