//! Provider events, each applied exactly once and never lost.
//!
//! **Receipt and effect are one transaction.** The event's
//! `(provider, event_id)` row in `payment_events` is inserted, the effect is
//! applied (order paid, renewal settled, subscription ended, refund
//! recorded, …) and the row's outcome is written; only then does the
//! transaction commit. Whatever fails in between (a crash, a database
//! error) leaves nothing: the webhook answers 503 and the provider's
//! redelivery applies the event. A redelivery of a committed event finds its
//! row and changes nothing (`duplicate`).
//!
//! **Early events are parked, not dropped.** An event can arrive before
//! what it names is stored: a renewal before the checkout event that
//! creates its subscription, a refund before the payment it refunds, a
//! payment before its order is visible here. Such an event is committed as
//! `parked`, with what it waits for (`waits_for`, see [`effect::Waits`]) and
//! its meaning (`payload`). It is applied when that thing appears: right
//! after the transaction that created it ([`parked::release`]), and by the
//! sweep of every renewal round ([`parked::sweep`]). Applying a parked
//! event is again one transaction whose first write moves the row out of
//! `parked`, so it applies once whichever finds it first. One whose subject
//! never appears is given up after [`parked::GIVE_UP_AFTER_MS`] (`expired`).
//!
//! An event applies only to what it names, and only moves a status forward
//! (a late "failed" never undoes a "paid").
pub mod apply;
mod checkout;
mod effect;
mod names;
pub mod parked;
mod pay_link;

use crate::payments::{EventKind, ProviderEvent, ProviderKind};
use crate::persistence::entities::payment_event;
use crate::services::{job_queue, Cx, ServiceError};
use apply::Effect;
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, TransactionTrait,
};

/// Outcome of an event committed to wait for what it names.
pub const PARKED: &str = "parked";

/// What became of one event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Applied {
    pub event_id: String,
    /// `applied`, `duplicate`, `parked`, `ignored`, `amount_mismatch`, …
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
    let event_id: String = event.event_id.chars().take(191).collect();
    let txn = cx.db.begin().await?;
    if !record(&txn, cx, provider, &event_id, event).await? {
        return Ok("duplicate");
    }
    let effect = apply::apply(&txn, cx, provider, &event.kind).await?;
    let row = payment_event::Entity::find()
        .filter(payment_event::Column::Provider.eq(provider.as_str()))
        .filter(payment_event::Column::EventId.eq(event_id))
        .one(&txn)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let outcome = conclude(&txn, provider, row.id, &event.kind, &effect).await?;
    txn.commit().await?;
    if matches!(effect, Effect::Done("applied")) {
        parked::release(cx, provider, apply::creates(&event.kind)).await;
    }
    Ok(outcome)
}

/// Inserts the event's row; false when it was already there (a redelivery).
async fn record(
    db: &impl ConnectionTrait,
    cx: &Cx,
    provider: ProviderKind,
    event_id: &str,
    event: &ProviderEvent,
) -> Result<bool, ServiceError> {
    let row = payment_event::ActiveModel {
        provider: Set(provider.as_str().to_owned()),
        event_id: Set(event_id.to_owned()),
        kind: Set(names::kind_name(&event.kind).to_owned()),
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
        .exec_without_returning(db)
        .await?;
    Ok(inserted == 1)
}

/// Writes what became of event row `id`: its outcome and order, or (when it
/// waits) what it waits for and its meaning. Returns the outcome.
async fn conclude(
    db: &impl ConnectionTrait,
    provider: ProviderKind,
    id: i64,
    kind: &EventKind,
    effect: &Effect,
) -> Result<&'static str, ServiceError> {
    let update = payment_event::Entity::update_many().filter(payment_event::Column::Id.eq(id));
    let (outcome, update) = match effect {
        Effect::Done(outcome) => {
            let order_id = names::order_named(db, provider, kind).await?;
            let update = update
                .col_expr(payment_event::Column::OrderId, Expr::value(order_id))
                .col_expr(
                    payment_event::Column::WaitsFor,
                    Expr::value(Option::<String>::None),
                );
            (*outcome, update)
        }
        Effect::Waits(waits) => {
            let payload = serde_json::to_string(kind)
                .map_err(|e| ServiceError::Database(sea_orm::DbErr::Custom(e.to_string())))?;
            let update = update
                .col_expr(payment_event::Column::WaitsFor, Expr::value(waits.key()))
                .col_expr(payment_event::Column::Payload, Expr::value(payload));
            (PARKED, update)
        }
    };
    update
        .col_expr(payment_event::Column::Outcome, Expr::value(outcome))
        .exec(db)
        .await?;
    Ok(outcome)
}
