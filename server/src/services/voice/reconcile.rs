//! Uncertain calls: placed (or maybe placed) without a clear answer. Looked
//! up at the provider — a call from us to that number after the attempt is
//! this message's call. Found: it goes on as that call. Not found well after
//! the attempt ([`GRACE_MS`]) and never confirmed: it was not placed, so it
//! may be placed again. A call we once had confirmed is never placed again.
use super::events::{apply_progress, fail};
use super::status::{transition, CALLING, QUEUED, UNCERTAIN};
use crate::calls::{CallPlacer, CallQuery, PlacedCall};
use crate::persistence::entities::voice_message::{self as row, Column};
use crate::services::{Cx, ServiceError};
use sea_orm::sea_query::{Expr, ExprTrait as _};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

/// How soon an uncertain call is looked up (again).
pub const LOOKUP_EVERY_MS: i64 = 30_000;
/// How long after an attempt "not at the provider" means "not placed".
pub const GRACE_MS: i64 = 120_000;

/// Looks up the uncertain calls that are due; returns how many were handled.
///
/// # Errors
/// A database error.
pub async fn run(cx: &Cx, calls: &CallPlacer, limit: u64) -> Result<usize, ServiceError> {
    let due = row::Entity::find()
        .filter(Column::Status.eq(UNCERTAIN))
        .filter(Column::NextAttemptAt.lte(cx.now))
        .order_by_asc(Column::Id)
        .limit(limit)
        .all(&cx.db)
        .await?;
    for m in &due {
        look_up(cx, calls, m).await?;
    }
    Ok(due.len())
}

/// Looks up one uncertain call and moves the message on by what was found.
async fn look_up(cx: &Cx, calls: &CallPlacer, m: &row::Model) -> Result<(), ServiceError> {
    let since = m.attempted_at.unwrap_or(m.updated_at);
    let exclude = others_calls(cx, m).await?;
    let query = CallQuery {
        to: &m.to_e164,
        since_ms: since,
        call_ref: &m.call_ref,
        exclude: &exclude,
    };
    match calls.lookup(&query).await {
        Ok(Some(placed)) => go_on_as(cx, m, placed).await,
        Ok(None) if m.provider_id.is_none() && cx.now >= since + GRACE_MS => {
            not_placed(cx, m).await
        }
        Ok(None) => look_again(cx, m, false).await,
        Err(error) => {
            tracing::warn!(message = m.id, error = %error, "voice call lookup failed; still uncertain");
            look_again(cx, m, true).await
        }
    }
}

/// Found at the provider: the message goes on as that call.
async fn go_on_as(cx: &Cx, m: &row::Model, placed: PlacedCall) -> Result<(), ServiceError> {
    let changes = vec![
        (Column::ProviderId, Expr::value(placed.provider_id.clone())),
        (
            Column::NextAttemptAt,
            Expr::value(cx.now + super::status::WATCHDOG_MS),
        ),
        (Column::Failures, Expr::value(0)),
    ];
    if transition(
        &cx.db,
        m.id,
        CALLING,
        Some(&[UNCERTAIN][..]),
        changes,
        cx.now,
    )
    .await?
    {
        apply_progress(cx, m, placed.progress).await?;
    }
    Ok(())
}

/// Never placed: queued again, the lost attempt not counted.
async fn not_placed(cx: &Cx, m: &row::Model) -> Result<(), ServiceError> {
    let changes = vec![
        (Column::Attempts, Expr::col(Column::Attempts).sub(1)),
        (Column::NextAttemptAt, Expr::value(cx.now)),
        (
            Column::LastError,
            Expr::value("not placed (not found at the provider)"),
        ),
    ];
    transition(
        &cx.db,
        m.id,
        QUEUED,
        Some(&[UNCERTAIN][..]),
        changes,
        cx.now,
    )
    .await?;
    Ok(())
}

/// The provider ids of the other messages to the same number: a call one
/// of them owns is not this message's call.
async fn others_calls(cx: &Cx, m: &row::Model) -> Result<Vec<String>, ServiceError> {
    let rows = row::Entity::find()
        .filter(Column::ToE164.eq(&m.to_e164))
        .filter(Column::Id.ne(m.id))
        .filter(Column::ProviderId.is_not_null())
        .filter(Column::UpdatedAt.gte(m.attempted_at.unwrap_or(m.updated_at) - 86_400_000))
        .all(&cx.db)
        .await?;
    Ok(rows.into_iter().filter_map(|r| r.provider_id).collect())
}

/// Keeps the call uncertain for a later lookup; after a few failed lookups
/// (or a confirmed call that can no longer be found) it is given up.
async fn look_again(cx: &Cx, m: &row::Model, lookup_failed: bool) -> Result<(), ServiceError> {
    let failures = m.failures + 1;
    let lost = m.provider_id.is_some() && !lookup_failed && failures >= super::status::MAX_FAILURES;
    if lost || (lookup_failed && failures >= super::status::MAX_FAILURES) {
        return fail(cx, m, "outcome unknown; the call could not be found").await;
    }
    let changes = vec![
        (Column::Failures, Expr::col(Column::Failures).add(1)),
        (
            Column::NextAttemptAt,
            Expr::value(cx.now + LOOKUP_EVERY_MS * i64::from(failures)),
        ),
    ];
    transition(
        &cx.db,
        m.id,
        UNCERTAIN,
        Some(&[UNCERTAIN][..]),
        changes,
        cx.now,
    )
    .await?;
    Ok(())
}
