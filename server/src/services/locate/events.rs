//! The requesters' live news: every change a requester sees (a status, a
//! shared or live position, a stop, a delete) adds a row to
//! `locate_events` in the transaction of the change; the live feed of every
//! server instance (`services::live_feed`) reads them and tells that
//! requester's open dashboards, which then read their requests again.
//! Rows are kept for an hour.
use crate::persistence::entities::{locate_event as event, locate_request as request};
use crate::services::live_feed::{FeedTable, LiveHub, StreamBounds};
use crate::services::ServiceError;
use app_core::model::locate::LocateStatus;
use sea_orm::sea_query::{Expr, Query};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
};
use std::sync::Arc;
use tokio::sync::Notify;

/// The news rows, by requester.
const FEED: FeedTable = FeedTable {
    table: "locate_events",
    id: "id",
    topic: "requester_id",
};
/// How long a news row is kept (streams read it within seconds).
const KEEP_MS: i64 = 3_600_000;
/// Dashboards one account may keep live at once.
const STREAMS_PER_ACCOUNT: usize = 4;

/// The locate feed's hub (the chat's total and per-address bounds, a few
/// streams per account), woken by `wake` when this process stores news.
pub fn hub(db: DatabaseConnection, bounds: StreamBounds, wake: Arc<Notify>) -> Arc<LiveHub> {
    let bounds = StreamBounds {
        per_topic: STREAMS_PER_ACCOUNT,
        ..bounds
    };
    LiveHub::new(db, FEED, bounds, wake)
}

/// Records news for the requests matching `which`.
async fn record(db: &impl ConnectionTrait, which: Condition, now: i64) -> Result<(), ServiceError> {
    let rows = Query::select()
        .column(request::Column::Id)
        .column(request::Column::RequesterId)
        .expr(Expr::val(now))
        .from(request::Entity)
        .cond_where(which)
        .to_owned();
    let insert = Query::insert()
        .into_table(event::Entity)
        .columns([
            event::Column::RequestId,
            event::Column::RequesterId,
            event::Column::CreatedAt,
        ])
        .select_from(rows)
        .map_err(|e| ServiceError::Database(sea_orm::DbErr::Custom(e.to_string())))?
        .to_owned();
    db.execute(&insert).await?;
    Ok(())
}

/// Request `id` changed (a position, a stop, a delete).
///
/// # Errors
/// A database error.
pub async fn changed(db: &impl ConnectionTrait, id: i64, now: i64) -> Result<(), ServiceError> {
    record(db, Condition::all().add(request::Column::Id.eq(id)), now).await
}

/// The requests of `scope` that just moved to `to` at `now`.
///
/// # Errors
/// A database error.
pub async fn moved(
    db: &impl ConnectionTrait,
    scope: Condition,
    to: LocateStatus,
    now: i64,
) -> Result<(), ServiceError> {
    let which = scope
        .add(request::Column::Status.eq(to.code()))
        .add(request::Column::UpdatedAt.eq(now));
    record(db, which, now).await
}

/// Deletes news older than an hour.
///
/// # Errors
/// A database error.
pub async fn prune(db: &impl ConnectionTrait, now: i64) -> Result<u64, ServiceError> {
    let done = event::Entity::delete_many()
        .filter(event::Column::CreatedAt.lt(now - KEEP_MS))
        .exec(db)
        .await?;
    Ok(done.rows_affected)
}
