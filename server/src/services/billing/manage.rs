//! The member's own billing: what they pay and when, and one-click cancel.
use super::mails::{self, BillingMail, BillingMailKind};
use super::{charges, money, status};
use crate::payments::{Gateways, ProviderKind};
use crate::persistence::entities::{charge, subscription as sub, user};
use crate::services::accounts::users;
use crate::services::audit::Stamp;
use crate::services::{Cx, ServiceError};
use app_core::i18n::Key;
use app_core::model::billing::{
    BillingSummary, ChargeView, MethodChoice, SubscriptionState, SubscriptionView,
};
use sea_orm::{
    sea_query::Expr, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder,
    TransactionTrait,
};

/// The member's newest subscription, if any.
///
/// # Errors
/// A database error.
pub async fn current(
    db: &impl ConnectionTrait,
    user_id: i64,
) -> Result<Option<sub::Model>, ServiceError> {
    Ok(sub::Entity::find()
        .filter(sub::Column::UserId.eq(user_id))
        .order_by_desc(sub::Column::Id)
        .one(db)
        .await?)
}

/// `GET /other/user/property`: plan, status, next charge, history.
///
/// # Errors
/// A database error.
pub async fn summary(cx: &Cx, member: &user::Model) -> Result<BillingSummary, ServiceError> {
    let fresh = user::Entity::find_by_id(member.id)
        .one(&cx.db)
        .await?
        .ok_or(ServiceError::Unauthorized)?;
    let subscription = match current(&cx.db, member.id).await? {
        Some(s) => Some(SubscriptionView {
            renewal: super::pay_link::renewal_due(cx, &s).await?,
            ..view(&s, &fresh, cx.now)
        }),
        None => None,
    };
    let rows = charge::Entity::find()
        .filter(charge::Column::UserId.eq(member.id))
        .filter(charge::Column::Status.is_in([
            charges::SUCCEEDED,
            charges::FAILED,
            charges::PENDING,
            charges::REFUNDED,
            charges::REFUNDING,
            charges::REFUND_UNCERTAIN,
            charges::REFUND_PENDING,
            charges::REFUND_REJECTED,
        ]))
        .order_by_desc(charge::Column::Id)
        .all(&cx.db)
        .await?;
    let charges = rows.into_iter().map(charge_view).collect();
    let vip_time = if users::has_access(&fresh, cx.now) {
        fresh.vip_time
    } else {
        0
    };
    Ok(BillingSummary {
        subscription,
        charges,
        payment_count: i64::from(fresh.payment_count),
        vip_time,
    })
}

fn view(s: &sub::Model, member: &user::Model, now: i64) -> SubscriptionView {
    let state = status::parse(&s.status);
    let renews = !s.cancel_at_period_end && state != SubscriptionState::Canceled;
    // A pay-link renewal is never charged: the member confirms it.
    let charged = renews && !super::pay_link::needs_payer(&s.method);
    SubscriptionView {
        state,
        cycle: money::cycle(&s.cycle),
        price_minor: s.price_minor,
        currency: s.currency.clone(),
        price_text: money::text(s.price_minor, &s.currency, s.currency_exponent),
        current_period_end: s.current_period_end,
        next_charge_at: charged.then(|| {
            s.next_attempt_at
                .unwrap_or(s.current_period_end)
                .max(s.current_period_end)
        }),
        cancel_at_period_end: s.cancel_at_period_end,
        has_access: users::has_access(member, now),
        method: MethodChoice::parse(&s.method).unwrap_or(MethodChoice::Card),
        renewal: None,
        price_country: s.price_country.clone(),
    }
}

fn charge_view(c: charge::Model) -> ChargeView {
    ChargeView {
        id: c.id,
        amount_text: money::text(c.amount_minor, &c.currency, c.currency_exponent),
        amount_minor: c.amount_minor,
        currency: c.currency,
        status: charges::visible(&c.status).to_owned(),
        charged_at: c.settled_at.unwrap_or(c.created_at),
        receipt_no: c.receipt_no,
    }
}

/// One-click cancel: renewals stop, access lasts until the paid period
/// ends (a suspended subscription ends now: nothing is paid for). Asking
/// again changes nothing.
///
/// # Errors
/// [`ServiceError::Invalid`] without a live subscription;
/// [`ServiceError::Provider`] when the provider cannot stop its renewals.
pub async fn cancel(
    cx: &Cx,
    gateways: &Gateways,
    member: &user::Model,
) -> Result<BillingSummary, ServiceError> {
    cancel_by(cx, gateways, member, None).await
}

/// [`cancel`], by the member (`None`) or by staff, whose audit entry is
/// written in the transaction of the change (nothing is written when there
/// was nothing left to cancel).
///
/// # Errors
/// As [`cancel`].
pub async fn cancel_by(
    cx: &Cx,
    gateways: &Gateways,
    member: &user::Model,
    stamp: Option<&Stamp>,
) -> Result<BillingSummary, ServiceError> {
    let s = current(&cx.db, member.id)
        .await?
        .ok_or(ServiceError::Invalid(Key::ErrorNoSubscription))?;
    let state = status::parse(&s.status);
    if state == SubscriptionState::Canceled || s.cancel_at_period_end {
        return summary(cx, member).await;
    }
    if let (Some(reference), Some(gateway)) = (
        &s.provider_ref,
        ProviderKind::parse(&s.provider).and_then(|k| gateways.get(k)),
    ) {
        // Stopping renewals twice is harmless at every provider, so an
        // uncertain answer is settled by the member simply trying again.
        gateway.cancel(reference).await.map_err(|error| {
            tracing::warn!(%error, subscription = s.id, "provider refused to stop renewals");
            ServiceError::Provider
        })?;
    }
    let txn = cx.db.begin().await?;
    if state == SubscriptionState::PastDue {
        // Nothing is paid for: the member's queued work stops with it.
        crate::services::usage::stop_queued_work(&txn, member.id, cx.now).await?;
        status::transition(
            &txn,
            s.id,
            None,
            SubscriptionState::Canceled,
            Vec::new(),
            cx.now,
        )
        .await?;
    } else {
        sub::Entity::update_many()
            .col_expr(sub::Column::CancelAtPeriodEnd, Expr::value(true))
            .col_expr(sub::Column::UpdatedAt, Expr::value(cx.now))
            .filter(sub::Column::Id.eq(s.id))
            .exec(&txn)
            .await?;
    }
    let mail = BillingMail {
        kind: BillingMailKind::Canceled,
        user_id: member.id,
        subscription_id: s.id,
        charge_id: None,
    };
    mails::queue(&txn, mail, cx.now, cx.now).await?;
    if let Some(stamp) = stamp {
        stamp.write(&txn, cx.now).await?;
    }
    txn.commit().await?;
    crate::services::job_queue::wake(cx);
    summary(cx, member).await
}
