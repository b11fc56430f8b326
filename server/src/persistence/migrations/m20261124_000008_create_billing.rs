//! Checkout and subscriptions: orders, subscriptions, charges, provider
//! events, and the built-in sandbox provider's own ledger.
#![expect(
    elided_lifetimes_in_paths,
    reason = "the signature is dictated by sea-orm-migration's async_trait"
)]
use super::schema::{big, create, drop, flag, id_col, index, int, nullable, string, table, text};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Orders {
    Table,
    Id,
    OrderNo,
    IdempotencyKey,
    Email,
    PlanId,
    Locale,
    Country,
    Method,
    Provider,
    FirstAmountMinor,
    RenewalAmountMinor,
    Currency,
    CurrencyExponent,
    Status,
    ProviderRef,
    RedirectUrl,
    ClaimHash,
    ClaimedAt,
    UserId,
    FailReason,
    ClientKey,
    CreatedAt,
    UpdatedAt,
    LastEventAt,
}

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

#[derive(DeriveIden)]
enum SandboxPayments {
    Table,
    Id,
    Reference,
    Kind,
    AmountMinor,
    Currency,
    CurrencyExponent,
    Status,
    Token,
    Behaviour,
    NotifyUrl,
    Locale,
    CreatedAt,
}

#[derive(DeriveIden)]
enum SandboxWebhooks {
    Table,
    Id,
    Body,
    NotifyUrl,
    DeliverAt,
    DeliveredAt,
    Attempts,
}

fn orders() -> TableCreateStatement {
    table(
        Orders::Table,
        [
            id_col(Orders::Id),
            string(Orders::OrderNo, 32),
            string(Orders::IdempotencyKey, 64),
            string(Orders::Email, 254),
            big(Orders::PlanId),
            string(Orders::Locale, 8),
            string(Orders::Country, 2),
            string(Orders::Method, 16),
            string(Orders::Provider, 16),
            big(Orders::FirstAmountMinor),
            big(Orders::RenewalAmountMinor),
            string(Orders::Currency, 3),
            int(Orders::CurrencyExponent),
            string(Orders::Status, 16),
            nullable(string(Orders::ProviderRef, 128)),
            nullable(text(Orders::RedirectUrl)),
            string(Orders::ClaimHash, 64),
            nullable(big(Orders::ClaimedAt)),
            nullable(big(Orders::UserId)),
            nullable(string(Orders::FailReason, 32)),
            string(Orders::ClientKey, 64),
            big(Orders::CreatedAt),
            big(Orders::UpdatedAt),
            big(Orders::LastEventAt),
        ],
    )
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

fn sandbox_payments() -> TableCreateStatement {
    table(
        SandboxPayments::Table,
        [
            id_col(SandboxPayments::Id),
            string(SandboxPayments::Reference, 96),
            string(SandboxPayments::Kind, 16),
            big(SandboxPayments::AmountMinor),
            string(SandboxPayments::Currency, 3),
            int(SandboxPayments::CurrencyExponent),
            string(SandboxPayments::Status, 24),
            nullable(string(SandboxPayments::Token, 64)),
            nullable(string(SandboxPayments::Behaviour, 32)),
            text(SandboxPayments::NotifyUrl),
            string(SandboxPayments::Locale, 8),
            big(SandboxPayments::CreatedAt),
        ],
    )
}

fn sandbox_webhooks() -> TableCreateStatement {
    table(
        SandboxWebhooks::Table,
        [
            id_col(SandboxWebhooks::Id),
            text(SandboxWebhooks::Body),
            text(SandboxWebhooks::NotifyUrl),
            big(SandboxWebhooks::DeliverAt),
            nullable(big(SandboxWebhooks::DeliveredAt)),
            int(SandboxWebhooks::Attempts),
        ],
    )
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let tables = vec![
            orders(),
            subscriptions(),
            charges(),
            payment_events(),
            sandbox_payments(),
            sandbox_webhooks(),
        ];
        let indexes = vec![
            index("ux_orders_order_no", Orders::Table, [Orders::OrderNo])
                .unique()
                .to_owned(),
            index(
                "ux_orders_idempotency",
                Orders::Table,
                [Orders::IdempotencyKey],
            )
            .unique()
            .to_owned(),
            index(
                "ix_orders_provider_ref",
                Orders::Table,
                [Orders::Provider, Orders::ProviderRef],
            )
            .to_owned(),
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
            index(
                "ux_payment_events_id",
                PaymentEvents::Table,
                [PaymentEvents::Provider, PaymentEvents::EventId],
            )
            .unique()
            .to_owned(),
            index(
                "ux_sandbox_payments_reference",
                SandboxPayments::Table,
                [SandboxPayments::Reference],
            )
            .unique()
            .to_owned(),
            index(
                "ix_sandbox_webhooks_due",
                SandboxWebhooks::Table,
                [SandboxWebhooks::DeliveredAt, SandboxWebhooks::DeliverAt],
            )
            .to_owned(),
        ];
        create(manager, tables, indexes).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop(
            manager,
            vec![
                SandboxWebhooks::Table.into_iden(),
                SandboxPayments::Table.into_iden(),
                PaymentEvents::Table.into_iden(),
                Charges::Table.into_iden(),
                Subscriptions::Table.into_iden(),
                Orders::Table.into_iden(),
            ],
        )
        .await
    }
}
