//! What an event names, found in our rows: its order, subscription or
//! charge, and the stored name of its kind.
use crate::payments::{EventKind, ProviderKind};
use crate::persistence::entities::{charge, order, subscription as sub};
use crate::services::billing::{charges, orders};
use crate::services::ServiceError;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

/// The stored name of an event's kind.
pub fn kind_name(kind: &EventKind) -> &'static str {
    match kind {
        EventKind::CheckoutPaid { .. } => "checkout_paid",
        EventKind::CheckoutPending { .. } => "checkout_pending",
        EventKind::CheckoutFailed { .. } => "checkout_failed",
        EventKind::CheckoutAttemptFailed { .. } => "checkout_attempt_failed",
        EventKind::RenewalPaid { .. } => "renewal_paid",
        EventKind::RenewalFailed { .. } => "renewal_failed",
        EventKind::SubscriptionCanceled { .. } => "subscription_canceled",
        EventKind::Refunded { .. } => "refunded",
        EventKind::RefundRejected { .. } => "refund_rejected",
        EventKind::Other { .. } => "other",
    }
}

/// The order an event is about (support reads events per order), when we
/// know it: by order number, our renewal key, the provider's subscription
/// or its payment reference.
pub async fn order_named(
    db: &impl ConnectionTrait,
    provider: ProviderKind,
    kind: &EventKind,
) -> Result<Option<i64>, ServiceError> {
    let charge_order = |row: Option<charge::Model>| row.map(|c| c.order_id);
    Ok(match kind {
        EventKind::CheckoutPaid { order_no, .. }
        | EventKind::CheckoutPending { order_no }
        | EventKind::CheckoutFailed { order_no, .. }
        | EventKind::CheckoutAttemptFailed { order_no, .. } => {
            if charges::is_renewal_key(order_no) {
                // A pay-link payment names its period's charge.
                charge_order(charges::by_any_attempt_key(db, order_no).await?)
            } else {
                order_of(db, provider, order_no).await?.map(|o| o.id)
            }
        }
        EventKind::RenewalPaid {
            idempotency_key: Some(key),
            ..
        }
        | EventKind::RenewalFailed {
            idempotency_key: Some(key),
            ..
        } => charge_order(charges::by_key(db, key).await?),
        EventKind::RenewalPaid {
            subscription_ref: Some(r),
            ..
        }
        | EventKind::RenewalFailed {
            subscription_ref: Some(r),
            ..
        }
        | EventKind::SubscriptionCanceled {
            subscription_ref: r,
        } => subscription_of(db, provider, r).await?.map(|s| s.order_id),
        EventKind::Refunded {
            provider_payment_ref,
            ..
        }
        | EventKind::RefundRejected {
            provider_payment_ref,
        } => charge_order(charges::by_provider_ref(db, provider_payment_ref).await?),
        _ => None,
    })
}

/// Order `order_no`, if it is `provider`'s.
pub async fn order_of(
    db: &impl ConnectionTrait,
    provider: ProviderKind,
    order_no: &str,
) -> Result<Option<order::Model>, ServiceError> {
    Ok(orders::by_order_no(db, order_no)
        .await?
        .filter(|o| o.provider == provider.as_str()))
}

/// `provider`'s subscription `reference`.
pub async fn subscription_of(
    db: &impl ConnectionTrait,
    provider: ProviderKind,
    reference: &str,
) -> Result<Option<sub::Model>, ServiceError> {
    Ok(sub::Entity::find()
        .filter(sub::Column::Provider.eq(provider.as_str()))
        .filter(sub::Column::ProviderRef.eq(reference))
        .one(db)
        .await?)
}
