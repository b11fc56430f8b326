//! The outgoing SMS queue, in the database so it survives restarts and is
//! shared by every instance. A message is claimed with a conditional update
//! (only one worker wins), sent once, and retried with backoff only when the
//! provider says the failure is temporary. A message whose send was
//! interrupted (the worker died mid-call) is never retried blindly: it may
//! have gone out, and a person must not get the same request twice.
use super::status::{self, transition};
use crate::persistence::entities::sms_queue as row;
use crate::services::ServiceError;
use crate::sms::{OutgoingSms, SmsSender};
use app::model::locate::LocateStatus;
use sea_orm::sea_query::{Expr, ExprTrait as _};
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

/// Tries before a message is given up.
pub const MAX_ATTEMPTS: i32 = 6;
/// How long a worker may hold a claimed message.
const LEASE_MS: i64 = 60_000;
const QUEUED: &str = "queued";
const SENDING: &str = "sending";
const SENT: &str = "sent";
const FAILED: &str = "failed";
/// Handed to the provider without a clear answer: it may have gone out.
const UNCERTAIN: &str = "uncertain";

/// A message to queue.
#[derive(Clone, Copy, Debug)]
pub struct NewSms<'a> {
    pub request_id: Option<i64>,
    /// 1: first message of a request; 2: its one resend. Unique per request.
    pub seq: i32,
    /// `locate` or `dnl_code`.
    pub purpose: &'a str,
    pub to: &'a str,
    pub body: &'a str,
}

/// Queues a message for the sender job.
///
/// # Errors
/// A database error (also when `(request_id, seq)` was queued before).
pub async fn enqueue(db: &impl ConnectionTrait, sms: NewSms<'_>, now: i64) -> Result<(), ServiceError> {
    let new = row::ActiveModel {
        request_id: Set(sms.request_id),
        seq: Set(sms.seq),
        purpose: Set(sms.purpose.to_owned()),
        to_e164: Set(sms.to.to_owned()),
        body: Set(sms.body.to_owned()),
        status: Set(QUEUED.to_owned()),
        attempts: Set(0),
        next_attempt_at: Set(now),
        provider_id: Set(None),
        last_error: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    };
    row::Entity::insert(new).exec(db).await?;
    Ok(())
}

/// Drops the queued (not yet claimed) messages of a request.
///
/// # Errors
/// A database error.
pub async fn cancel_for_request(db: &impl ConnectionTrait, request_id: i64, now: i64) -> Result<(), ServiceError> {
    row::Entity::update_many()
        .col_expr(row::Column::Status, Expr::value(FAILED))
        .col_expr(row::Column::Body, Expr::value(""))
        .col_expr(row::Column::LastError, Expr::value("cancelled"))
        .col_expr(row::Column::UpdatedAt, Expr::value(now))
        .filter(row::Column::RequestId.eq(request_id))
        .filter(row::Column::Status.eq(QUEUED))
        .exec(db)
        .await?;
    Ok(())
}

/// Settles a message whose send had an unknown outcome (or is still being
/// sent) once the provider names it: it went out as `provider_id`.
///
/// # Errors
/// A database error.
pub async fn settle_uncertain(db: &impl ConnectionTrait, id: i64, provider_id: &str, now: i64) -> Result<(), ServiceError> {
    row::Entity::update_many()
        .col_expr(row::Column::Status, Expr::value(SENT))
        .col_expr(row::Column::ProviderId, Expr::value(provider_id))
        .col_expr(row::Column::Body, Expr::value(""))
        .col_expr(row::Column::UpdatedAt, Expr::value(now))
        .filter(row::Column::Id.eq(id))
        .filter(row::Column::Status.is_in([UNCERTAIN, SENDING]))
        .exec(db)
        .await?;
    Ok(())
}

/// Exponential backoff: 30 s, 1, 2, 4, 8 min… capped at one hour.
pub fn backoff_ms(attempts: i32) -> i64 {
    let exp = u32::try_from(attempts.clamp(0, 7)).unwrap_or(0);
    std::cmp::min(30_000_i64 << exp, 3_600_000)
}

/// Sends what is due; returns how many messages were handled.
///
/// # Errors
/// A database error.
pub async fn run_due(db: &impl ConnectionTrait, sender: &SmsSender, now: i64, limit: u64) -> Result<usize, ServiceError> {
    give_up_interrupted(db, now).await?;
    let due = row::Entity::find()
        .filter(row::Column::Status.eq(QUEUED))
        .filter(row::Column::NextAttemptAt.lte(now))
        .order_by_asc(row::Column::Id)
        .limit(limit)
        .all(db)
        .await?;
    let mut handled = 0;
    for message in due {
        // Claim it: of several workers only one changes the row.
        let claimed = row::Entity::update_many()
            .col_expr(row::Column::Status, Expr::value(SENDING))
            .col_expr(row::Column::NextAttemptAt, Expr::value(now + LEASE_MS))
            .col_expr(row::Column::Attempts, Expr::col(row::Column::Attempts).add(1))
            .filter(row::Column::Id.eq(message.id))
            .filter(row::Column::Status.eq(QUEUED))
            .exec(db)
            .await?;
        if claimed.rows_affected != 1 {
            continue;
        }
        handled += 1;
        let outgoing = OutgoingSms { to: message.to_e164.clone(), body: message.body.clone() };
        match sender.send(&outgoing).await {
            Ok(sent) => {
                row::Entity::update_many()
                    .col_expr(row::Column::Status, Expr::value(SENT))
                    .col_expr(row::Column::ProviderId, Expr::value(sent.provider_id.clone()))
                    .col_expr(row::Column::Body, Expr::value(""))
                    .col_expr(row::Column::UpdatedAt, Expr::value(now))
                    .filter(row::Column::Id.eq(message.id))
                    .exec(db)
                    .await?;
                if let Some(request_id) = message.request_id {
                    transition(db, status::request(request_id), LocateStatus::Sent, now).await?;
                    if sent.report == super::sms_events::DeliveryReport::Delivered {
                        transition(db, status::request(request_id), LocateStatus::Delivered, now).await?;
                    }
                }
            }
            Err(error) => {
                let attempts = message.attempts + 1;
                let retry = error.is_transient() && attempts < MAX_ATTEMPTS;
                tracing::warn!(message = message.id, attempts, retry, error = %error, "SMS not sent");
                row::Entity::update_many()
                    .col_expr(row::Column::Status, Expr::value(if retry { QUEUED } else { FAILED }))
                    .col_expr(row::Column::NextAttemptAt, Expr::value(now + backoff_ms(attempts)))
                    .col_expr(row::Column::LastError, Expr::value(error.to_string().chars().take(255).collect::<String>()))
                    .col_expr(row::Column::Body, Expr::value(if retry { message.body.clone() } else { String::new() }))
                    .col_expr(row::Column::UpdatedAt, Expr::value(now))
                    .filter(row::Column::Id.eq(message.id))
                    .exec(db)
                    .await?;
                if !retry {
                    if let Some(request_id) = message.request_id {
                        transition(db, status::request(request_id), LocateStatus::Failed, now).await?;
                    }
                }
            }
        }
    }
    Ok(handled)
}

/// Messages still `sending` after their lease: the worker died during the
/// provider call. They may have been delivered, so they fail instead of
/// being sent again; the requester may resend once.
async fn give_up_interrupted(db: &impl ConnectionTrait, now: i64) -> Result<(), ServiceError> {
    let stuck = row::Entity::find()
        .filter(row::Column::Status.eq(SENDING))
        .filter(row::Column::NextAttemptAt.lt(now))
        .all(db)
        .await?;
    for message in stuck {
        row::Entity::update_many()
            .col_expr(row::Column::Status, Expr::value(FAILED))
            .col_expr(row::Column::Body, Expr::value(""))
            .col_expr(row::Column::LastError, Expr::value("interrupted during send"))
            .col_expr(row::Column::UpdatedAt, Expr::value(now))
            .filter(row::Column::Id.eq(message.id))
            .filter(row::Column::Status.eq(SENDING))
            .exec(db)
            .await?;
        if let Some(request_id) = message.request_id {
            // Sent or not, nothing proves delivery: show "sent" so a resend is offered.
            transition(db, status::request(request_id), LocateStatus::Sent, now).await?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::backoff_ms;

    #[test]
    fn backoff_doubles_and_caps_at_an_hour() {
        assert_eq!(backoff_ms(0), 30_000);
        assert_eq!(backoff_ms(1), 60_000);
        assert_eq!(backoff_ms(3), 240_000);
        assert_eq!(backoff_ms(20), 3_600_000);
    }
}
