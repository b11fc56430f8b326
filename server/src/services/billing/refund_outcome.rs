//! What a provider says of a refund, applied exactly once, whichever of its
//! API answer, a lookup and its webhook arrives first:
//!
//! ```text
//! succeeded ──claim──▶ refunding ──answer lost──▶ refund_uncertain ──lookup──┐
//!                        │  ╲                                                │
//!                        │   ╲── pending ─▶ refund_pending ──┬── refunded ─▶ refunded (final)
//!                        │                                   └── rejected ─▶ refund_rejected (final)
//!                        └── refunded ─▶ refunded (final)
//! ```
//!
//! "Refunded" is the whole effect in one transaction: the charge refunded,
//! the subscription ended, access ended, the member's queued work stopped,
//! one "refund issued" mail. It is gated by the conditional move of the
//! charge's status, so a second answer, a lookup or a redelivered webhook
//! finds nothing left to do. A pending refund changes nothing the member
//! has (access, subscription, mail) until the provider says refunded; a
//! rejected one stays visible to the member and to support.
use super::charges::{
    self, REFUNDING, REFUND_OPEN, REFUND_PENDING, REFUND_REJECTED, REFUND_UNCERTAIN, SUCCEEDED,
};
use super::mails::{self, BillingMail, BillingMailKind};
use super::status;
use crate::payments::RefundFound;
use crate::persistence::entities::charge;
use crate::services::accounts::users;
use crate::services::audit::Stamp;
use crate::services::{job_queue, usage, Cx, ServiceError};
use app_core::model::billing::SubscriptionState;
use sea_orm::{
    sea_query::Expr, ConnectionTrait, DatabaseTransaction, EntityTrait, TransactionTrait,
};

/// What an answer did to the charge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Applied {
    Refunded,
    Pending,
    Rejected,
    /// The provider has no refund of the charge: asking is safe.
    NotMade,
    /// The provider cannot tell yet: look again later.
    Unknown,
}

/// Applies what the provider said of `c`'s refund (its answer, or a lookup),
/// with the staff member's audit entry when the charge moved.
///
/// # Errors
/// A database error.
pub async fn apply(
    cx: &Cx,
    c: &charge::Model,
    found: RefundFound,
    stamp: Option<&Stamp>,
) -> Result<Applied, ServiceError> {
    let txn = cx.db.begin().await?;
    let (applied, moved) = match found {
        RefundFound::Refunded { provider_ref } => {
            let moved = refunded(&txn, c.id, Some(&provider_ref), None, cx.now).await?;
            (Applied::Refunded, moved)
        }
        RefundFound::Pending { provider_ref } => {
            let extra = provider_ref
                .map(|r| vec![(charge::Column::RefundRef, Expr::value(r))])
                .unwrap_or_default();
            let from = [REFUNDING, REFUND_UNCERTAIN];
            let moved =
                charges::set_status(&txn, c.id, &from, REFUND_PENDING, extra, cx.now).await?;
            (Applied::Pending, moved)
        }
        RefundFound::Rejected { provider_ref } => {
            let moved = rejected(&txn, c.id, Some(&provider_ref), cx.now).await?;
            (Applied::Rejected, moved)
        }
        RefundFound::Nothing => (Applied::NotMade, false),
        RefundFound::Unknown => (Applied::Unknown, false),
    };
    if let (true, Some(stamp)) = (moved, stamp) {
        stamp.write(&txn, cx.now).await?;
    }
    txn.commit().await?;
    if moved && applied == Applied::Refunded {
        job_queue::wake(cx);
    }
    Ok(applied)
}

/// The whole effect of a settled refund of charge `id`, once: returns
/// whether it applied now (not when it was applied before). A refund the
/// provider reports of a charge nobody asked us to refund (made in its
/// dashboard) has the same effect. Run it in the caller's transaction.
///
/// # Errors
/// A database error.
pub async fn refunded(
    db: &DatabaseTransaction,
    id: i64,
    refund_ref: Option<&str>,
    amount_minor: Option<i64>,
    now: i64,
) -> Result<bool, ServiceError> {
    let Some(c) = charge::Entity::find_by_id(id).one(db).await? else {
        return Ok(false);
    };
    let mut extra = vec![
        (
            charge::Column::RefundedMinor,
            Expr::value(amount_minor.unwrap_or(c.amount_minor)),
        ),
        (charge::Column::RefundedAt, Expr::value(now)),
    ];
    if let Some(r) = refund_ref {
        extra.push((charge::Column::RefundRef, Expr::value(r)));
    }
    let from = [SUCCEEDED, REFUNDING, REFUND_UNCERTAIN, REFUND_PENDING];
    if !charges::set_status(db, c.id, &from, charges::REFUNDED, extra, now).await? {
        return Ok(false);
    }
    let ended = SubscriptionState::Canceled;
    status::transition(db, c.subscription_id, None, ended, Vec::new(), now).await?;
    users::set_access_until(db, c.user_id, now, now).await?;
    usage::stop_queued_work(db, c.user_id, now).await?;
    let mail = BillingMail {
        kind: BillingMailKind::Refunded,
        user_id: c.user_id,
        subscription_id: c.subscription_id,
        charge_id: Some(c.id),
    };
    mails::queue(db, mail, now, now).await?;
    Ok(true)
}

/// The provider rejected (or reversed) the refund of charge `id`: the
/// money stayed, and so do access and the subscription. Returns whether
/// the charge moved. Run it in the caller's transaction.
///
/// # Errors
/// A database error.
pub async fn rejected(
    db: &impl ConnectionTrait,
    id: i64,
    refund_ref: Option<&str>,
    now: i64,
) -> Result<bool, ServiceError> {
    let extra = refund_ref
        .map(|r| vec![(charge::Column::RefundRef, Expr::value(r))])
        .unwrap_or_default();
    let moved = charges::set_status(db, id, &REFUND_OPEN, REFUND_REJECTED, extra, now).await?;
    if moved {
        tracing::warn!(charge = id, "the provider rejected a refund");
    }
    Ok(moved)
}
