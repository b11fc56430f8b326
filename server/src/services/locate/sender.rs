//! The SMS sender job: claims due messages with a conditional update (only
//! one worker wins), sends each once, and retries with backoff only when the
//! provider says the failure is temporary. An outside call whose outcome is
//! unknown (the answer timed out or did not parse, the worker died mid-call)
//! is never repeated blindly: the message becomes `uncertain`, keeps its
//! body, and is reconciled — a delivery report naming it, or a lookup at the
//! provider matching its exact body. Found: it was sent. Not found well
//! after the attempt ([`GRACE_MS`]): safe to send again, as a new attempt.
//! The lookup failing: still unknown, look again later, and after
//! [`MAX_LOOKUPS`] failures give up.
use super::queue::{backoff_ms, FAILED, MAX_ATTEMPTS, QUEUED, SENDING, SENT, UNCERTAIN};
use super::sms_events::DeliveryReport;
use super::status::{self, transition};
use crate::persistence::entities::sms_queue as row;
use crate::services::workers::{lease_ms, Stop, Work};
use crate::services::ServiceError;
use crate::sms::{OutgoingSms, SentSms, SmsError, SmsSender};
use app_core::model::locate::LocateStatus;
use sea_orm::sea_query::{Expr, ExprTrait as _, SimpleExpr};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

mod reconcile;

/// How long a worker may hold a claimed message.
const LEASE_MS: i64 = 60_000;
/// How long after an attempt "not found at the provider" means "not sent".
pub const GRACE_MS: i64 = 120_000;
/// How soon an uncertain message is looked up (again).
const LOOKUP_EVERY_MS: i64 = 30_000;
/// Failed lookups before an uncertain message is given up.
pub const MAX_LOOKUPS: i32 = 10;

/// Reconciles uncertain messages, then sends what is due; returns how many
/// messages were sent or settled.
///
/// # Errors
/// A database error.
pub async fn run_due(
    db: &impl ConnectionTrait,
    sender: &SmsSender,
    now: i64,
    limit: u64,
) -> Result<usize, ServiceError> {
    run_due_until(db, sender, &Stop::default(), now, limit).await
}

/// [`run_due`] for a worker that may be asked to stop: no message is
/// claimed after `stop` was requested, and the one being sent is held in
/// `stop` so a cut-off send is reconciled, never repeated blindly.
///
/// # Errors
/// A database error.
pub async fn run_due_until(
    db: &impl ConnectionTrait,
    sender: &SmsSender,
    stop: &Stop,
    now: i64,
    limit: u64,
) -> Result<usize, ServiceError> {
    reconcile::interrupted_become_uncertain(db, now).await?;
    let mut handled = reconcile::reconcile(db, sender, now, limit).await?;
    let due = row::Entity::find()
        .filter(row::Column::Status.eq(QUEUED))
        .filter(row::Column::NextAttemptAt.lte(now))
        .filter(super::queue::requester_has_access(now))
        .order_by_asc(row::Column::Id)
        .limit(limit)
        .all(db)
        .await?;
    for message in due {
        if stop.requested() {
            break;
        }
        if !claim(db, &message, now).await? {
            continue;
        }
        handled += 1;
        let hold = stop.hold(Work::Sms(message.id));
        hold.calling();
        send_claimed(db, sender, &message, now).await?;
    }
    Ok(handled)
}

/// Claims a queued message for one send under a lease; `false` when another
/// worker was first.
async fn claim(
    db: &impl ConnectionTrait,
    message: &row::Model,
    now: i64,
) -> Result<bool, ServiceError> {
    let claimed = row::Entity::update_many()
        .col_expr(row::Column::Status, Expr::value(SENDING))
        .col_expr(
            row::Column::NextAttemptAt,
            Expr::value(now + lease_ms(LEASE_MS)),
        )
        .col_expr(row::Column::AttemptedAt, Expr::value(now))
        .col_expr(
            row::Column::Attempts,
            Expr::col(row::Column::Attempts).add(1),
        )
        .filter(row::Column::Id.eq(message.id))
        .filter(row::Column::Status.eq(QUEUED))
        .filter(super::queue::requester_has_access(now))
        .exec(db)
        .await?;
    Ok(claimed.rows_affected == 1)
}

/// Sends a claimed message once and records the outcome: sent, not sent,
/// or unknown (then it is looked up, never sent again blindly).
async fn send_claimed(
    db: &impl ConnectionTrait,
    sender: &SmsSender,
    message: &row::Model,
    now: i64,
) -> Result<(), ServiceError> {
    let outgoing = OutgoingSms {
        to: message.to_e164.clone(),
        body: message.body.clone(),
    };
    match sender.send_tracked(&outgoing, Some(message.id)).await {
        Ok(sent) => {
            crate::metrics::sms_outcome("sent");
            mark_sent(db, message, &sent, &[SENDING], now).await
        }
        Err(error) if error.outcome_unknown() => {
            tracing::warn!(message = message.id, error = %error, "SMS outcome unknown; will look it up");
            crate::metrics::sms_outcome("uncertain");
            update(message.id, &[SENDING], now)
                .col_expr(row::Column::Status, Expr::value(UNCERTAIN))
                .col_expr(
                    row::Column::NextAttemptAt,
                    Expr::value(now + LOOKUP_EVERY_MS),
                )
                .col_expr(row::Column::Lookups, Expr::value(0))
                .col_expr(row::Column::LastError, Expr::value(short(&error)))
                .exec(db)
                .await?;
            Ok(())
        }
        Err(error) => {
            crate::metrics::sms_outcome("failed");
            not_sent(db, message, &error, now).await
        }
    }
}

fn short(error: &SmsError) -> String {
    error.to_string().chars().take(255).collect()
}

/// An update of message `id` while it is in one of `from`.
fn update(id: i64, from: &[&str], now: i64) -> sea_orm::UpdateMany<row::Entity> {
    row::Entity::update_many()
        .col_expr(row::Column::UpdatedAt, Expr::value(now))
        .filter(row::Column::Id.eq(id))
        .filter(row::Column::Status.is_in(from.iter().copied()))
}

/// The provider has it: sent, the secret body is dropped, the request moves on.
async fn mark_sent(
    db: &impl ConnectionTrait,
    message: &row::Model,
    sent: &SentSms,
    from: &[&str],
    now: i64,
) -> Result<(), ServiceError> {
    let done = update(message.id, from, now)
        .col_expr(row::Column::Status, Expr::value(SENT))
        .col_expr(
            row::Column::ProviderId,
            Expr::value(sent.provider_id.clone()),
        )
        .col_expr(row::Column::Body, Expr::value(""))
        .exec(db)
        .await?;
    if let (Some(request_id), 1) = (message.request_id, done.rows_affected) {
        transition(db, status::request(request_id), LocateStatus::Sent, now).await?;
        if sent.report == DeliveryReport::Delivered {
            transition(
                db,
                status::request(request_id),
                LocateStatus::Delivered,
                now,
            )
            .await?;
        }
    }
    Ok(())
}

/// A clear refusal: retried later when temporary, else the message fails.
async fn not_sent(
    db: &impl ConnectionTrait,
    message: &row::Model,
    error: &SmsError,
    now: i64,
) -> Result<(), ServiceError> {
    let attempts = message.attempts + 1;
    let retry = error.is_transient() && attempts < MAX_ATTEMPTS;
    tracing::warn!(message = message.id, attempts, retry, error = %error, "SMS not sent");
    let body: SimpleExpr = if retry {
        Expr::col(row::Column::Body)
    } else {
        Expr::value("")
    };
    update(message.id, &[SENDING], now)
        .col_expr(
            row::Column::Status,
            Expr::value(if retry { QUEUED } else { FAILED }),
        )
        .col_expr(
            row::Column::NextAttemptAt,
            Expr::value(now + backoff_ms(attempts)),
        )
        .col_expr(row::Column::LastError, Expr::value(short(error)))
        .col_expr(row::Column::Body, body)
        .exec(db)
        .await?;
    if let (Some(request_id), false) = (message.request_id, retry) {
        transition(db, status::request(request_id), LocateStatus::Failed, now).await?;
    }
    Ok(())
}
