//! Sending queued conversion events to Meta, one job per event.
//!
//! Retrying is safe here, unlike an SMS or a charge: every event carries
//! its `event_id`, and Meta keeps only the first of the same event name and
//! id within 48 hours. So an event whose outcome is unknown (a time-out, a
//! 5xx, a lost answer) is sent again a few times within minutes — well
//! inside that window and inside the 7 days Meta accepts — and a refusal
//! (4xx) is never repeated.
use crate::meta::{Delivery, MetaClient};
use crate::persistence::entities::meta_event::{self, Column, Entity};
use crate::services::job_queue::{self, JobKind};
use crate::services::workers::Work;
use crate::services::{Cx, ServiceError};
use sea_orm::{sea_query::Expr, ColumnTrait, EntityTrait, QueryFilter};
use serde::{Deserialize, Serialize};

pub const QUEUED: &str = "queued";
pub const KEPT: &str = "kept";
const SENT: &str = "sent";
const FAILED: &str = "failed";
/// Tries of an event whose outcome stays unknown.
const MAX_ATTEMPTS: i32 = 4;
/// Wait before the next try: this times the tries so far.
const RETRY_STEP_MS: i64 = 60_000;

/// Send `meta_events` row `event_row`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MetaEventJob {
    pub event_row: i64,
}

impl JobKind for MetaEventJob {
    const KIND: &'static str = "meta_event";
}

/// Sends up to `batch` due events; returns how many were tried.
///
/// # Errors
/// A database error.
pub async fn send_due(cx: &Cx, client: &MetaClient, batch: u64) -> Result<usize, ServiceError> {
    let stop = &cx.wake.stop;
    if stop.requested() {
        return Ok(0);
    }
    let claimed = job_queue::claim_due::<MetaEventJob>(&cx.db, cx.now, batch).await?;
    let holds: Vec<_> = claimed
        .iter()
        .map(|job| stop.hold(Work::Job(job.id)))
        .collect();
    for (job, hold) in claimed.iter().zip(holds) {
        if stop.requested() {
            job_queue::release(&cx.db, job.id, cx.now).await?;
            continue;
        }
        hold.calling();
        let outcome = send_one(cx, client, job.input.event_row).await;
        let error = outcome.as_ref().err().map(ToString::to_string);
        job_queue::finish(&cx.db, job.id, error.as_deref().map_or(Ok(()), Err), cx.now).await?;
    }
    Ok(claimed.len())
}

async fn send_one(cx: &Cx, client: &MetaClient, id: i64) -> Result<(), ServiceError> {
    let Some(row) = Entity::find_by_id(id)
        .one(&cx.db)
        .await?
        .filter(|r| r.status == QUEUED)
    else {
        return Ok(());
    };
    let event: serde_json::Value = serde_json::from_str(&row.body).unwrap_or_default();
    let attempts = row.attempts + 1;
    match client.send(&[event], row.test_event_code.as_deref()).await {
        Delivery::Accepted { .. } => settle(cx, id, SENT, attempts, None).await,
        Delivery::Refused(why) => {
            tracing::warn!(event = id, %why, "Meta refused a conversion event");
            settle(cx, id, FAILED, attempts, Some(why)).await
        }
        Delivery::Unknown(why) if attempts < MAX_ATTEMPTS => {
            tracing::warn!(event = id, %why, attempts, "Meta's answer unknown: the event is sent again later");
            settle(cx, id, QUEUED, attempts, Some(why)).await?;
            let later = cx.now + RETRY_STEP_MS * i64::from(attempts);
            job_queue::enqueue_at(&cx.db, &MetaEventJob { event_row: id }, later, cx.now).await
        }
        Delivery::Unknown(why) => settle(cx, id, FAILED, attempts, Some(why)).await,
    }
}

async fn settle(
    cx: &Cx,
    id: i64,
    status: &str,
    attempts: i32,
    error: Option<String>,
) -> Result<(), ServiceError> {
    Entity::update_many()
        .col_expr(Column::Status, Expr::value(status))
        .col_expr(Column::Attempts, Expr::value(attempts))
        .col_expr(
            Column::LastError,
            Expr::value(error.map(|e| e.chars().take(255).collect::<String>())),
        )
        .col_expr(Column::UpdatedAt, Expr::value(cx.now))
        .filter(Column::Id.eq(id))
        .exec(&cx.db)
        .await?;
    Ok(())
}

/// The stored events with `status` (tests, support).
///
/// # Errors
/// A database error.
pub async fn with_status(cx: &Cx, status: &str) -> Result<Vec<meta_event::Model>, ServiceError> {
    Ok(Entity::find()
        .filter(Column::Status.eq(status))
        .all(&cx.db)
        .await?)
}
