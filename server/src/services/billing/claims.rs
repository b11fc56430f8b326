//! After the checkout: where an order stands (in the payer's terms: what
//! was charged, when it renews, or why it failed), and the one-time claim
//! that lets the browser that placed a paid order into its new account,
//! optionally choosing the account's first password on the way.
use super::{money, orders};
use crate::persistence::entities::{order, subscription, user};
use crate::services::accounts::{secrets, users::NO_PASSWORD};
use crate::services::{Cx, ServiceError};
use crate::tokens;
use app_core::account::validation::{validate_password, FieldErrors};
use app_core::model::billing::{Decline, OrderStatus, PayOutcome};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, TransactionTrait};

/// Where an order stands (`GET /admin/order/status`). The order number is
/// 80 random bits, so it is its own capability.
///
/// # Errors
/// [`ServiceError::NotFound`]; database errors.
pub async fn order_status(cx: &Cx, order_no: &str) -> Result<OrderStatus, ServiceError> {
    let row = orders::by_order_no(&cx.db, order_no)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let outcome = match row.status.as_str() {
        orders::PAID => PayOutcome::Success,
        orders::PENDING => PayOutcome::Pending,
        orders::FAILED => PayOutcome::Fail,
        _ => PayOutcome::Processing,
    };
    // A failed attempt on a checkout that stays open keeps its reason too.
    let decline = (outcome != PayOutcome::Success)
        .then(|| row.fail_reason.as_deref().map(parse_decline))
        .flatten();
    let (renews_at, needs_password) = if outcome == PayOutcome::Success {
        paid_details(&cx.db, &row).await?
    } else {
        (None, false)
    };
    let amount = |minor| money::text(minor, &row.currency, row.currency_exponent);
    Ok(OrderStatus {
        decline,
        plan_id: row.plan_id,
        method: row.method.clone(),
        first_charge: amount(row.first_amount_minor),
        trial_days: row.trial_days,
        renewal_price: amount(row.renewal_amount_minor),
        renews_at,
        needs_password,
        order_no: row.order_no,
        email: row.email,
        outcome,
    })
}

/// A stored reason; one written before the classes existed reads as a
/// plain decline.
fn parse_decline(stored: &str) -> Decline {
    Decline::parse(stored).unwrap_or_default()
}

/// When the paid order's subscription next renews (none once it is set to
/// end), and whether its account still waits for a first password.
async fn paid_details(
    db: &impl ConnectionTrait,
    row: &order::Model,
) -> Result<(Option<i64>, bool), ServiceError> {
    let sub = subscription::Entity::find()
        .filter(subscription::Column::OrderId.eq(row.id))
        .one(db)
        .await?;
    let renews_at = sub
        .filter(|s| !s.cancel_at_period_end && s.status != "canceled")
        .map(|s| s.current_period_end);
    let needs_password = match row.user_id {
        Some(id) if row.claimed_at.is_none() => user::Entity::find_by_id(id)
            .one(db)
            .await?
            .is_some_and(|u| u.password_hash == NO_PASSWORD),
        _ => false,
    };
    Ok((renews_at, needs_password))
}

/// Spends the order's one-time claim: the account this paid order created,
/// for the browser that placed it. A claim works once, and never for an
/// order that paid into an account that already existed.
///
/// # Errors
/// [`ServiceError::NotFound`] for an unknown, unpaid or spent claim.
pub async fn claim(cx: &Cx, claim_code: &str) -> Result<i64, ServiceError> {
    let txn = cx.db.begin().await?;
    let user_id = spend(&txn, cx, claim_code).await?;
    txn.commit().await?;
    Ok(user_id)
}

/// [`claim`], setting the new account's first password with it: the
/// claim proves this browser placed the order, and an account that has a
/// password already keeps it (the claim is then not spent either).
///
/// # Errors
/// [`ServiceError::Fields`] for a malformed password;
/// [`ServiceError::NotFound`] as [`claim`], or when the account has a
/// password; [`ServiceError::Busy`] when no hashing slot is free.
pub async fn claim_with_password(
    cx: &Cx,
    claim_code: &str,
    password: &str,
) -> Result<i64, ServiceError> {
    let mut errors = FieldErrors::default();
    if validate_password(password, &mut errors).is_some() {
        return Err(ServiceError::Fields(errors));
    }
    let hash = secrets::hash_password(password.to_owned(), cx.config.hash_wait()).await?;
    let txn = cx.db.begin().await?;
    let user_id = spend(&txn, cx, claim_code).await?;
    let set = user::Entity::update_many()
        .col_expr(user::Column::PasswordHash, Expr::value(hash))
        .col_expr(user::Column::UpdatedAt, Expr::value(cx.now))
        .filter(user::Column::Id.eq(user_id))
        .filter(user::Column::PasswordHash.eq(NO_PASSWORD))
        .exec(&txn)
        .await?;
    if set.rows_affected != 1 {
        return Err(ServiceError::NotFound);
    }
    txn.commit().await?;
    Ok(user_id)
}

async fn spend(db: &impl ConnectionTrait, cx: &Cx, claim_code: &str) -> Result<i64, ServiceError> {
    let hash = tokens::digest(&[claim_code]);
    let row = order::Entity::find()
        .filter(order::Column::ClaimHash.eq(hash))
        .filter(order::Column::Status.eq(orders::PAID))
        .one(db)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let user_id = row.user_id.ok_or(ServiceError::NotFound)?;
    if !orders::spend_claim(db, row.id, cx.now).await? {
        return Err(ServiceError::NotFound);
    }
    Ok(user_id)
}

/// Whether the order with claim `claim_code` is paid (its account exists).
///
/// # Errors
/// A database error.
pub async fn is_registered(cx: &Cx, claim_code: &str) -> Result<bool, ServiceError> {
    let paid = order::Entity::find()
        .filter(order::Column::ClaimHash.eq(tokens::digest(&[claim_code])))
        .filter(order::Column::Status.eq(orders::PAID))
        .one(&cx.db)
        .await?;
    Ok(paid.is_some())
}
