//! Reconciling messages whose outcome is unknown: a send cut off by a dead
//! worker becomes uncertain, and uncertain messages are looked up at the
//! provider until they are found, safely sendable again, or given up.
use super::{mark_sent, update, GRACE_MS, LOOKUP_EVERY_MS, MAX_LOOKUPS};
use crate::persistence::entities::sms_queue as row;
use crate::services::locate::queue::{FAILED, MAX_ATTEMPTS, QUEUED, SENDING, UNCERTAIN};
use crate::services::locate::status::{self, transition};
use crate::services::workers::lease_ms;
use crate::services::ServiceError;
use crate::sms::{OutgoingSms, SmsSender};
use app_core::model::locate::LocateStatus;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

/// Messages still `sending` after their lease: the worker died during the
/// provider call. They may have gone out, so they are reconciled, not resent.
pub(super) async fn interrupted_become_uncertain(
    db: &impl ConnectionTrait,
    now: i64,
) -> Result<(), ServiceError> {
    row::Entity::update_many()
        .col_expr(row::Column::Status, Expr::value(UNCERTAIN))
        .col_expr(row::Column::NextAttemptAt, Expr::value(now))
        .col_expr(row::Column::Lookups, Expr::value(0))
        .col_expr(
            row::Column::LastError,
            Expr::value("interrupted during send"),
        )
        .col_expr(row::Column::UpdatedAt, Expr::value(now))
        .filter(row::Column::Status.eq(SENDING))
        .filter(row::Column::NextAttemptAt.lt(now))
        .exec(db)
        .await?;
    Ok(())
}

/// Looks up the uncertain messages that are due; returns how many settled.
pub(super) async fn reconcile(
    db: &impl ConnectionTrait,
    sender: &SmsSender,
    now: i64,
    limit: u64,
) -> Result<usize, ServiceError> {
    let due = row::Entity::find()
        .filter(row::Column::Status.eq(UNCERTAIN))
        .filter(row::Column::NextAttemptAt.lte(now))
        .order_by_asc(row::Column::Id)
        .limit(limit)
        .all(db)
        .await?;
    let mut settled = 0;
    for message in due {
        let outgoing = OutgoingSms {
            to: message.to_e164.clone(),
            body: message.body.clone(),
        };
        let attempted_at = message.attempted_at.unwrap_or(message.updated_at);
        match sender.lookup(&outgoing).await {
            Ok(Some(sent)) => {
                mark_sent(db, &message, &sent, &[UNCERTAIN], now).await?;
                settled += 1;
            }
            Ok(None) if now >= attempted_at + lease_ms(GRACE_MS) => {
                // Not at the provider long after the attempt: it was not sent.
                let requeue = message.attempts < MAX_ATTEMPTS;
                let next = update(message.id, &[UNCERTAIN], now)
                    .col_expr(
                        row::Column::Status,
                        Expr::value(if requeue { QUEUED } else { FAILED }),
                    )
                    .col_expr(row::Column::NextAttemptAt, Expr::value(now));
                let next = if requeue {
                    next
                } else {
                    next.col_expr(row::Column::Body, Expr::value(""))
                };
                next.exec(db).await?;
                if let (Some(request_id), false) = (message.request_id, requeue) {
                    transition(db, status::request(request_id), LocateStatus::Failed, now).await?;
                }
            }
            Ok(None) => look_again(db, &message, now, false).await?,
            Err(error) => {
                tracing::warn!(message = message.id, error = %error, "SMS lookup failed; still uncertain");
                look_again(db, &message, now, true).await?;
            }
        }
    }
    Ok(settled)
}

/// Keeps the message uncertain for a later lookup; after [`MAX_LOOKUPS`]
/// failed lookups it is given up. Its request then shows "sent" (it may
/// have arrived), which offers the requester the one resend.
async fn look_again(
    db: &impl ConnectionTrait,
    message: &row::Model,
    now: i64,
    lookup_failed: bool,
) -> Result<(), ServiceError> {
    let lookups = message.lookups + i32::from(lookup_failed);
    if lookups >= MAX_LOOKUPS {
        update(message.id, &[UNCERTAIN], now)
            .col_expr(row::Column::Status, Expr::value(FAILED))
            .col_expr(row::Column::Body, Expr::value(""))
            .col_expr(
                row::Column::LastError,
                Expr::value("outcome unknown; lookups failed"),
            )
            .exec(db)
            .await?;
        if let Some(request_id) = message.request_id {
            transition(db, status::request(request_id), LocateStatus::Sent, now).await?;
        }
        return Ok(());
    }
    update(message.id, &[UNCERTAIN], now)
        .col_expr(row::Column::Lookups, Expr::value(lookups))
        .col_expr(
            row::Column::NextAttemptAt,
            Expr::value(now + LOOKUP_EVERY_MS * i64::from(std::cmp::max(lookups, 1))),
        )
        .exec(db)
        .await?;
    Ok(())
}
