//! Provider events, applied once each: the event's `(provider, event_id)`
//! row is inserted in the same transaction as its effect, so a redelivery
//! (or a crash before commit, after which the provider retries) applies it
//! exactly once. An event applies only to what it names, and only moves a
//! status forward; one for an unknown order is recorded and changes nothing.
use super::activation::{self, FirstPayment};
use super::{charges, orders, refund_outcome, settlement, status};
use crate::payments::{EventKind, ProviderEvent, ProviderKind};
use crate::persistence::entities::{charge, order, payment_event, subscription as sub};
use crate::services::{job_queue, Cx, ServiceError};
use app::model::billing::SubscriptionState;
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, TransactionTrait,
};

/// What became of one event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Applied {
    pub event_id: String,
    /// `applied`, `duplicate`, `unknown_order`, `ignored`, …
    pub outcome: &'static str,
}

/// Applies verified events from `provider`.
///
/// # Errors
/// A database error (the provider retries; nothing was half-applied).
pub async fn ingest(
    cx: &Cx,
    provider: ProviderKind,
    events: Vec<ProviderEvent>,
) -> Result<Vec<Applied>, ServiceError> {
    let mut applied = Vec::with_capacity(events.len());
    for event in events {
        let outcome = ingest_one(cx, provider, &event).await?;
        applied.push(Applied {
            event_id: event.event_id,
            outcome,
        });
    }
    job_queue::wake(cx);
    Ok(applied)
}

async fn ingest_one(
    cx: &Cx,
    provider: ProviderKind,
    event: &ProviderEvent,
) -> Result<&'static str, ServiceError> {
    let txn = cx.db.begin().await?;
    let row = payment_event::ActiveModel {
        provider: Set(provider.as_str().to_owned()),
        event_id: Set(event.event_id.chars().take(191).collect()),
        kind: Set(kind_name(&event.kind).to_owned()),
        outcome: Set("received".to_owned()),
        occurred_at: Set(event.occurred_at_ms),
        received_at: Set(cx.now),
        ..Default::default()
    };
    let inserted = payment_event::Entity::insert(row)
        .on_conflict(
            OnConflict::columns([
                payment_event::Column::Provider,
                payment_event::Column::EventId,
            ])
            .do_nothing()
            .to_owned(),
        )
        .exec_without_returning(&txn)
        .await?;
    if inserted == 0 {
        return Ok("duplicate");
    }
    let outcome = apply(&txn, cx, provider, &event.kind).await?;
    let order_id = order_named(&txn, provider, &event.kind).await?;
    payment_event::Entity::update_many()
        .col_expr(payment_event::Column::Outcome, Expr::value(outcome))
        .col_expr(payment_event::Column::OrderId, Expr::value(order_id))
        .filter(payment_event::Column::Provider.eq(provider.as_str()))
        .filter(
            payment_event::Column::EventId.eq(event.event_id.chars().take(191).collect::<String>()),
        )
        .exec(&txn)
        .await?;
    txn.commit().await?;
    if outcome == "settle_renewal" {
        return settle_renewal(cx, provider, &event.kind).await;
    }
    Ok(outcome)
}

fn kind_name(kind: &EventKind) -> &'static str {
    match kind {
        EventKind::CheckoutPaid { .. } => "checkout_paid",
        EventKind::CheckoutPending { .. } => "checkout_pending",
        EventKind::CheckoutFailed { .. } => "checkout_failed",
        EventKind::RenewalPaid { .. } => "renewal_paid",
        EventKind::RenewalFailed { .. } => "renewal_failed",
        EventKind::SubscriptionCanceled { .. } => "subscription_canceled",
        EventKind::Refunded { .. } => "refunded",
        EventKind::RefundRejected { .. } => "refund_rejected",
        EventKind::Other { .. } => "other",
    }
}

async fn apply(
    db: &impl ConnectionTrait,
    cx: &Cx,
    provider: ProviderKind,
    kind: &EventKind,
) -> Result<&'static str, ServiceError> {
    let named = |order_no: &str| order_of(db, provider, order_no.to_owned());
    match kind {
        EventKind::CheckoutPaid {
            order_no,
            provider_payment_ref,
            subscription_ref,
            payment_token,
            amount,
        } => {
            let Some(order) = named(order_no).await? else {
                return Ok("unknown_order");
            };
            let paid = FirstPayment {
                provider_payment_ref: provider_payment_ref.clone(),
                subscription_ref: subscription_ref.clone(),
                payment_token: payment_token.clone(),
                amount: amount.clone(),
            };
            activation::activate(db, cx, order, paid).await
        }
        EventKind::CheckoutPending { order_no } => {
            let Some(order) = named(order_no).await? else {
                return Ok("unknown_order");
            };
            Ok(moved(
                orders::transition(db, order.id, orders::PENDING, Vec::new(), cx.now).await?,
            ))
        }
        EventKind::CheckoutFailed {
            order_no,
            insufficient_funds,
        } => {
            let Some(order) = named(order_no).await? else {
                return Ok("unknown_order");
            };
            let reason = if *insufficient_funds {
                "insufficient_funds"
            } else {
                "declined"
            };
            let extra = vec![(order::Column::FailReason, Expr::value(reason))];
            Ok(moved(
                orders::transition(db, order.id, orders::FAILED, extra, cx.now).await?,
            ))
        }
        EventKind::RenewalPaid { .. } | EventKind::RenewalFailed { .. } => Ok("settle_renewal"),
        EventKind::SubscriptionCanceled { subscription_ref } => {
            let Some(s) = subscription_of(db, provider, subscription_ref).await? else {
                return Ok("unknown_subscription");
            };
            Ok(moved(
                status::transition(
                    db,
                    s.id,
                    None,
                    SubscriptionState::Canceled,
                    Vec::new(),
                    cx.now,
                )
                .await?,
            ))
        }
        // The whole effect of a refund, once, whoever reports it first.
        EventKind::Refunded {
            provider_payment_ref,
            amount,
        } => {
            let Some(row) = charges::by_provider_ref(db, provider_payment_ref).await? else {
                return Ok("unknown_charge");
            };
            let minor = Some(amount.minor);
            Ok(moved(
                refund_outcome::refunded(db, row.id, None, minor, cx.now).await?,
            ))
        }
        EventKind::RefundRejected {
            provider_payment_ref,
        } => {
            let Some(row) = charges::by_provider_ref(db, provider_payment_ref).await? else {
                return Ok("unknown_charge");
            };
            Ok(moved(
                refund_outcome::rejected(db, row.id, None, cx.now).await?,
            ))
        }
        EventKind::Other { .. } => Ok("ignored"),
    }
}

/// The order an event is about (support reads events per order), when we
/// know it: by order number, our renewal key, the provider's subscription
/// or its payment reference.
async fn order_named(
    db: &impl ConnectionTrait,
    provider: ProviderKind,
    kind: &EventKind,
) -> Result<Option<i64>, ServiceError> {
    let charge_order = |row: Option<charge::Model>| row.map(|c| c.order_id);
    Ok(match kind {
        EventKind::CheckoutPaid { order_no, .. }
        | EventKind::CheckoutPending { order_no }
        | EventKind::CheckoutFailed { order_no, .. } => order_of(db, provider, order_no.clone())
            .await?
            .map(|o| o.id),
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

fn moved(did: bool) -> &'static str {
    if did {
        "applied"
    } else {
        "ignored"
    }
}

async fn order_of(
    db: &impl ConnectionTrait,
    provider: ProviderKind,
    order_no: String,
) -> Result<Option<order::Model>, ServiceError> {
    Ok(orders::by_order_no(db, &order_no)
        .await?
        .filter(|o| o.provider == provider.as_str()))
}

async fn subscription_of(
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

/// A renewal outcome by webhook, named by our key or the provider's
/// subscription; settled like the renewal job's own answers.
async fn settle_renewal(
    cx: &Cx,
    provider: ProviderKind,
    kind: &EventKind,
) -> Result<&'static str, ServiceError> {
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
        _ => return Ok("ignored"),
    };
    let row = match (key, sub_ref) {
        (Some(key), _) => charges::by_key(&cx.db, key).await?,
        (None, Some(reference)) => match subscription_of(&cx.db, provider, reference).await? {
            Some(s) => {
                let order = order::Entity::find_by_id(s.order_id)
                    .one(&cx.db)
                    .await?
                    .ok_or(ServiceError::NotFound)?;
                Some(
                    charges::open_period(&cx.db, &s, s.period_index + 1, &order.order_no, cx.now)
                        .await?,
                )
            }
            None => None,
        },
        (None, None) => None,
    };
    let Some(row) = row else {
        return Ok("unknown_charge");
    };
    let Some(s) = sub::Entity::find_by_id(row.subscription_id)
        .one(&cx.db)
        .await?
    else {
        return Ok("unknown_subscription");
    };
    let did = match paid_ref {
        Some(paid_ref) => settlement::paid(cx, &s, &row, paid_ref).await?,
        None => settlement::declined(cx, &s, &row).await?,
    };
    Ok(moved(did))
}
