//! Checkout and subscriptions: orders, subscriptions, charges, provider
//! events, and the built-in sandbox provider's own ledger.
use super::schema::{big, create, drop, flag, id_col, index, int, nullable, string, table};
use sea_orm_migration::prelude::*;

mod orders;
mod sandbox;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Subscriptions {
    Table,
    Id,
    UserId,
    OrderId,
    PlanId,
    Provider,
    Method,
    ProviderRef,
    PaymentToken,
    Status,
    CancelAtPeriodEnd,
    PeriodIndex,
    CurrentPeriodStart,
    CurrentPeriodEnd,
    NextAttemptAt,
    PriceMinor,
    Currency,
    CurrencyExponent,
    Cycle,
    CreatedAt,
    UpdatedAt,
    CanceledAt,
    LastEventAt,
}

#[derive(DeriveIden)]
enum Charges {
    Table,
    Id,
    UserId,
    SubscriptionId,
    OrderId,
    PeriodIndex,
    Attempts,
    Kind,
    AmountMinor,
    Currency,
    CurrencyExponent,
    Status,
    IdempotencyKey,
    ProviderRef,
    ReceiptNo,
    RefundedMinor,
    CreatedAt,
    UpdatedAt,
    SettledAt,
    RefundedAt,
}

#[derive(DeriveIden)]
enum PaymentEvents {
    Table,
    Id,
    Provider,
    EventId,
    Kind,
    Outcome,
    OccurredAt,
    ReceivedAt,
}

fn subscriptions() -> TableCreateStatement {
    table(
        Subscriptions::Table,
        [
            id_col(Subscriptions::Id),
            big(Subscriptions::UserId),
            big(Subscriptions::OrderId),
            big(Subscriptions::PlanId),
            string(Subscriptions::Provider, 16),
            string(Subscriptions::Method, 16),
            nullable(string(Subscriptions::ProviderRef, 128)),
            nullable(string(Subscriptions::PaymentToken, 256)),
            string(Subscriptions::Status, 16),
            flag(Subscriptions::CancelAtPeriodEnd),
            int(Subscriptions::PeriodIndex),
            big(Subscriptions::CurrentPeriodStart),
            big(Subscriptions::CurrentPeriodEnd),
            nullable(big(Subscriptions::NextAttemptAt)),
            big(Subscriptions::PriceMinor),
            string(Subscriptions::Currency, 3),
            int(Subscriptions::CurrencyExponent),
            string(Subscriptions::Cycle, 8),
            big(Subscriptions::CreatedAt),
            big(Subscriptions::UpdatedAt),
            nullable(big(Subscriptions::CanceledAt)),
            big(Subscriptions::LastEventAt),
        ],
    )
}

fn charges() -> TableCreateStatement {
    table(
        Charges::Table,
        [
            id_col(Charges::Id),
            big(Charges::UserId),
            big(Charges::SubscriptionId),
            big(Charges::OrderId),
            int(Charges::PeriodIndex),
            int(Charges::Attempts),
            string(Charges::Kind, 16),
            big(Charges::AmountMinor),
            string(Charges::Currency, 3),
            int(Charges::CurrencyExponent),
            string(Charges::Status, 24),
            string(Charges::IdempotencyKey, 96),
            nullable(string(Charges::ProviderRef, 128)),
            string(Charges::ReceiptNo, 32),
            big(Charges::RefundedMinor),
            big(Charges::CreatedAt),
            big(Charges::UpdatedAt),
            nullable(big(Charges::SettledAt)),
            nullable(big(Charges::RefundedAt)),
        ],
    )
}

fn payment_events() -> TableCreateStatement {
    table(
        PaymentEvents::Table,
        [
            id_col(PaymentEvents::Id),
            string(PaymentEvents::Provider, 16),
            string(PaymentEvents::EventId, 191),
            string(PaymentEvents::Kind, 48),
            string(PaymentEvents::Outcome, 24),
            big(PaymentEvents::OccurredAt),
            big(PaymentEvents::ReceivedAt),
        ],
    )
}

/// The subscription indexes: by user, by due period end, by the provider's
/// reference.
fn subscription_indexes() -> Vec<IndexCreateStatement> {
    vec![
        index(
            "ix_subscriptions_user",
            Subscriptions::Table,
            [Subscriptions::UserId],
        )
        .to_owned(),
        index(
            "ix_subscriptions_due",
            Subscriptions::Table,
            [Subscriptions::Status, Subscriptions::CurrentPeriodEnd],
        )
        .to_owned(),
        index(
            "ix_subscriptions_provider_ref",
            Subscriptions::Table,
            [Subscriptions::Provider, Subscriptions::ProviderRef],
        )
        .to_owned(),
    ]
}

/// The charge indexes: one charge per period and per idempotency key, found
/// by user and by the provider's reference.
fn charge_indexes() -> Vec<IndexCreateStatement> {
    vec![
        index(
            "ux_charges_period",
            Charges::Table,
            [Charges::SubscriptionId, Charges::PeriodIndex],
        )
        .unique()
        .to_owned(),
        index(
            "ux_charges_idempotency",
            Charges::Table,
            [Charges::IdempotencyKey],
        )
        .unique()
        .to_owned(),
        index("ix_charges_user", Charges::Table, [Charges::UserId]).to_owned(),
        index(
            "ix_charges_provider_ref",
            Charges::Table,
            [Charges::ProviderRef],
        )
        .to_owned(),
    ]
}

/// A provider's event is recorded once.
fn payment_event_indexes() -> Vec<IndexCreateStatement> {
    vec![index(
        "ux_payment_events_id",
        PaymentEvents::Table,
        [PaymentEvents::Provider, PaymentEvents::EventId],
    )
    .unique()
    .to_owned()]
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let mut tables = vec![
            orders::create_table(),
            subscriptions(),
            charges(),
            payment_events(),
        ];
        tables.extend(sandbox::tables());
        let indexes = [
            orders::indexes(),
            subscription_indexes(),
            charge_indexes(),
            payment_event_indexes(),
            sandbox::indexes(),
        ]
        .into_iter()
        .flatten()
        .collect();
        create(manager, tables, indexes).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let mut tables = sandbox::tables_to_drop();
        tables.extend([
            PaymentEvents::Table.into_iden(),
            Charges::Table.into_iden(),
            Subscriptions::Table.into_iden(),
            orders::table_to_drop(),
        ]);
        drop(manager, tables).await
    }
}
