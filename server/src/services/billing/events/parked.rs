//! Parked events: applied once what they wait for exists, by whoever finds
//! them first (the creator of that thing, or the sweep). Each is applied in
//! its own transaction whose first write claims the row (`parked` →
//! `applying`, conditional), so two finders never both apply it; if what
//! it names is still missing, the transaction is dropped and the event
//! stays parked.
use super::apply::{self, Effect, Waits};
use super::PARKED;
use crate::payments::{EventKind, ProviderKind};
use crate::persistence::entities::payment_event;
use crate::services::billing::money::DAY_MS;
use crate::services::{Cx, ServiceError};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, TransactionTrait};

/// A parked event whose subject has not appeared after this long is given
/// up (`expired`) and logged for support.
pub const GIVE_UP_AFTER_MS: i64 = 30 * DAY_MS;

/// Parked events tried per sweep.
const SWEEP_BATCH: u64 = 100;

/// Applies `provider`'s events waiting for `created` (just committed), and
/// any they in turn unblock. Failures are logged: the sweep retries them.
pub async fn release(cx: &Cx, provider: ProviderKind, created: Vec<Waits>) {
    let mut pending: Vec<String> = created.iter().map(Waits::key).collect();
    while let Some(key) = pending.pop() {
        let waiting = payment_event::Entity::find()
            .filter(payment_event::Column::Provider.eq(provider.as_str()))
            .filter(payment_event::Column::WaitsFor.eq(key))
            .filter(payment_event::Column::Outcome.eq(PARKED))
            .order_by_asc(payment_event::Column::OccurredAt)
            .order_by_asc(payment_event::Column::Id)
            .all(&cx.db)
            .await;
        let rows = match waiting {
            Ok(rows) => rows,
            Err(error) => {
                tracing::error!(%error, "parked events not released; the sweep will");
                return;
            }
        };
        for row in rows {
            match retry(cx, row).await {
                Ok(Some(more)) => pending.extend(more.iter().map(Waits::key)),
                Ok(None) => {}
                Err(error) => tracing::error!(%error, "parked event not applied; the sweep will"),
            }
        }
    }
}

/// Tries every parked event again (the renewal job's rounds); returns how
/// many were applied or given up.
///
/// # Errors
/// A database error.
pub async fn sweep(cx: &Cx) -> Result<usize, ServiceError> {
    let rows = payment_event::Entity::find()
        .filter(payment_event::Column::Outcome.eq(PARKED))
        .order_by_asc(payment_event::Column::OccurredAt)
        .order_by_asc(payment_event::Column::Id)
        .limit(SWEEP_BATCH)
        .all(&cx.db)
        .await?;
    let mut done = 0;
    for row in rows {
        let provider = row.provider.clone();
        if let Some(created) = retry(cx, row).await? {
            done += 1;
            if let Some(provider) = ProviderKind::parse(&provider) {
                release(cx, provider, created).await;
            }
        }
    }
    Ok(done)
}

/// Applies one parked event if what it names exists now. Returns what it
/// created (for events waiting on that), or `None` when it still waits or
/// another finder applied it.
async fn retry(cx: &Cx, row: payment_event::Model) -> Result<Option<Vec<Waits>>, ServiceError> {
    let txn = cx.db.begin().await?;
    let claimed = payment_event::Entity::update_many()
        .col_expr(payment_event::Column::Outcome, Expr::value("applying"))
        .filter(payment_event::Column::Id.eq(row.id))
        .filter(payment_event::Column::Outcome.eq(PARKED))
        .exec(&txn)
        .await?;
    if claimed.rows_affected != 1 {
        return Ok(None);
    }
    let meaning = row
        .payload
        .as_deref()
        .and_then(|p| serde_json::from_str::<EventKind>(p).ok());
    let (Some(kind), Some(provider)) = (meaning, ProviderKind::parse(&row.provider)) else {
        tracing::error!(event = row.id, "parked event unreadable: given up");
        super::conclude(&txn, ProviderKind::Sandbox, row.id, &other(), &gone()).await?;
        txn.commit().await?;
        return Ok(Some(Vec::new()));
    };
    let effect = match apply::apply(&txn, cx, provider, &kind).await? {
        Effect::Waits(_) if row.received_at > cx.now - GIVE_UP_AFTER_MS => return Ok(None),
        Effect::Waits(waits) => {
            tracing::error!(event = row.id, waits = %waits.key(), "parked event's subject never appeared: given up");
            gone()
        }
        done => done,
    };
    super::conclude(&txn, provider, row.id, &kind, &effect).await?;
    txn.commit().await?;
    Ok(Some(if effect == Effect::Done("applied") {
        apply::creates(&kind)
    } else {
        Vec::new()
    }))
}

fn gone() -> Effect {
    Effect::Done("expired")
}

fn other() -> EventKind {
    EventKind::Other {
        event_type: String::new(),
    }
}
