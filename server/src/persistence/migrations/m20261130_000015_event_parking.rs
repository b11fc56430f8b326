//! Parked provider events and transient renewal failures.
//!
//! `payment_events.waits_for` and `payment_events.payload`: an event that
//! names something not stored yet (a renewal before its subscription, a
//! payment before its order) is kept with its meaning, waiting for that
//! thing, and applied once when it appears. `charges.transient_failures`:
//! how many attempts at a period failed without the provider deciding
//! (network, 5xx, rate limit), which sets the backoff and its cap.
#![expect(
    elided_lifetimes_in_paths,
    reason = "the signature is dictated by sea-orm-migration's async_trait"
)]
use super::schema::index;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum PaymentEvents {
    Table,
    WaitsFor,
    Payload,
}

#[derive(DeriveIden)]
enum Charges {
    Table,
    TransientFailures,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One column per statement: SQLite alters one thing at a time.
        let columns = [
            (
                PaymentEvents::Table.into_iden(),
                ColumnDef::new(PaymentEvents::WaitsFor)
                    .string_len(200)
                    .null()
                    .to_owned(),
            ),
            (
                PaymentEvents::Table.into_iden(),
                ColumnDef::new(PaymentEvents::Payload)
                    .text()
                    .null()
                    .to_owned(),
            ),
            (
                Charges::Table.into_iden(),
                ColumnDef::new(Charges::TransientFailures)
                    .integer()
                    .not_null()
                    .default(0)
                    .to_owned(),
            ),
        ];
        for (table, mut column) in columns {
            manager
                .alter_table(
                    Table::alter()
                        .table(table)
                        .add_column(&mut column)
                        .to_owned(),
                )
                .await?;
        }
        manager
            .create_index(index(
                "idx_payment_events_waits_for",
                PaymentEvents::Table,
                [PaymentEvents::WaitsFor],
            ))
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(
                Index::drop()
                    .name("idx_payment_events_waits_for")
                    .table(PaymentEvents::Table)
                    .to_owned(),
            )
            .await?;
        let columns = [
            (
                PaymentEvents::Table.into_iden(),
                PaymentEvents::WaitsFor.into_iden(),
            ),
            (
                PaymentEvents::Table.into_iden(),
                PaymentEvents::Payload.into_iden(),
            ),
            (
                Charges::Table.into_iden(),
                Charges::TransientFailures.into_iden(),
            ),
        ];
        for (table, column) in columns {
            manager
                .alter_table(Table::alter().table(table).drop_column(column).to_owned())
                .await?;
        }
        Ok(())
    }
}
