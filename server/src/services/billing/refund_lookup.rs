//! Refund calls and their reconciliation. A refund is asked of the provider
//! once per claim ([`ask`]). An answer that never came (a time-out, a cut
//! connection, an answer that does not parse, a worker that died mid-call)
//! makes the charge `refund_uncertain`, and the refund is then looked up at
//! the provider ([`settle_lost`]): found refunded, pending or rejected, that
//! is applied; found absent well after the call, the refund is asked again
//! as a new claim; the provider unable to tell, it is looked up again later.
//! Pending refunds are looked up now and then too, in case the provider's
//! webhook never arrives. [`run_due`] is the job doing both.
use super::refund_outcome::{self, Applied};
use super::{charges, money};
use crate::payments::{Gateway, Gateways, PaymentError, ProviderKind, RefundRequest};
use crate::persistence::entities::{charge, order};
use crate::services::audit::Stamp;
use crate::services::{Cx, ServiceError};
use sea_orm::sea_query::{Expr, ExprTrait as _};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

/// A refund call still in flight after this long lost its worker.
pub const REFUND_LEASE_MS: i64 = 5 * 60_000;
/// How long after a call "no refund at the provider" means "not made".
pub const GRACE_MS: i64 = 2 * 60_000;
/// How often an uncertain refund is looked up.
pub const LOOKUP_EVERY_MS: i64 = 60_000;
/// How often a pending refund is looked up (its webhook usually comes first).
pub const PENDING_LOOKUP_EVERY_MS: i64 = 60 * 60_000;

/// Whether `c`'s refund answer was lost (or its worker died mid-call).
pub fn answer_lost(c: &charge::Model, now: i64) -> bool {
    c.status == charges::REFUND_UNCERTAIN
        || (c.status == charges::REFUNDING && c.updated_at < now - REFUND_LEASE_MS)
}

/// The gateway of `c`'s order and the refund request for `c`.
async fn request_for(
    cx: &Cx,
    gateways: &Gateways,
    c: &charge::Model,
) -> Result<(Gateway, RefundRequest), PaymentError> {
    let order = order::Entity::find_by_id(c.order_id)
        .one(&cx.db)
        .await
        .ok()
        .flatten();
    let gateway = order
        .as_ref()
        .and_then(|o| ProviderKind::parse(&o.provider))
        .and_then(|k| gateways.get(k))
        .ok_or(PaymentError::NotSupported)?;
    let request = RefundRequest {
        idempotency_key: format!("refund_{}", c.id),
        provider_payment_ref: c.provider_ref.clone().unwrap_or_default(),
        amount: money::of(c.amount_minor, &c.currency, c.currency_exponent),
        order_no: order.map(|o| o.order_no).unwrap_or_default(),
    };
    Ok((gateway.clone(), request))
}

/// Asks the provider to refund `c`, claimed `refunding` by the caller, and
/// applies the answer.
///
/// # Errors
/// [`ServiceError::Provider`] when the provider refused (the charge is
/// refundable again) or its answer was lost (the charge is looked up);
/// a database error.
pub async fn ask(
    cx: &Cx,
    gateways: &Gateways,
    c: &charge::Model,
    stamp: Option<&Stamp>,
) -> Result<(), ServiceError> {
    let answer = match request_for(cx, gateways, c).await {
        Ok((gateway, request)) => gateway.refund(&request).await,
        Err(e) => Err(e),
    };
    let error = match answer {
        Ok(outcome) => {
            return refund_outcome::apply(cx, c, outcome.into(), stamp)
                .await
                .map(drop)
        }
        Err(error) => error,
    };
    let (to, unknown) = if error.is_uncertain() {
        (charges::REFUND_UNCERTAIN, true)
    } else {
        (charges::SUCCEEDED, false)
    };
    tracing::warn!(charge = c.id, %error, unknown, "refund not confirmed");
    charges::set_status(&cx.db, c.id, &[charges::REFUNDING], to, Vec::new(), cx.now).await?;
    Err(ServiceError::Provider)
}

/// Settles a refund whose answer was lost by looking it up; asks again only
/// when the provider shows none well after the call.
///
/// # Errors
/// [`ServiceError::Provider`] while the outcome stays unknown; a database error.
pub async fn settle_lost(
    cx: &Cx,
    gateways: &Gateways,
    c: &charge::Model,
    stamp: Option<&Stamp>,
) -> Result<(), ServiceError> {
    let found = match request_for(cx, gateways, c).await {
        Ok((gateway, request)) => {
            gateway
                .lookup_refund(&request, c.refund_ref.as_deref())
                .await
        }
        Err(e) => Err(e),
    };
    let found = found.map_err(|error| {
        tracing::warn!(charge = c.id, %error, "refund lookup failed; will look again");
        ServiceError::Provider
    })?;
    match refund_outcome::apply(cx, c, found, stamp).await? {
        Applied::NotMade if c.updated_at <= cx.now - GRACE_MS => {
            if reclaim(cx, c).await? {
                ask(cx, gateways, c, stamp).await?;
            }
            Ok(())
        }
        Applied::NotMade | Applied::Unknown => touch(cx, c).await,
        _ => Ok(()),
    }
}

/// Takes the charge, as last seen, for a new refund call.
async fn reclaim(cx: &Cx, c: &charge::Model) -> Result<bool, ServiceError> {
    let done = charge::Entity::update_many()
        .col_expr(charge::Column::Status, Expr::value(charges::REFUNDING))
        .col_expr(charge::Column::UpdatedAt, Expr::value(cx.now))
        .filter(charge::Column::Id.eq(c.id))
        .filter(charge::Column::Status.eq(c.status.as_str()))
        .filter(charge::Column::UpdatedAt.eq(c.updated_at))
        .exec(&cx.db)
        .await?;
    Ok(done.rows_affected == 1)
}

/// Marks `c` as looked up now (the next lookup waits its turn).
async fn touch(cx: &Cx, c: &charge::Model) -> Result<(), ServiceError> {
    charge::Entity::update_many()
        .col_expr(charge::Column::UpdatedAt, Expr::value(cx.now))
        .filter(charge::Column::Id.eq(c.id))
        .filter(charge::Column::Status.eq(c.status.as_str()))
        .exec(&cx.db)
        .await?;
    Ok(())
}

/// One round: refunds whose answer was lost, and pending refunds whose
/// turn came, are looked up at their provider. Returns how many.
///
/// # Errors
/// A database error.
pub async fn run_due(cx: &Cx, gateways: &Gateways, limit: u64) -> Result<usize, ServiceError> {
    let stale = |status: &str, every: i64| {
        charge::Column::Status
            .eq(status)
            .and(charge::Column::UpdatedAt.lte(cx.now - every))
    };
    let due = charge::Entity::find()
        .filter(
            stale(charges::REFUND_UNCERTAIN, LOOKUP_EVERY_MS)
                .or(stale(charges::REFUNDING, REFUND_LEASE_MS))
                .or(stale(charges::REFUND_PENDING, PENDING_LOOKUP_EVERY_MS)),
        )
        .order_by_asc(charge::Column::UpdatedAt)
        .limit(limit)
        .all(&cx.db)
        .await?;
    let count = due.len();
    for c in due {
        let settled = if c.status == charges::REFUND_PENDING {
            look_up_pending(cx, gateways, &c).await
        } else {
            settle_lost(cx, gateways, &c, None).await
        };
        match settled {
            Ok(()) | Err(ServiceError::Provider) => {}
            Err(e) => return Err(e),
        }
    }
    Ok(count)
}

/// A pending refund whose webhook has not come: what does the provider say?
async fn look_up_pending(
    cx: &Cx,
    gateways: &Gateways,
    c: &charge::Model,
) -> Result<(), ServiceError> {
    let Ok((gateway, request)) = request_for(cx, gateways, c).await else {
        return touch(cx, c).await;
    };
    match gateway
        .lookup_refund(&request, c.refund_ref.as_deref())
        .await
    {
        Ok(found) => {
            refund_outcome::apply(cx, c, found, None).await?;
        }
        Err(error) => tracing::warn!(charge = c.id, %error, "pending refund lookup failed"),
    }
    // Still pending (a settled charge has moved on and is not touched).
    touch(cx, c).await
}
