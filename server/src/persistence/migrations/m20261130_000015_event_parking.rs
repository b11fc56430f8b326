//! Parked provider events and transient renewal failures.
//!
//! `payment_events.waits_for` and `payment_events.payload`: an event that
//! names something not stored yet (a renewal before its subscription, a
//! payment before its order) is kept with its meaning, waiting for that
//! thing, and applied once when it appears. `charges.transient_failures`:
//! how many attempts at a period failed without the provider deciding
//! (network, 5xx, rate limit), which sets the backoff and its cap.
use super::schema::{add_columns, drop_columns, index, int, nullable, string, text};
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
        let events = [
            nullable(string(PaymentEvents::WaitsFor, 200)),
            nullable(text(PaymentEvents::Payload)),
        ];
        add_columns(manager, PaymentEvents::Table, events).await?;
        let charges = [int(Charges::TransientFailures).default(0).to_owned()];
        add_columns(manager, Charges::Table, charges).await?;
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
        let events = [PaymentEvents::WaitsFor, PaymentEvents::Payload];
        drop_columns(manager, PaymentEvents::Table, events).await?;
        drop_columns(manager, Charges::Table, [Charges::TransientFailures]).await
    }
}
