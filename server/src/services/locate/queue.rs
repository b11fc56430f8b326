//! The outgoing SMS queue, in the database so it survives restarts and is
//! shared by every instance: what is queued, dropped or settled. Sending
//! and reconciling live in `sender`. A locate request's SMS goes out only
//! while its requester has access: a refund drops the requester's queued
//! messages in its own transaction, and the sender claims a message only
//! while the requester's access lasts.
use super::status::transition;
use crate::persistence::entities::{locate_request, sms_queue as row, user};
use crate::services::ServiceError;
use app_core::model::locate::LocateStatus;
use sea_orm::sea_query::{Expr, ExprTrait as _, Query};
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter};

pub use crate::services::sms_queue::{enqueue, NewSms, MAX_ATTEMPTS};
pub(super) use crate::services::sms_queue::{FAILED, QUEUED, SENDING, SENT, UNCERTAIN};

/// Drops the queued (not yet claimed) messages of a request.
///
/// # Errors
/// A database error.
pub async fn cancel_for_request(
    db: &impl ConnectionTrait,
    request_id: i64,
    now: i64,
) -> Result<(), ServiceError> {
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

/// Drops the queued (not yet claimed) messages of `requester_id`'s
/// requests, whose access ends in the caller's transaction; the requests
/// that never reached the number's owner end as cancelled, their links dead.
///
/// # Errors
/// A database error.
pub async fn cancel_queued_for_requester(
    db: &impl ConnectionTrait,
    requester_id: i64,
    now: i64,
) -> Result<(), ServiceError> {
    let requests = Query::select()
        .column(locate_request::Column::Id)
        .from(locate_request::Entity)
        .and_where(locate_request::Column::RequesterId.eq(requester_id))
        .to_owned();
    row::Entity::update_many()
        .col_expr(row::Column::Status, Expr::value(FAILED))
        .col_expr(row::Column::Body, Expr::value(""))
        .col_expr(row::Column::LastError, Expr::value("cancelled"))
        .col_expr(row::Column::UpdatedAt, Expr::value(now))
        .filter(row::Column::RequestId.in_subquery(requests))
        .filter(row::Column::Status.eq(QUEUED))
        .exec(db)
        .await?;
    let unsent = Condition::all()
        .add(locate_request::Column::RequesterId.eq(requester_id))
        .add(locate_request::Column::Status.eq(LocateStatus::Created.code()));
    transition(db, unsent, LocateStatus::Cancelled, now).await?;
    Ok(())
}

/// The messages that may be sent now: those of no request (codes), or of
/// a request whose requester still has access.
pub(super) fn requester_has_access(now: i64) -> Condition {
    let members = Query::select()
        .column(user::Column::Id)
        .from(user::Entity)
        .and_where(user::Column::VipTime.gt(now))
        .to_owned();
    let requests = Query::select()
        .column(locate_request::Column::Id)
        .from(locate_request::Entity)
        .and_where(locate_request::Column::RequesterId.in_subquery(members))
        .to_owned();
    Condition::any()
        .add(row::Column::RequestId.is_null())
        .add(row::Column::RequestId.in_subquery(requests))
}

/// Settles a message whose send had an unknown outcome (or is still being
/// sent) once the provider names it: it went out as `provider_id`.
///
/// # Errors
/// A database error.
pub async fn settle_uncertain(
    db: &impl ConnectionTrait,
    id: i64,
    provider_id: &str,
    now: i64,
) -> Result<(), ServiceError> {
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

/// Hands back message `id` held by a stopping worker: back to the queue,
/// due now, when it was only claimed (`released`); uncertain, to be looked
/// up at once, when the provider call may have left. Returns whether it moved.
///
/// # Errors
/// A database error.
pub async fn hand_back(
    db: &impl ConnectionTrait,
    id: i64,
    released: bool,
    now: i64,
) -> Result<bool, ServiceError> {
    let update = row::Entity::update_many()
        .col_expr(row::Column::NextAttemptAt, Expr::value(now))
        .col_expr(row::Column::UpdatedAt, Expr::value(now))
        .filter(row::Column::Id.eq(id))
        .filter(row::Column::Status.eq(SENDING));
    let update = if released {
        update
            .col_expr(row::Column::Status, Expr::value(QUEUED))
            .col_expr(
                row::Column::Attempts,
                Expr::col(row::Column::Attempts).sub(1),
            )
    } else {
        update
            .col_expr(row::Column::Status, Expr::value(UNCERTAIN))
            .col_expr(row::Column::Lookups, Expr::value(0))
            .col_expr(
                row::Column::LastError,
                Expr::value("interrupted by shutdown"),
            )
    };
    Ok(update.exec(db).await?.rows_affected == 1)
}

/// Exponential backoff: 30 s, 1, 2, 4, 8 min… capped at one hour.
pub fn backoff_ms(attempts: i32) -> i64 {
    let exp = u32::try_from(attempts.clamp(0, 7)).unwrap_or(0);
    std::cmp::min(30_000_i64 << exp, 3_600_000)
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
