//! The renewal job: charges each due period once, ends subscriptions
//! cancelled at period end, sends the pay links of wallets that cannot be
//! charged without the payer and puts their unpaid periods past due
//! ([`super::pay_link`]: never charged here), reconciles charges whose answer was lost
//! ([`super::reconcile`]) and applies provider events that were waiting for
//! what they name ([`super::events::parked`]). What each answer of the
//! provider leads to is [`super::attempts`]. Safe with any number of
//! workers on one database: a period's charge row is unique and every
//! attempt is claimed with a conditional update.
pub use super::attempts::Round;
use super::attempts::{self, Class};
use super::{charges, events, money, pay_link, reconcile, status};
use crate::payments::{Gateways, ProviderKind, RenewalCharge};
use crate::persistence::entities::{charge, order, subscription as sub};
use crate::services::sealed;
use crate::services::workers::Work;
use crate::services::{Cx, ServiceError};
use app_core::model::billing::SubscriptionState;
use sea_orm::{ColumnTrait, Condition, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

/// One round over up to `limit` due subscriptions.
///
/// # Errors
/// A database error.
pub async fn run_due(cx: &Cx, gateways: &Gateways, limit: u64) -> Result<Round, ServiceError> {
    let mut round = Round {
        events: events::parked::sweep(cx).await?,
        ended: end_cancelled(cx).await?,
        links: pay_link::send_due(cx).await?,
        ..Round::default()
    };
    let due = sub::Entity::find()
        .filter(sub::Column::Status.is_in(status::LIVE))
        .filter(sub::Column::CancelAtPeriodEnd.eq(false))
        .filter(sub::Column::CurrentPeriodEnd.lte(cx.now))
        .filter(
            Condition::any()
                .add(sub::Column::NextAttemptAt.is_null())
                .add(sub::Column::NextAttemptAt.lte(cx.now)),
        )
        .order_by_asc(sub::Column::CurrentPeriodEnd)
        .limit(limit)
        .all(&cx.db)
        .await?;
    for s in due {
        if cx.wake.stop.requested() {
            break;
        }
        renew(cx, gateways, &s, &mut round).await?;
    }
    reconcile::run(cx, gateways, &mut round).await?;
    Ok(round)
}

/// Subscriptions cancelled at period end whose period is over.
async fn end_cancelled(cx: &Cx) -> Result<usize, ServiceError> {
    let over = sub::Entity::find()
        .filter(sub::Column::Status.is_in(status::LIVE))
        .filter(sub::Column::CancelAtPeriodEnd.eq(true))
        .filter(sub::Column::CurrentPeriodEnd.lte(cx.now))
        .all(&cx.db)
        .await?;
    let mut ended = 0;
    for s in over {
        let to = SubscriptionState::Canceled;
        ended += usize::from(status::transition(&cx.db, s.id, None, to, Vec::new(), cx.now).await?);
    }
    Ok(ended)
}

async fn renew(
    cx: &Cx,
    gateways: &Gateways,
    s: &sub::Model,
    round: &mut Round,
) -> Result<(), ServiceError> {
    if pay_link::needs_payer(&s.method) {
        return pay_link::lapse(cx, s, round).await;
    }
    let order = order::Entity::find_by_id(s.order_id)
        .one(&cx.db)
        .await?
        .ok_or(ServiceError::NotFound)?;
    // Opened before any charge is claimed: a token no configured key opens
    // (logged) charges nothing and holds up no other renewal.
    let keys = &cx.config.secrets;
    let opened = s
        .payment_token
        .as_deref()
        .map(|stored| sealed::open(keys, sealed::PAYMENT_TOKEN, stored))
        .transpose();
    let Ok(token) = opened else {
        return Ok(());
    };
    let row = charges::open_period(&cx.db, s, s.period_index + 1, &order.order_no, cx.now).await?;
    if ![charges::NEW, charges::FAILED].contains(&row.status.as_str()) {
        return Ok(());
    }
    let Some(key) = charges::claim_attempt(&cx.db, &row, cx.now).await? else {
        return Ok(());
    };
    // Nothing awaits between the claim and the provider call.
    let hold = cx.wake.stop.hold(Work::Charge(row.id));
    hold.calling();
    let row = charge::Model {
        attempts: row.attempts + 1,
        idempotency_key: key.clone(),
        ..row
    };
    let Some(gateway) = ProviderKind::parse(&s.provider).and_then(|k| gateways.get(k)) else {
        tracing::error!(subscription = s.id, provider = %s.provider, "renewal provider not configured");
        return attempts::failed(cx, s, &row, Class::Transient, round).await;
    };
    let request = RenewalCharge {
        idempotency_key: key,
        subscription_ref: s.provider_ref.clone(),
        payment_token: token,
        amount: money::of(s.price_minor, &s.currency, s.currency_exponent),
        order_no: order.order_no.clone(),
        notify_url: format!(
            "{}/api_f/v1/payments/webhook/{}",
            cx.config.public_base_url, s.provider
        ),
        device: super::orders::payer_device(&order),
    };
    let answer = gateway.charge_renewal(&request).await;
    attempts::settle(cx, s, &row, answer, round).await
}
