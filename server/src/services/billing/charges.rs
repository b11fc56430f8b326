//! Charge rows: one per subscription period (`(subscription_id,
//! period_index)` is unique), so a period can be paid at most once however
//! many workers race for it. Each attempt claims the row with a conditional
//! update and carries its own idempotency key to the provider. Keys are
//! letters, digits and `_` only (`renew_<sub>_<period>_<attempt>`): the
//! strictest provider (PayerMax) accepts nothing else.
use crate::payments::Money;
use crate::persistence::entities::{charge, order, subscription};
use crate::services::ServiceError;
use sea_orm::sea_query::{Expr, OnConflict, SimpleExpr};
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

/// What the provider reported about the first payment.
#[derive(Clone, Debug)]
pub struct FirstPayment {
    pub provider_payment_ref: String,
    pub subscription_ref: Option<String>,
    pub payment_token: Option<String>,
    /// Before tax.
    pub amount: Money,
    /// The tax collected with it.
    pub tax_minor: i64,
    /// The provider's fingerprint of the card, payer or wallet, when it reports one.
    pub instrument: Option<String>,
    /// The country of what paid, when the provider reports it.
    pub instrument_country: Option<String>,
}

/// Opened for a period, not tried yet.
pub const NEW: &str = "new";
/// A worker is charging it now.
pub const PROCESSING: &str = "processing";
/// Declined; retried on the next settlement day under a new key.
pub const FAILED: &str = "failed";
/// The provider is deciding; its webhook settles it.
pub const PENDING: &str = "pending";
/// The provider bills this renewal itself; its webhook settles it.
pub const AWAITING_PROVIDER: &str = "awaiting_provider";
/// The answer was lost: reconciled by a lookup, never charged again blindly.
pub const UNCERTAIN: &str = "uncertain";
/// Paid by the member through a pay link: waits for them (their wallet
/// cannot be charged without them), never charged by the renewal job.
pub const AWAITING_PAYER: &str = "awaiting_payer";
pub const SUCCEEDED: &str = "succeeded";
/// A refund call is in flight (claimed once).
pub const REFUNDING: &str = "refunding";
/// The refund's answer was lost: looked up at the provider, never repeated
/// blindly.
pub const REFUND_UNCERTAIN: &str = "refund_uncertain";
/// The provider accepted the refund and has not settled it: access and
/// the subscription stay until it says refunded.
pub const REFUND_PENDING: &str = "refund_pending";
pub const REFUNDED: &str = "refunded";
/// The provider rejected (or reversed) the refund: the money stayed.
pub const REFUND_REJECTED: &str = "refund_rejected";

/// A refund asked for and not settled either way.
pub const REFUND_OPEN: [&str; 3] = [REFUNDING, REFUND_UNCERTAIN, REFUND_PENDING];

/// What the member and support see of a stored status: an open refund is
/// "refund pending"; a paid period in the works or declined is "failed".
pub fn visible(status: &str) -> &'static str {
    match status {
        SUCCEEDED => SUCCEEDED,
        REFUNDED => REFUNDED,
        REFUND_REJECTED => REFUND_REJECTED,
        s if REFUND_OPEN.contains(&s) => REFUND_PENDING,
        _ => FAILED,
    }
}

/// The receipt number of a period's charge.
pub fn receipt_no(order_no: &str, period: i32) -> String {
    format!("{order_no}-{period}")
}

/// Records the first payment (period 0) as succeeded.
///
/// # Errors
/// A database error.
pub async fn record_first(
    db: &impl ConnectionTrait,
    sub: &subscription::Model,
    order: &order::Model,
    paid: &FirstPayment,
    now: i64,
) -> Result<charge::Model, ServiceError> {
    let provider_ref = &paid.provider_payment_ref;
    let mut row = blank(sub, 0, &order.order_no, now);
    row.kind = Set("first".to_owned());
    row.amount_minor = Set(order.first_amount_minor);
    row.tax_minor = Set(paid.tax_minor);
    row.status = Set(SUCCEEDED.to_owned());
    row.attempts = Set(1);
    row.idempotency_key = Set(format!("first_{}", order.order_no));
    row.provider_ref = Set(Some(provider_ref.to_owned()));
    row.settled_at = Set(Some(now));
    Ok(charge::Entity::insert(row).exec_with_returning(db).await?)
}

fn blank(sub: &subscription::Model, period: i32, order_no: &str, now: i64) -> charge::ActiveModel {
    charge::ActiveModel {
        user_id: Set(sub.user_id),
        subscription_id: Set(sub.id),
        order_id: Set(sub.order_id),
        period_index: Set(period),
        attempts: Set(0),
        kind: Set("renewal".to_owned()),
        amount_minor: Set(sub.price_minor),
        currency: Set(sub.currency.clone()),
        currency_exponent: Set(sub.currency_exponent),
        status: Set(NEW.to_owned()),
        idempotency_key: Set(format!("renew_{}_{period}_0", sub.id)),
        provider_ref: Set(None),
        receipt_no: Set(receipt_no(order_no, period)),
        refunded_minor: Set(0),
        created_at: Set(now),
        updated_at: Set(now),
        settled_at: Set(None),
        refunded_at: Set(None),
        ..Default::default()
    }
}

/// The charge row of `period`, opened if it does not exist yet (racing
/// workers all get the same row).
///
/// # Errors
/// A database error.
pub async fn open_period(
    db: &impl ConnectionTrait,
    sub: &subscription::Model,
    period: i32,
    order_no: &str,
    now: i64,
) -> Result<charge::Model, ServiceError> {
    charge::Entity::insert(blank(sub, period, order_no, now))
        // No conflict target: a second worker's insert of the same period can
        // collide on the idempotency key's index first (PostgreSQL), and any
        // collision means the row is already there.
        .on_conflict(OnConflict::new().do_nothing().to_owned())
        .exec_without_returning(db)
        .await?;
    charge::Entity::find()
        .filter(charge::Column::SubscriptionId.eq(sub.id))
        .filter(charge::Column::PeriodIndex.eq(period))
        .one(db)
        .await?
        .ok_or(ServiceError::NotFound)
}

/// Claims the next attempt at `row` for this worker: only one worker wins
/// each attempt (the update requires the attempt count it saw). Returns the
/// attempt's idempotency key.
///
/// # Errors
/// A database error.
pub async fn claim_attempt(
    db: &impl ConnectionTrait,
    row: &charge::Model,
    now: i64,
) -> Result<Option<String>, ServiceError> {
    claim_attempt_from(db, row, &[NEW, FAILED], now).await
}

/// [`claim_attempt`] from the statuses `from`.
///
/// # Errors
/// A database error.
pub async fn claim_attempt_from(
    db: &impl ConnectionTrait,
    row: &charge::Model,
    from: &[&str],
    now: i64,
) -> Result<Option<String>, ServiceError> {
    let attempt = row.attempts + 1;
    let key = format!(
        "renew_{}_{}_{attempt}",
        row.subscription_id, row.period_index
    );
    let won = charge::Entity::update_many()
        .col_expr(charge::Column::Status, Expr::value(PROCESSING))
        .col_expr(charge::Column::Attempts, Expr::value(attempt))
        .col_expr(charge::Column::IdempotencyKey, Expr::value(key.clone()))
        .col_expr(charge::Column::UpdatedAt, Expr::value(now))
        .filter(charge::Column::Id.eq(row.id))
        .filter(charge::Column::Status.is_in(from.iter().copied()))
        .filter(charge::Column::Attempts.eq(row.attempts))
        .exec(db)
        .await?;
    Ok((won.rows_affected == 1).then_some(key))
}

/// Moves charge `id` from one of `from` to `to` (with extra columns);
/// returns whether it moved.
///
/// # Errors
/// A database error.
pub async fn set_status(
    db: &impl ConnectionTrait,
    id: i64,
    from: &[&str],
    to: &str,
    extra: Vec<(charge::Column, SimpleExpr)>,
    now: i64,
) -> Result<bool, ServiceError> {
    let mut update = charge::Entity::update_many()
        .col_expr(charge::Column::Status, Expr::value(to))
        .col_expr(charge::Column::UpdatedAt, Expr::value(now))
        .filter(charge::Column::Id.eq(id))
        .filter(charge::Column::Status.is_in(from.iter().copied()));
    for (column, value) in extra {
        update = update.col_expr(column, value);
    }
    Ok(update.exec(db).await?.rows_affected == 1)
}

/// The charge a provider names by its payment id.
///
/// # Errors
/// A database error.
pub async fn by_provider_ref(
    db: &impl ConnectionTrait,
    provider_ref: &str,
) -> Result<Option<charge::Model>, ServiceError> {
    Ok(charge::Entity::find()
        .filter(charge::Column::ProviderRef.eq(provider_ref))
        .one(db)
        .await?)
}

/// The charge of one of our idempotency keys.
///
/// # Errors
/// A database error.
pub async fn by_key(
    db: &impl ConnectionTrait,
    key: &str,
) -> Result<Option<charge::Model>, ServiceError> {
    Ok(charge::Entity::find()
        .filter(charge::Column::IdempotencyKey.eq(key))
        .one(db)
        .await?)
}

/// Whether `reference` is one of our renewal keys (`renew_…`), not an
/// order number (`CT…`): a pay-link payment is named by its key.
pub fn is_renewal_key(reference: &str) -> bool {
    reference.starts_with("renew_")
}

/// The charge a renewal key was made for, whichever attempt it was (a
/// payment made under an older attempt's key is still that period's).
///
/// # Errors
/// A database error.
pub async fn by_any_attempt_key(
    db: &impl ConnectionTrait,
    key: &str,
) -> Result<Option<charge::Model>, ServiceError> {
    if let Some(row) = by_key(db, key).await? {
        return Ok(Some(row));
    }
    let mut parts = key.strip_prefix("renew_").unwrap_or_default().split('_');
    let sub = parts.next().and_then(|v| v.parse::<i64>().ok());
    let period = parts.next().and_then(|v| v.parse::<i32>().ok());
    let (Some(sub), Some(period)) = (sub, period) else {
        return Ok(None);
    };
    Ok(charge::Entity::find()
        .filter(charge::Column::SubscriptionId.eq(sub))
        .filter(charge::Column::PeriodIndex.eq(period))
        .one(db)
        .await?)
}
