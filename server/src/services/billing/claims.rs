//! After the checkout: where an order stands, and the one-time claim that
//! lets the browser that placed a paid order into its new account.
use super::orders;
use crate::persistence::entities::order;
use crate::services::{Cx, ServiceError};
use crate::tokens;
use app::model::billing::{OrderStatus, PayOutcome};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

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
    Ok(OrderStatus {
        order_no: row.order_no,
        email: row.email,
        outcome,
    })
}

/// Spends the order's one-time claim: the account this paid order created,
/// for the browser that placed it. A claim works once, and never for an
/// order that paid into an account that already existed.
///
/// # Errors
/// [`ServiceError::NotFound`] for an unknown, unpaid or spent claim.
pub async fn claim(cx: &Cx, claim_code: &str) -> Result<i64, ServiceError> {
    let hash = tokens::digest(&[claim_code]);
    let row = order::Entity::find()
        .filter(order::Column::ClaimHash.eq(hash))
        .filter(order::Column::Status.eq(orders::PAID))
        .one(&cx.db)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let user_id = row.user_id.ok_or(ServiceError::NotFound)?;
    if !orders::spend_claim(&cx.db, row.id, cx.now).await? {
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
