//! Time-driven rules, run by the background jobs: links expire, shared
//! positions are deleted after the retention window.
use super::status;
use crate::persistence::entities::{locate_position, locate_request as request};
use crate::services::ServiceError;
use app_core::model::locate::LocateStatus;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

/// Pending requests past their expiry become `expired`; their links die.
///
/// # Errors
/// A database error.
pub async fn expire_requests(db: &impl ConnectionTrait, now: i64) -> Result<u64, ServiceError> {
    let scope = sea_orm::Condition::all().add(request::Column::ExpiresAt.lte(now));
    status::transition(db, scope, LocateStatus::Expired, now).await
}

/// Deletes positions whose retention window has passed.
///
/// # Errors
/// A database error.
pub async fn delete_old_positions(
    db: &impl ConnectionTrait,
    now: i64,
) -> Result<u64, ServiceError> {
    let done = locate_position::Entity::delete_many()
        .filter(locate_position::Column::DeleteAfter.lte(now))
        .exec(db)
        .await?;
    Ok(done.rows_affected)
}
