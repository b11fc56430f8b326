//! Order rows: lookups and the order's own small state machine
//! (created → open → pending → paid | failed). Paid is final, so a late
//! "pending" or "failed" can never undo a "paid". Failed ends the checkout
//! but yields to money actually taken: a payment reported after a failure
//! (the payer's later successful try, or events delivered out of order)
//! still pays the order. A failed attempt at a checkout the provider keeps
//! open does not fail the order at all ([`attempt_failed`]).
use crate::payments::{CheckoutStart, PayerDevice};
use crate::persistence::entities::{order, price_plan};
use crate::services::ServiceError;
use crate::signing::random_hex;
use crate::tokens;
use app_core::account::payment_fields::PaymentFormInput;
use app_core::i18n::Key;
use app_core::model::billing::MethodChoice;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

pub use crate::persistence::entities::order::{CREATED, FAILED, OPEN, PAID, PENDING};

/// `CT` and 80 random bits in upper-case hex: unguessable, so the number
/// itself is enough to read the order's status.
pub fn new_order_no() -> String {
    format!("CT{}", random_hex(10).to_uppercase())
}

/// The statuses an order may move to `to` from.
fn sources(to: &str) -> &'static [&'static str] {
    match to {
        OPEN => &[CREATED],
        PENDING => &[CREATED, OPEN],
        PAID => &[CREATED, OPEN, PENDING, FAILED],
        FAILED => &[CREATED, OPEN, PENDING],
        _ => &[],
    }
}

/// Moves order `id` to `to` if allowed; returns whether it moved.
///
/// # Errors
/// A database error.
pub async fn transition(
    db: &impl ConnectionTrait,
    id: i64,
    to: &str,
    extra: Vec<(order::Column, sea_orm::sea_query::SimpleExpr)>,
    now: i64,
) -> Result<bool, ServiceError> {
    let mut update = order::Entity::update_many()
        .col_expr(order::Column::Status, Expr::value(to))
        .col_expr(order::Column::UpdatedAt, Expr::value(now))
        .filter(order::Column::Id.eq(id))
        .filter(order::Column::Status.is_in(sources(to).iter().copied()));
    for (column, value) in extra {
        update = update.col_expr(column, value);
    }
    Ok(update.exec(db).await?.rows_affected == 1)
}

/// Records why one attempt at order `id`'s first payment failed, leaving
/// the order open for the payer's next try; returns whether the order was
/// still undecided.
///
/// # Errors
/// A database error.
pub async fn attempt_failed(
    db: &impl ConnectionTrait,
    id: i64,
    reason: &str,
    now: i64,
) -> Result<bool, ServiceError> {
    let result = order::Entity::update_many()
        .col_expr(order::Column::FailReason, Expr::value(reason))
        .col_expr(order::Column::UpdatedAt, Expr::value(now))
        .filter(order::Column::Id.eq(id))
        .filter(order::Column::Status.is_in([CREATED, OPEN, PENDING]))
        .exec(db)
        .await?;
    Ok(result.rows_affected == 1)
}

/// Records the provider's checkout on the order.
///
/// # Errors
/// A database error.
pub async fn opened(
    db: &impl ConnectionTrait,
    id: i64,
    start: &CheckoutStart,
    now: i64,
) -> Result<(), ServiceError> {
    let extra = vec![
        (
            order::Column::RedirectUrl,
            Expr::value(start.redirect_url.clone()),
        ),
        (
            order::Column::ProviderRef,
            Expr::value(start.provider_ref.clone()),
        ),
    ];
    transition(db, id, OPEN, extra, now).await?;
    Ok(())
}

/// Spends the one-time claim of order `id`; false when already spent.
///
/// # Errors
/// A database error.
pub async fn spend_claim(
    db: &impl ConnectionTrait,
    id: i64,
    now: i64,
) -> Result<bool, ServiceError> {
    let result = order::Entity::update_many()
        .col_expr(order::Column::ClaimedAt, Expr::value(now))
        .filter(order::Column::Id.eq(id))
        .filter(order::Column::ClaimedAt.is_null())
        .exec(db)
        .await?;
    Ok(result.rows_affected == 1)
}

/// # Errors
/// A database error.
pub async fn by_order_no(
    db: &impl ConnectionTrait,
    order_no: &str,
) -> Result<Option<order::Model>, ServiceError> {
    if order_no.len() > 32 {
        return Ok(None);
    }
    Ok(order::Entity::find()
        .filter(order::Column::OrderNo.eq(order_no))
        .one(db)
        .await?)
}

/// # Errors
/// A database error.
pub async fn by_idempotency_key(
    db: &impl ConnectionTrait,
    key: &str,
) -> Result<Option<order::Model>, ServiceError> {
    Ok(order::Entity::find()
        .filter(order::Column::IdempotencyKey.eq(key))
        .one(db)
        .await?)
}

/// A plan that is offered now (weight above 0).
///
/// # Errors
/// [`Key::ErrorPlanUnavailable`]; database errors.
pub async fn offered_plan(
    db: &impl ConnectionTrait,
    plan_id: i64,
) -> Result<price_plan::Model, ServiceError> {
    price_plan::Entity::find_by_id(plan_id)
        .filter(price_plan::Column::Weight.gt(0))
        .one(db)
        .await?
        .ok_or(ServiceError::Invalid(Key::ErrorPlanUnavailable))
}

/// Any plan, offered or not (renewals keep the plan they were sold).
///
/// # Errors
/// [`ServiceError::NotFound`]; database errors.
pub async fn plan(
    db: &impl ConnectionTrait,
    plan_id: i64,
) -> Result<price_plan::Model, ServiceError> {
    price_plan::Entity::find_by_id(plan_id)
        .one(db)
        .await?
        .ok_or(ServiceError::NotFound)
}

/// The payer's device recorded with `order` at checkout, when both its
/// address and browser were seen.
pub fn payer_device(order: &order::Model) -> Option<PayerDevice> {
    let ip = order.payer_ip.clone()?;
    let user_agent = order.payer_agent.clone()?;
    Some(PayerDevice { ip, user_agent })
}

/// 16 to 64 of `[A-Za-z0-9_-]` (a UUID fits).
pub fn valid_idempotency_key(key: &str) -> bool {
    (16..=64).contains(&key.len())
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The key an order is stored under: the client's key and everything the
/// order is made of (plan, method, e-mail, the method's fields, country).
/// Going back from the checkout and correcting the e-mail, plan or method
/// sends the same client key with other contents: a new order, never the
/// old one on the old e-mail. 64 hex characters, as the column holds.
pub fn submission_key(
    key: &str,
    plan_id: i64,
    method: MethodChoice,
    f: &PaymentFormInput,
    country: &str,
) -> String {
    let plan = plan_id.to_string();
    tokens::digest(&[
        "order-submission",
        key,
        &plan,
        method.as_str(),
        &f.email.trim().to_lowercase(),
        f.zip.trim(),
        f.name.trim(),
        f.document.trim(),
        f.phone.trim(),
        country,
    ])
}
