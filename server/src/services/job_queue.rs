//! The general job queue: a use case queues work in its own transaction and
//! wakes the worker; the worker claims each job with a conditional update
//! (one winner across instances) and runs it. Jobs are at least once: a job
//! whose worker died mid-run (its lease ran out) or was cut off at shutdown
//! runs again after a backoff, up to [`MAX_ATTEMPTS`] runs, then fails.
//! Every job's outside effect is idempotent, so a repeat is harmless at the
//! receiver: a mail carries a `Message-ID` derived from its job
//! (`Mailer::for_job`), a conversion event its `event_id`.
use crate::persistence::entities::job::{self, Column, Entity};
use crate::services::{Cx, ServiceError};
use sea_orm::sea_query::{Expr, ExprTrait as _};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect,
};
use serde::{de::DeserializeOwned, Serialize};

/// How long a worker may hold a claimed job.
const LEASE_MS: i64 = 60_000;
const QUEUED: &str = "queued";
const RUNNING: &str = "running";
const DONE: &str = "done";
const FAILED: &str = "failed";
/// Most runs of a job that keeps being cut off.
pub const MAX_ATTEMPTS: i32 = 5;
/// Wait before running a cut-off job again: this, doubled per run so far.
pub const RETRY_BASE_MS: i64 = 30_000;

/// A kind of job and its input.
pub trait JobKind: Serialize + DeserializeOwned {
    /// The `kind` column (at most 32 characters).
    const KIND: &'static str;
}

/// Queues `job`, due now. Call inside the use case's transaction, then wake
/// the worker with [`wake`].
///
/// # Errors
/// A database error.
pub async fn enqueue<J: JobKind>(
    db: &impl ConnectionTrait,
    job: &J,
    now: i64,
) -> Result<(), ServiceError> {
    enqueue_at(db, job, now, now).await
}

/// Queues `job`, due at `run_at` (a reminder before a charge).
///
/// # Errors
/// A database error.
pub async fn enqueue_at<J: JobKind>(
    db: &impl ConnectionTrait,
    job: &J,
    run_at: i64,
    now: i64,
) -> Result<(), ServiceError> {
    let row = job::ActiveModel {
        kind: Set(J::KIND.to_owned()),
        payload: Set(serde_json::to_string(job).unwrap_or_default()),
        status: Set(QUEUED.to_owned()),
        attempts: Set(0),
        run_at: Set(run_at),
        last_error: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    };
    Entity::insert(row).exec(db).await?;
    Ok(())
}

/// Wakes the job worker (after the enqueuing transaction committed).
pub fn wake(cx: &Cx) {
    cx.wake.jobs.notify_one();
}

/// A claimed job: run it, then [`finish`] it.
#[derive(Debug)]
pub struct Claimed<J> {
    pub id: i64,
    /// When the job was queued (with `id`, its stable identity).
    pub queued_at: i64,
    pub input: J,
}

/// Claims up to `limit` due jobs of kind `J`.
///
/// # Errors
/// A database error.
pub async fn claim_due<J: JobKind>(
    db: &impl ConnectionTrait,
    now: i64,
    limit: u64,
) -> Result<Vec<Claimed<J>>, ServiceError> {
    retry_interrupted(db, now).await?;
    let due = Entity::find()
        .filter(Column::Kind.eq(J::KIND))
        .filter(Column::Status.eq(QUEUED))
        .filter(Column::RunAt.lte(now))
        .order_by_asc(Column::Id)
        .limit(limit)
        .all(db)
        .await?;
    let mut claimed = Vec::with_capacity(due.len());
    for row in due {
        let won = Entity::update_many()
            .col_expr(Column::Status, Expr::value(RUNNING))
            .col_expr(
                Column::RunAt,
                Expr::value(now + super::workers::lease_ms(LEASE_MS)),
            )
            .col_expr(Column::Attempts, Expr::col(Column::Attempts).add(1))
            .col_expr(Column::UpdatedAt, Expr::value(now))
            .filter(Column::Id.eq(row.id))
            .filter(Column::Status.eq(QUEUED))
            .exec(db)
            .await?;
        if won.rows_affected != 1 {
            continue;
        }
        match serde_json::from_str(&row.payload) {
            Ok(input) => claimed.push(Claimed {
                id: row.id,
                queued_at: row.created_at,
                input,
            }),
            Err(_) => finish(db, row.id, Err("payload not understood"), now).await?,
        }
    }
    Ok(claimed)
}

/// Ends a claimed job; its payload is erased either way.
///
/// # Errors
/// A database error.
pub async fn finish(
    db: &impl ConnectionTrait,
    id: i64,
    outcome: Result<(), &str>,
    now: i64,
) -> Result<(), ServiceError> {
    let (status, error) = match outcome {
        Ok(()) => (DONE, None),
        Err(e) => (FAILED, Some(e.chars().take(255).collect::<String>())),
    };
    Entity::update_many()
        .col_expr(Column::Status, Expr::value(status))
        .col_expr(Column::Payload, Expr::value(""))
        .col_expr(Column::LastError, Expr::value(error))
        .col_expr(Column::UpdatedAt, Expr::value(now))
        .filter(Column::Id.eq(id))
        .exec(db)
        .await?;
    Ok(())
}

/// Gives claimed job `id` back before it ran: queued, due now, the attempt
/// not counted. Returns whether it moved.
///
/// # Errors
/// A database error.
pub async fn release(db: &impl ConnectionTrait, id: i64, now: i64) -> Result<bool, ServiceError> {
    let done = Entity::update_many()
        .col_expr(Column::Status, Expr::value(QUEUED))
        .col_expr(Column::RunAt, Expr::value(now))
        .col_expr(Column::Attempts, Expr::col(Column::Attempts).sub(1))
        .col_expr(Column::UpdatedAt, Expr::value(now))
        .filter(Column::Id.eq(id))
        .filter(Column::Status.eq(RUNNING))
        .exec(db)
        .await?;
    Ok(done.rows_affected == 1)
}

/// Puts running job `id` whose run was cut off (at shutdown, its outside
/// call perhaps in flight) back in the queue after a backoff, or fails it
/// after [`MAX_ATTEMPTS`] runs. Returns whether it moved.
///
/// # Errors
/// A database error.
pub async fn interrupted(
    db: &impl ConnectionTrait,
    id: i64,
    now: i64,
) -> Result<bool, ServiceError> {
    let Some(row) = Entity::find_by_id(id).one(db).await? else {
        return Ok(false);
    };
    retry_or_fail(db, &row, now).await
}

/// The wait before run `attempts + 1` of a cut-off job.
pub fn backoff_ms(attempts: i32) -> i64 {
    RETRY_BASE_MS << attempts.clamp(1, 10).saturating_sub(1)
}

/// Jobs still `running` after their lease: their worker died during them.
async fn retry_interrupted(db: &impl ConnectionTrait, now: i64) -> Result<(), ServiceError> {
    let expired = Entity::find()
        .filter(Column::Status.eq(RUNNING))
        .filter(Column::RunAt.lt(now))
        .all(db)
        .await?;
    for row in expired {
        retry_or_fail(db, &row, now).await?;
    }
    Ok(())
}

/// Moves running job `row` back to the queue (due after the backoff) or,
/// past the attempt cap, to failed; only if nobody moved it meanwhile.
async fn retry_or_fail(
    db: &impl ConnectionTrait,
    row: &job::Model,
    now: i64,
) -> Result<bool, ServiceError> {
    let mut update = Entity::update_many()
        .col_expr(Column::LastError, Expr::value("interrupted"))
        .col_expr(Column::UpdatedAt, Expr::value(now));
    update = if row.attempts < MAX_ATTEMPTS {
        update
            .col_expr(Column::Status, Expr::value(QUEUED))
            .col_expr(Column::RunAt, Expr::value(now + backoff_ms(row.attempts)))
    } else {
        update
            .col_expr(Column::Status, Expr::value(FAILED))
            .col_expr(Column::Payload, Expr::value(""))
    };
    let moved = update
        .filter(Column::Id.eq(row.id))
        .filter(Column::Status.eq(RUNNING))
        .filter(Column::Attempts.eq(row.attempts))
        .exec(db)
        .await?;
    Ok(moved.rows_affected == 1)
}
