//! Provider events about a checkout: paid (the order activated), pending,
//! failed for good, or one attempt failed while the checkout stays open.
use super::effect::{moved, Effect, Waits};
use super::names::order_of;
use crate::payments::{EventKind, ProviderKind};
use crate::persistence::entities::order;
use crate::services::billing::activation::{self, FirstPayment};
use crate::services::billing::orders;
use crate::services::{Cx, ServiceError};
use app_core::model::billing::Decline;
use sea_orm::sea_query::Expr;
use sea_orm::ConnectionTrait;

/// A first payment: its order activated with what was paid, or the event
/// waits for its order.
pub(super) async fn paid(
    db: &impl ConnectionTrait,
    cx: &Cx,
    provider: ProviderKind,
    kind: &EventKind,
) -> Result<Effect, ServiceError> {
    let EventKind::CheckoutPaid {
        order_no,
        provider_payment_ref,
        subscription_ref,
        payment_token,
        amount,
        tax_minor,
        instrument,
        instrument_country,
    } = kind
    else {
        return Ok(Effect::Done("ignored"));
    };
    let Some(order) = order_of(db, provider, order_no).await? else {
        return Ok(Effect::Waits(Waits::Order(order_no.clone())));
    };
    let paid = FirstPayment {
        provider_payment_ref: provider_payment_ref.clone(),
        subscription_ref: subscription_ref.clone(),
        payment_token: payment_token.clone(),
        amount: amount.clone(),
        tax_minor: *tax_minor,
        instrument: instrument.clone(),
        instrument_country: instrument_country.clone(),
    };
    Ok(Effect::Done(
        activation::activate(db, cx, order, paid).await?,
    ))
}

/// The order's checkout ended, or is being decided.
pub(super) async fn order_moved(
    db: &impl ConnectionTrait,
    cx: &Cx,
    provider: ProviderKind,
    order_no: &str,
    to: &str,
    reason: Option<&'static str>,
) -> Result<Effect, ServiceError> {
    let Some(order) = order_of(db, provider, order_no).await? else {
        return Ok(Effect::Waits(Waits::Order(order_no.to_owned())));
    };
    let extra = reason
        .map(|r| vec![(order::Column::FailReason, Expr::value(r))])
        .unwrap_or_default();
    Ok(moved(
        orders::transition(db, order.id, to, extra, cx.now).await?,
    ))
}

/// One attempt failed, the checkout stays open: the reason is kept (support
/// sees it), the order is not ended, so the payer's next try completes it.
pub(super) async fn attempt_failed(
    db: &impl ConnectionTrait,
    cx: &Cx,
    provider: ProviderKind,
    order_no: &str,
    reason: Decline,
) -> Result<Effect, ServiceError> {
    let Some(order) = order_of(db, provider, order_no).await? else {
        return Ok(Effect::Waits(Waits::Order(order_no.to_owned())));
    };
    let reason = reason.as_str();
    Ok(moved(
        orders::attempt_failed(db, order.id, reason, cx.now).await?,
    ))
}
