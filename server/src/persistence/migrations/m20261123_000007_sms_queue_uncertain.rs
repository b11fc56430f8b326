//! `sms_queue.attempted_at` and `sms_queue.lookups`: a message handed to the
//! provider without a clear answer is `uncertain`; it is reconciled by
//! looking it up at the provider, which needs the time of the attempt (the
//! grace period before "not found" means "not sent") and how many lookups
//! failed (give up after a few).
use super::schema::{add_columns, drop_columns, int};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum SmsQueue {
    Table,
    AttemptedAt,
    Lookups,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let columns = [
            ColumnDef::new(SmsQueue::AttemptedAt)
                .big_integer()
                .null()
                .to_owned(),
            int(SmsQueue::Lookups).default(0).to_owned(),
        ];
        add_columns(manager, SmsQueue::Table, columns).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let columns = [SmsQueue::Lookups, SmsQueue::AttemptedAt];
        drop_columns(manager, SmsQueue::Table, columns).await
    }
}
