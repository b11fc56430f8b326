//! Refunds: a charge is refunded in full within 14 days when the service
//! was not used since it: no row in the usage ledger ([`usage`]) after the
//! charge, whatever the feature. A refund stops the member's queued work. Refunding the latest charge also ends the subscription and
//! access. Each charge is refunded at most once: the refund claims the row
//! with a conditional update, and the provider call carries the charge's own
//! idempotency key, so an uncertain answer is settled by repeating exactly
//! that call (the provider deduplicates), never by a second refund.
use super::mails::{self, BillingMail, BillingMailKind};
use super::{charges, manage, money, status};
use crate::payments::{Gateways, ProviderKind, RefundOutcome, RefundRequest};
use crate::persistence::entities::{charge, order, user};
use crate::services::accounts::users;
use crate::services::console::audit::Stamp;
use crate::services::{usage, Cx, ServiceError};
use app::i18n::Key;
use app::model::billing::{BillingSummary, RefundDetail, SubscriptionState};
use sea_orm::{
    sea_query::Expr, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, TransactionTrait,
};

/// A refund still in flight after this long lost its worker.
const REFUND_LEASE_MS: i64 = 5 * 60_000;

/// How long after a charge it may be refunded.
pub const REFUND_WINDOW_MS: i64 = 14 * money::DAY_MS;

/// `POST /admin/order/refundDetail`: whether the latest charge can be refunded.
///
/// # Errors
/// A database error.
pub async fn detail(cx: &Cx, member: &user::Model) -> Result<RefundDetail, ServiceError> {
    let latest = charge::Entity::find()
        .filter(charge::Column::UserId.eq(member.id))
        .filter(charge::Column::Status.is_in([
            charges::SUCCEEDED,
            charges::REFUNDING,
            charges::REFUND_UNCERTAIN,
            charges::REFUNDED,
        ]))
        .order_by_desc(charge::Column::Id)
        .one(&cx.db)
        .await?;
    let Some(c) = latest else {
        return Ok(RefundDetail {
            eligible: false,
            reason: Some("no_charge".into()),
            charge_id: None,
            amount_minor: 0,
            currency: String::new(),
            amount_text: String::new(),
        });
    };
    let reason = ineligibility(cx, &c).await?;
    Ok(RefundDetail {
        eligible: reason.is_none(),
        reason: reason.map(str::to_owned),
        charge_id: Some(c.id),
        amount_minor: c.amount_minor,
        amount_text: money::text(c.amount_minor, &c.currency, c.currency_exponent),
        currency: c.currency,
    })
}

async fn ineligibility(cx: &Cx, c: &charge::Model) -> Result<Option<&'static str>, ServiceError> {
    if c.status != charges::SUCCEEDED {
        return Ok(Some("already_refunded"));
    }
    let charged_at = c.settled_at.unwrap_or(c.created_at);
    if cx.now - charged_at > REFUND_WINDOW_MS {
        return Ok(Some("window_passed"));
    }
    let used = usage::used_since(&cx.db, c.user_id, charged_at).await?;
    Ok(used.then_some("service_used"))
}

/// `POST /admin/order/refund`: refunds `charge_id` if eligible. Asking
/// again for a refunded charge answers the same summary.
///
/// # Errors
/// [`Key::ErrorRefundNotEligible`]; [`ServiceError::Provider`] when the
/// provider cannot be reached (the charge stays refundable, or is settled
/// by the same call later when the answer was lost).
pub async fn refund(
    cx: &Cx,
    gateways: &Gateways,
    member: &user::Model,
    charge_id: i64,
) -> Result<BillingSummary, ServiceError> {
    refund_by(cx, gateways, member, charge_id, None).await
}

/// Staff refunding a member's charge from the console: the same claim, the
/// same idempotency key; `may_override` (admins) lifts the 14-day and
/// not-used rules, never "refunded once". The audit entry is written in the
/// transaction that records the refund.
#[derive(Clone, Debug)]
pub struct ByStaff {
    pub may_override: bool,
    pub stamp: Stamp,
}

/// [`refund`], by the member (`None`) or by staff.
///
/// # Errors
/// As [`refund`].
pub async fn refund_by(
    cx: &Cx,
    gateways: &Gateways,
    member: &user::Model,
    charge_id: i64,
    by: Option<&ByStaff>,
) -> Result<BillingSummary, ServiceError> {
    let c = charge::Entity::find_by_id(charge_id)
        .filter(charge::Column::UserId.eq(member.id))
        .one(&cx.db)
        .await?
        .ok_or(ServiceError::Invalid(Key::ErrorRefundNotEligible))?;
    if c.status == charges::REFUNDED {
        return manage::summary(cx, member).await;
    }
    // A refund whose answer was lost, or whose worker died mid-call, is
    // settled by repeating the same call: the provider deduplicates by key.
    let abandoned = c.status == charges::REFUNDING && c.updated_at < cx.now - REFUND_LEASE_MS;
    let retrying_lost_answer = c.status == charges::REFUND_UNCERTAIN || abandoned;
    let mut stamp = by.map(|b| b.stamp.clone());
    if !retrying_lost_answer {
        if let Some(reason) = ineligibility(cx, &c).await? {
            let overridable = reason != "already_refunded" && by.is_some_and(|b| b.may_override);
            if !overridable {
                return Err(ServiceError::Invalid(Key::ErrorRefundNotEligible));
            }
            if let Some(stamp) = stamp.as_mut() {
                stamp
                    .entry
                    .detail
                    .push_str(&format!(" (outside policy: {reason})"));
            }
        }
        if !charges::set_status(
            &cx.db,
            c.id,
            &[charges::SUCCEEDED],
            charges::REFUNDING,
            Vec::new(),
            cx.now,
        )
        .await?
        {
            return manage::summary(cx, member).await;
        }
    }
    let outcome = call_provider(cx, gateways, &c).await;
    match outcome {
        Ok(RefundOutcome::Refunded { .. } | RefundOutcome::Pending { .. }) => {
            refunded(cx, member, &c, stamp.as_ref()).await?
        }
        Err(error) if error.is_uncertain() => {
            charges::set_status(
                &cx.db,
                c.id,
                &[charges::REFUNDING],
                charges::REFUND_UNCERTAIN,
                Vec::new(),
                cx.now,
            )
            .await?;
            return Err(ServiceError::Provider);
        }
        Err(_) => {
            charges::set_status(
                &cx.db,
                c.id,
                &[charges::REFUNDING, charges::REFUND_UNCERTAIN],
                charges::SUCCEEDED,
                Vec::new(),
                cx.now,
            )
            .await?;
            return Err(ServiceError::Provider);
        }
    }
    manage::summary(cx, member).await
}

async fn call_provider(
    cx: &Cx,
    gateways: &Gateways,
    c: &charge::Model,
) -> Result<RefundOutcome, crate::payments::PaymentError> {
    let order = order::Entity::find_by_id(c.order_id)
        .one(&cx.db)
        .await
        .ok()
        .flatten();
    let provider = order
        .as_ref()
        .and_then(|o| ProviderKind::parse(&o.provider));
    let gateway = provider
        .and_then(|k| gateways.get(k))
        .ok_or(crate::payments::PaymentError::NotSupported)?;
    let request = RefundRequest {
        idempotency_key: format!("refund_{}", c.id),
        provider_payment_ref: c.provider_ref.clone().unwrap_or_default(),
        amount: money::of(c.amount_minor, &c.currency, c.currency_exponent),
        order_no: order.map(|o| o.order_no).unwrap_or_default(),
    };
    gateway.refund(&request).await
}

/// Records the refund, ends the subscription and access, and tells the member.
async fn refunded(
    cx: &Cx,
    member: &user::Model,
    c: &charge::Model,
    stamp: Option<&Stamp>,
) -> Result<(), ServiceError> {
    let txn = cx.db.begin().await?;
    let extra = vec![
        (charge::Column::RefundedMinor, Expr::value(c.amount_minor)),
        (charge::Column::RefundedAt, Expr::value(cx.now)),
    ];
    let from = [charges::REFUNDING, charges::REFUND_UNCERTAIN];
    if charges::set_status(&txn, c.id, &from, charges::REFUNDED, extra, cx.now).await? {
        status::transition(
            &txn,
            c.subscription_id,
            None,
            SubscriptionState::Canceled,
            Vec::new(),
            cx.now,
        )
        .await?;
        users::set_access_until(&txn, member.id, cx.now, cx.now).await?;
        usage::stop_queued_work(&txn, member.id, cx.now).await?;
        let mail = BillingMail {
            kind: BillingMailKind::Refunded,
            user_id: member.id,
            subscription_id: c.subscription_id,
            charge_id: Some(c.id),
        };
        mails::queue(&txn, mail, cx.now, cx.now).await?;
        if let Some(stamp) = stamp {
            stamp.write(&txn, cx.now).await?;
        }
    }
    txn.commit().await?;
    crate::services::job_queue::wake(cx);
    Ok(())
}
