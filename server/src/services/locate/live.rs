//! How a shared position is stored and, for live sharing, kept current.
//! Live sharing keeps one row per request, the latest position: each update
//! replaces it and moves its deletion to the same retention window a
//! one-shot position gets. Updates are accepted only inside the window the
//! owner chose, which never reaches past the request's own expiry, only
//! while the row exists (deleting it, from either side, ends the sharing)
//! and at most `LOCATE_LIVE_UPDATES_PER_MIN` a minute, one atomic unit of
//! `limits` per update.
use super::effective_status;
use super::reveal::{self, by_token};
use crate::persistence::entities::{locate_position, locate_request as request};
use crate::services::limits::{self, Rule};
use crate::services::{Cx, ServiceError};
use app_core::i18n::Key;
use app_core::model::locate::{LocateStatus, RevealView, ShareMode, SharePrecision};
use app_core::model::sharing::at_precision;
use app_core::model::GeoPoint;
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};
use sea_orm::{Condition, TransactionTrait};

/// The row a share stores: the point at the mode's precision (rounded here
/// too, whatever the client sent) and, for live sharing, its window.
pub(super) fn first_position(
    cx: &Cx,
    row: &request::Model,
    point: GeoPoint,
    mode: ShareMode,
) -> (GeoPoint, locate_position::ActiveModel) {
    let precision = mode.precision();
    let stored = at_precision(point, precision);
    let live_until = mode
        .live_ms()
        .map(|window| (cx.now + window).min(row.expires_at));
    let position = locate_position::ActiveModel {
        request_id: Set(row.id),
        latitude: Set(stored.lat),
        longitude: Set(stored.lng),
        accuracy: Set(stored.accuracy),
        shared_at: Set(cx.now),
        delete_after: Set(cx.now + cx.config.locate.retention_ms),
        precision: Set(precision.code().to_owned()),
        live_until: Set(live_until),
        ..Default::default()
    };
    (stored, position)
}

/// A live sharing's next position, from the owner's open page.
///
/// # Errors
/// [`Key::RevealLinkGone`] for a link that opens nothing;
/// [`Key::RevealLiveEnded`] once the sharing ended (its time is up, it was
/// stopped or deleted, or it was never live); [`Key::RevealPositionInvalid`];
/// [`ServiceError::RateLimited`] past the updates allowed per minute.
pub async fn update(cx: &Cx, token: &str, point: GeoPoint) -> Result<RevealView, ServiceError> {
    let row = by_token(&cx.db, token)
        .await?
        .ok_or(ServiceError::Invalid(Key::RevealLinkGone))?;
    if effective_status(&row, cx.now) != LocateStatus::Located {
        return Err(ServiceError::Invalid(Key::RevealLiveEnded));
    }
    if !is_position(&point) {
        return Err(ServiceError::Invalid(Key::RevealPositionInvalid));
    }
    let txn = cx.db.begin().await?;
    // The limit first: on SQLite it takes the write lock before any read.
    let rule = Rule::per_minutes(cx.config.locate.live_updates_per_minute, 1);
    limits::take(&txn, &format!("locate:live:{}", row.id), rule, cx.now).await?;
    let stored = match position_of(&txn, row.id).await? {
        Some(p) => at_precision(point, SharePrecision::from_code(&p.precision)),
        None => return Err(ServiceError::Invalid(Key::RevealLiveEnded)),
    };
    let moved = locate_position::Entity::update_many()
        .col_expr(locate_position::Column::Latitude, Expr::value(stored.lat))
        .col_expr(locate_position::Column::Longitude, Expr::value(stored.lng))
        .col_expr(
            locate_position::Column::Accuracy,
            Expr::value(stored.accuracy),
        )
        .col_expr(locate_position::Column::SharedAt, Expr::value(cx.now))
        .col_expr(
            locate_position::Column::DeleteAfter,
            Expr::value(cx.now + cx.config.locate.retention_ms),
        )
        .filter(live_now(row.id, cx.now))
        .exec(&txn)
        .await?;
    if moved.rows_affected != 1 {
        return Err(ServiceError::Invalid(Key::RevealLiveEnded));
    }
    super::events::changed(&txn, row.id, cx.now).await?;
    txn.commit().await?;
    cx.wake.locate.notify_one();
    reveal::build(cx, &row, None).await
}

/// Ends a live sharing now; the last position stays until it is deleted.
/// Returns whether a live sharing was running.
///
/// # Errors
/// A database error.
pub(super) async fn stop(
    db: &impl ConnectionTrait,
    request_id: i64,
    now: i64,
) -> Result<bool, ServiceError> {
    let done = locate_position::Entity::update_many()
        .col_expr(locate_position::Column::LiveUntil, Expr::value(now))
        .filter(live_now(request_id, now))
        .exec(db)
        .await?;
    if done.rows_affected == 1 {
        super::events::changed(db, request_id, now).await?;
    }
    Ok(done.rows_affected == 1)
}

/// The request's position while its live sharing runs.
fn live_now(request_id: i64, now: i64) -> Condition {
    Condition::all()
        .add(locate_position::Column::RequestId.eq(request_id))
        .add(locate_position::Column::LiveUntil.gt(now))
}

/// The request's stored position, if any.
///
/// # Errors
/// A database error.
pub(super) async fn position_of(
    db: &impl ConnectionTrait,
    request_id: i64,
) -> Result<Option<locate_position::Model>, ServiceError> {
    Ok(locate_position::Entity::find()
        .filter(locate_position::Column::RequestId.eq(request_id))
        .one(db)
        .await?)
}

/// Whether `p` is a position on Earth with a sane accuracy.
pub(super) fn is_position(p: &GeoPoint) -> bool {
    p.lat.is_finite()
        && p.lng.is_finite()
        && (-90.0..=90.0).contains(&p.lat)
        && (-180.0..=180.0).contains(&p.lng)
        && p.accuracy.is_none_or(|a| a.is_finite() && a >= 0.0)
}
