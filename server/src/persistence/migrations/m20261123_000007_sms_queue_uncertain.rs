//! `sms_queue.attempted_at` and `sms_queue.lookups`: a message handed to the
//! provider without a clear answer is `uncertain`; it is reconciled by
//! looking it up at the provider, which needs the time of the attempt (the
//! grace period before "not found" means "not sent") and how many lookups
//! failed (give up after a few).
#![expect(
    elided_lifetimes_in_paths,
    reason = "the signature is dictated by sea-orm-migration's async_trait"
)]
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
        // One column per statement: SQLite alters one thing at a time.
        manager
            .alter_table(
                Table::alter()
                    .table(SmsQueue::Table)
                    .add_column(ColumnDef::new(SmsQueue::AttemptedAt).big_integer().null())
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(SmsQueue::Table)
                    .add_column(
                        ColumnDef::new(SmsQueue::Lookups)
                            .integer()
                            .not_null()
                            .default(0),
                    )
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(SmsQueue::Table)
                    .drop_column(SmsQueue::Lookups)
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(SmsQueue::Table)
                    .drop_column(SmsQueue::AttemptedAt)
                    .to_owned(),
            )
            .await
    }
}
