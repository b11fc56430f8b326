//! The built-in sandbox provider's own ledger: its payments and the
//! webhooks it still has to deliver.
use super::super::schema::{big, id_col, index, int, nullable, string, table, text};
use sea_orm_migration::prelude::*;

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

/// The sandbox's tables, in creation order.
pub(super) fn tables() -> Vec<TableCreateStatement> {
    vec![sandbox_payments(), sandbox_webhooks()]
}

/// A payment per reference; webhooks found by when they are due.
pub(super) fn indexes() -> Vec<IndexCreateStatement> {
    vec![
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
    ]
}

/// The sandbox's tables, in drop order.
pub(super) fn tables_to_drop() -> Vec<DynIden> {
    vec![
        SandboxWebhooks::Table.into_iden(),
        SandboxPayments::Table.into_iden(),
    ]
}
