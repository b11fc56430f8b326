//! Checkout orders: what a visitor is buying, from which provider, and the
//! claim that turns a paid order into an account.
use super::super::schema::{big, id_col, index, int, nullable, string, table, text};
use sea_orm_migration::prelude::*;

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

/// The orders table.
pub(super) fn create_table() -> TableCreateStatement {
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

/// The order indexes: one order per number and per idempotency key, found
/// by the provider's reference.
pub(super) fn indexes() -> Vec<IndexCreateStatement> {
    vec![
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
    ]
}

/// The orders table, to drop.
pub(super) fn table_to_drop() -> DynIden {
    Orders::Table.into_iden()
}
