//! Refunds: a charge is refunded in full within 14 days when the service
//! was not used since it — no row in the usage ledger ([`usage`]) after
//! the charge, whatever the feature. Each charge is refunded at most once:
//! the refund claims the row with a conditional update and asks the
//! provider once. Refunds follow the rule of every outside call: an answer
//! that was lost is looked up at the provider ([`refund_lookup`]), never
//! repeated blindly (Paddle and FastSpring take no idempotency key, dLocal
//! documents none); it is asked again only once the provider shows no
//! refund. What the provider says is applied by [`super::refund_outcome`]: a
//! pending refund stays pending, and the whole effect (charge refunded,
//! subscription and access ended, queued work stopped, one mail) happens
//! once, on the API answer, a lookup or the webhook, whichever comes first.
use super::{charges, manage, money, refund_lookup};
use crate::payments::Gateways;
use crate::persistence::entities::{charge, user};
use crate::services::audit::Stamp;
use crate::services::{usage, Cx, ServiceError};
use app_core::i18n::Key;
use app_core::model::billing::{BillingSummary, RefundDetail};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};

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
            charges::REFUND_PENDING,
            charges::REFUNDED,
            charges::REFUND_REJECTED,
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
    match c.status.as_str() {
        charges::SUCCEEDED => {}
        charges::REFUND_REJECTED => return Ok(Some("refund_rejected")),
        s if charges::REFUND_OPEN.contains(&s) => return Ok(Some("refund_pending")),
        _ => return Ok(Some("already_refunded")),
    }
    let charged_at = c.settled_at.unwrap_or(c.created_at);
    if cx.now - charged_at > REFUND_WINDOW_MS {
        return Ok(Some("window_passed"));
    }
    let used = usage::used_since(&cx.db, c.user_id, charged_at).await?;
    Ok(used.then_some("service_used"))
}

/// `POST /admin/order/refund`: refunds `charge_id` if eligible. Asking
/// again for a refunded or pending charge answers the same summary; for a
/// charge whose refund answer was lost, it looks the refund up.
///
/// # Errors
/// [`Key::ErrorRefundNotEligible`]; [`ServiceError::Provider`] when the
/// provider refused or cannot be reached (the charge stays refundable), or
/// its answer was lost (the refund is looked up, never asked again blindly).
pub async fn refund(
    cx: &Cx,
    gateways: &Gateways,
    member: &user::Model,
    charge_id: i64,
) -> Result<BillingSummary, ServiceError> {
    refund_by(cx, gateways, member, charge_id, None).await
}

/// Staff refunding a member's charge from the console: the same claim;
/// `may_override` (admins) lifts the 14-day and not-used rules, never
/// "refunded once". The audit entry is written in the transaction that
/// records the provider's answer.
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
    let stamp = by.map(|b| b.stamp.clone());
    if refund_lookup::answer_lost(&c, cx.now) {
        refund_lookup::settle_lost(cx, gateways, &c, stamp.as_ref()).await?;
        return manage::summary(cx, member).await;
    }
    if [charges::REFUNDED, charges::REFUND_PENDING].contains(&c.status.as_str()) {
        return manage::summary(cx, member).await;
    }
    let stamp = allowed(cx, &c, by, stamp).await?;
    if !claim(cx, &c).await? {
        return manage::summary(cx, member).await;
    }
    refund_lookup::ask(cx, gateways, &c, stamp.as_ref()).await?;
    manage::summary(cx, member).await
}

/// Whether `c` may be refunded now by whoever asks; an admin's refund
/// outside the policy says so in the audit entry.
async fn allowed(
    cx: &Cx,
    c: &charge::Model,
    by: Option<&ByStaff>,
    mut stamp: Option<Stamp>,
) -> Result<Option<Stamp>, ServiceError> {
    let Some(reason) = ineligibility(cx, c).await? else {
        return Ok(stamp);
    };
    let overridable = matches!(reason, "service_used" | "window_passed");
    if !(overridable && by.is_some_and(|b| b.may_override)) {
        return Err(ServiceError::Invalid(Key::ErrorRefundNotEligible));
    }
    if let Some(stamp) = stamp.as_mut() {
        stamp
            .entry
            .detail
            .push_str(&format!(" (outside policy: {reason})"));
    }
    Ok(stamp)
}

/// Takes the charge for one refund call: only one caller wins.
async fn claim(cx: &Cx, c: &charge::Model) -> Result<bool, ServiceError> {
    let from = [charges::SUCCEEDED];
    charges::set_status(&cx.db, c.id, &from, charges::REFUNDING, Vec::new(), cx.now).await
}
