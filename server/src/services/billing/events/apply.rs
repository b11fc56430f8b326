//! The effect of each kind of event, written on the caller's transaction
//! (the one that records the event), or what the event waits for when what
//! it names is not stored yet.
use super::checkout;
use super::effect::moved;
pub use super::effect::{Effect, Waits};
use super::names::subscription_of;
use crate::payments::{EventKind, Money, ProviderKind};
use crate::persistence::entities::{charge, order, subscription as sub};
use crate::services::billing::settlement::{self, Refusal};
use crate::services::billing::{charges, orders, refund_outcome, status};
use crate::services::{Cx, ServiceError};
use app_core::model::billing::SubscriptionState;
use sea_orm::{ConnectionTrait, DatabaseTransaction, EntityTrait};

/// What an applied event of `kind` may have created that parked events
/// wait for.
pub fn creates(kind: &EventKind) -> Vec<Waits> {
    match kind {
        EventKind::CheckoutPaid {
            subscription_ref,
            provider_payment_ref,
            ..
        } => subscription_ref
            .iter()
            .map(|r| Waits::Subscription(r.clone()))
            .chain([Waits::Payment(provider_payment_ref.clone())])
            .collect(),
        EventKind::RenewalPaid {
            provider_payment_ref,
            ..
        } => vec![Waits::Payment(provider_payment_ref.clone())],
        _ => Vec::new(),
    }
}

/// Applies `kind` from `provider` on `db` (the event's transaction).
///
/// # Errors
/// A database error.
pub async fn apply(
    db: &DatabaseTransaction,
    cx: &Cx,
    provider: ProviderKind,
    kind: &EventKind,
) -> Result<Effect, ServiceError> {
    match kind {
        EventKind::CheckoutPaid { order_no, .. } if charges::is_renewal_key(order_no) => {
            super::pay_link::paid(db, cx, kind).await
        }
        EventKind::CheckoutPending { order_no }
        | EventKind::CheckoutFailed { order_no, .. }
        | EventKind::CheckoutAttemptFailed { order_no, .. }
            if charges::is_renewal_key(order_no) =>
        {
            // A pay-link payment not (yet) made: the period still waits for
            // the member, who can try again.
            Ok(Effect::Done("renewal_link_unpaid"))
        }
        EventKind::CheckoutPaid { .. } => checkout::paid(db, cx, provider, kind).await,
        EventKind::CheckoutPending { order_no } => {
            checkout::order_moved(db, cx, provider, order_no, orders::PENDING, None).await
        }
        EventKind::CheckoutFailed { order_no, reason } => {
            let reason = Some(reason.as_str());
            checkout::order_moved(db, cx, provider, order_no, orders::FAILED, reason).await
        }
        EventKind::CheckoutAttemptFailed { order_no, reason } => {
            checkout::attempt_failed(db, cx, provider, order_no, *reason).await
        }
        EventKind::RenewalPaid { .. } | EventKind::RenewalFailed { .. } => {
            renewal(db, cx, provider, kind).await
        }
        EventKind::SubscriptionCanceled { subscription_ref } => {
            ended(db, cx, provider, subscription_ref).await
        }
        EventKind::Refunded {
            provider_payment_ref,
            amount,
        } => refunded(db, cx, provider_payment_ref, amount).await,
        EventKind::RefundRejected {
            provider_payment_ref,
        } => refund_rejected(db, cx, provider_payment_ref).await,
        EventKind::Other { .. } => Ok(Effect::Done("ignored")),
    }
}

/// A renewal outcome, named by our key or the provider's subscription,
/// settled like the renewal job's own answers.
async fn renewal(
    db: &impl ConnectionTrait,
    cx: &Cx,
    provider: ProviderKind,
    kind: &EventKind,
) -> Result<Effect, ServiceError> {
    let (key, sub_ref, paid_ref) = match kind {
        EventKind::RenewalPaid {
            idempotency_key,
            subscription_ref,
            provider_payment_ref,
            ..
        } => (
            idempotency_key,
            subscription_ref,
            Some(provider_payment_ref),
        ),
        EventKind::RenewalFailed {
            idempotency_key,
            subscription_ref,
        } => (idempotency_key, subscription_ref, None),
        _ => return Ok(Effect::Done("ignored")),
    };
    let row = match (key, sub_ref) {
        // Money received names its period by any attempt's key.
        (Some(key), _) if paid_ref.is_some() => match charges::by_any_attempt_key(db, key).await? {
            Some(row) => row,
            None => return Ok(Effect::Waits(Waits::Charge(key.clone()))),
        },
        (Some(key), _) => match charges::by_key(db, key).await? {
            Some(row) => row,
            None => return Ok(Effect::Waits(Waits::Charge(key.clone()))),
        },
        (None, Some(reference)) => match subscription_of(db, provider, reference).await? {
            Some(s) => next_period(db, cx, &s).await?,
            None => return Ok(Effect::Waits(Waits::Subscription(reference.clone()))),
        },
        (None, None) => return Ok(Effect::Done("unknown_charge")),
    };
    let Some(s) = sub::Entity::find_by_id(row.subscription_id).one(db).await? else {
        return Ok(Effect::Done("unknown_subscription"));
    };
    let did = match paid_ref {
        Some(paid_ref) => settlement::paid(db, cx, &s, &row, paid_ref).await?,
        None => settlement::declined(db, cx, &s, &row, Refusal::Declined).await?,
    };
    Ok(moved(did))
}

/// The charge row of the period after `s`'s current one (renewals the
/// provider bills itself name only the subscription).
async fn next_period(
    db: &impl ConnectionTrait,
    cx: &Cx,
    s: &sub::Model,
) -> Result<charge::Model, ServiceError> {
    let order = order::Entity::find_by_id(s.order_id)
        .one(db)
        .await?
        .ok_or(ServiceError::NotFound)?;
    charges::open_period(db, s, s.period_index + 1, &order.order_no, cx.now).await
}

/// The provider ended the subscription.
async fn ended(
    db: &impl ConnectionTrait,
    cx: &Cx,
    provider: ProviderKind,
    subscription_ref: &str,
) -> Result<Effect, ServiceError> {
    let Some(s) = subscription_of(db, provider, subscription_ref).await? else {
        return Ok(Effect::Waits(Waits::Subscription(
            subscription_ref.to_owned(),
        )));
    };
    let to = SubscriptionState::Canceled;
    Ok(moved(
        status::transition(db, s.id, None, to, Vec::new(), cx.now).await?,
    ))
}

/// A refund settled at the provider: its whole effect (charge refunded,
/// subscription and access ended, queued work stopped, one mail), once,
/// whichever of the API answer, a lookup and this event comes first.
async fn refunded(
    db: &DatabaseTransaction,
    cx: &Cx,
    provider_payment_ref: &str,
    amount: &Money,
) -> Result<Effect, ServiceError> {
    let Some(row) = charges::by_provider_ref(db, provider_payment_ref).await? else {
        return Ok(Effect::Waits(Waits::Payment(
            provider_payment_ref.to_owned(),
        )));
    };
    let minor = Some(amount.minor);
    Ok(moved(
        refund_outcome::refunded(db, row.id, None, minor, cx.now).await?,
    ))
}

/// A refund the provider refused or reversed: shown to the member and support.
async fn refund_rejected(
    db: &impl ConnectionTrait,
    cx: &Cx,
    provider_payment_ref: &str,
) -> Result<Effect, ServiceError> {
    let Some(row) = charges::by_provider_ref(db, provider_payment_ref).await? else {
        return Ok(Effect::Waits(Waits::Payment(
            provider_payment_ref.to_owned(),
        )));
    };
    Ok(moved(
        refund_outcome::rejected(db, row.id, None, cx.now).await?,
    ))
}
