//! What the call provider reports about a call (progress, and the key the
//! called person pressed). A report applies only to the call it names by
//! its call reference: a late report of an earlier call changes nothing.
use super::status::{
    transition, CALLING, DELIVERED, FAILED, NO_ANSWER, OPEN, OPTED_OUT, QUEUED, UNCERTAIN,
};
use crate::calls::CallProgress;
use crate::persistence::entities::voice_message::{self as row, Column};
use crate::services::abuse_reports;
use crate::services::do_not_contact::{self as registry, Reason};
use crate::services::{reactions, Cx, ServiceError};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, TransactionTrait};

/// Calls per message at most: the first and one retry after busy or no answer.
pub const MAX_CALLS: i32 = 2;

/// What pressing a key did.
#[derive(Debug)]
pub enum KeyOutcome {
    /// 9: the number will get no more messages (nor locate requests).
    Stopped(row::Model),
    /// 8: the message went to the abuse queue.
    Reported(row::Model),
    /// Another key, or a call we do not know.
    Ignored,
}

async fn by_call_ref(
    db: &impl ConnectionTrait,
    call_ref: &str,
) -> Result<Option<row::Model>, ServiceError> {
    Ok(row::Entity::find()
        .filter(Column::CallRef.eq(call_ref))
        .one(db)
        .await?)
}

/// Records the provider's report on the call `call_ref`.
///
/// # Errors
/// A database error.
pub async fn record_progress(
    cx: &Cx,
    call_ref: &str,
    progress: CallProgress,
) -> Result<(), ServiceError> {
    match by_call_ref(&cx.db, call_ref).await? {
        Some(m) => apply_progress(cx, &m, progress).await,
        None => Ok(()),
    }
}

/// Moves `m` on by its call's `progress`. Busy or unanswered: one retry
/// after the configured delay, then "no answer".
///
/// # Errors
/// A database error.
pub async fn apply_progress(
    cx: &Cx,
    m: &row::Model,
    progress: CallProgress,
) -> Result<(), ServiceError> {
    let done = vec![(Column::NextAttemptAt, Expr::value(Option::<i64>::None))];
    match progress {
        CallProgress::Queued | CallProgress::Ringing | CallProgress::InProgress => {
            let watch = vec![(
                Column::NextAttemptAt,
                Expr::value(cx.now + super::status::WATCHDOG_MS),
            )];
            transition(
                &cx.db,
                m.id,
                CALLING,
                Some(&[CALLING, UNCERTAIN][..]),
                watch,
                cx.now,
            )
            .await?;
        }
        CallProgress::Completed => {
            transition(&cx.db, m.id, DELIVERED, None, done, cx.now).await?;
        }
        CallProgress::Busy | CallProgress::NoAnswer if m.attempts < MAX_CALLS => {
            let retry = vec![
                (
                    Column::NextAttemptAt,
                    Expr::value(cx.now + cx.config.voice.retry_delay_ms),
                ),
                (Column::LastError, Expr::value(format!("{progress:?}"))),
            ];
            transition(
                &cx.db,
                m.id,
                QUEUED,
                Some(&[CALLING, UNCERTAIN][..]),
                retry,
                cx.now,
            )
            .await?;
        }
        CallProgress::Busy | CallProgress::NoAnswer => {
            transition(&cx.db, m.id, NO_ANSWER, None, done, cx.now).await?;
        }
        CallProgress::Failed | CallProgress::Canceled => {
            fail(cx, m, &format!("{progress:?}")).await?
        }
    }
    Ok(())
}

/// Ends `m` as failed, keeping `why` for support.
///
/// # Errors
/// A database error.
pub async fn fail(cx: &Cx, m: &row::Model, why: &str) -> Result<(), ServiceError> {
    let changes = vec![
        (Column::NextAttemptAt, Expr::value(Option::<i64>::None)),
        (
            Column::LastError,
            Expr::value(why.chars().take(255).collect::<String>()),
        ),
    ];
    transition(&cx.db, m.id, FAILED, None, changes, cx.now).await?;
    Ok(())
}

/// The called person pressed `key` during the call `call_ref`.
///
/// # Errors
/// A database error.
pub async fn record_key(cx: &Cx, call_ref: &str, key: char) -> Result<KeyOutcome, ServiceError> {
    let Some(m) = by_call_ref(&cx.db, call_ref).await? else {
        return Ok(KeyOutcome::Ignored);
    };
    match key {
        '9' => {
            stop_all(cx, &m).await?;
            tracing::info!(
                message = m.id,
                country = crate::domain::phone::country_code(&m.to_e164),
                "called number pressed 9: no more messages"
            );
            Ok(KeyOutcome::Stopped(m))
        }
        '8' => {
            report(cx, &m).await?;
            tracing::info!(message = m.id, "called number pressed 8: message reported");
            Ok(KeyOutcome::Reported(m))
        }
        _ => Ok(KeyOutcome::Ignored),
    }
}

/// 9: the number joins the do-not-contact registry; its open messages end
/// and so does what the other features have pending for it (locating: its
/// pending requests), in one transaction.
async fn stop_all(cx: &Cx, m: &row::Model) -> Result<(), ServiceError> {
    let txn = cx.db.begin().await?;
    registry::add(&txn, &m.to_e164, Reason::CallStop, cx.now).await?;
    row::Entity::update_many()
        .col_expr(Column::Status, Expr::value(OPTED_OUT))
        .col_expr(Column::NextAttemptAt, Expr::value(Option::<i64>::None))
        .col_expr(Column::UpdatedAt, Expr::value(cx.now))
        .filter(Column::ToE164.eq(&m.to_e164))
        .filter(Column::Status.is_in(OPEN))
        .exec(&txn)
        .await?;
    reactions::number_opted_out(&txn, &m.to_e164, cx.now).await?;
    txn.commit().await?;
    Ok(())
}

/// 8: one open report per message and number (pressing 8 twice is one report).
async fn report(cx: &Cx, m: &row::Model) -> Result<(), ServiceError> {
    let report = abuse_reports::NewReport {
        source: "voice_message",
        subject_id: m.id,
        accused_user_id: Some(m.user_id),
        reporter_e164: &m.to_e164,
    };
    abuse_reports::file(&cx.db, report, cx.now).await
}
