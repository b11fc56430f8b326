//! Fixed-window counters in the database: shared by every server instance,
//! and they survive restarts. Approximate under races by design (a counter may
//! let one extra try through), which is fine for abuse limits.
use crate::persistence::entities::rate_limit_counter::{self, Column, Entity};
use crate::services::ServiceError;
use sea_orm::sea_query::{Expr, ExprTrait as _};
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

/// At most `limit` counted events per `window_ms`.
#[derive(Clone, Copy, Debug)]
pub struct Rule {
    pub limit: i32,
    pub window_ms: i64,
}

/// Fails with [`ServiceError::RateLimited`] when `key` used up its window.
///
/// # Errors
/// The limit, or a database error.
pub async fn check(db: &impl ConnectionTrait, key: &str, rule: Rule, now: i64) -> Result<(), ServiceError> {
    let Some(row) = Entity::find_by_id(key.to_owned()).one(db).await? else { return Ok(()) };
    let in_window = now - row.window_start < rule.window_ms;
    if in_window && row.hits >= rule.limit {
        let retry_after_ms = row.window_start + rule.window_ms - now;
        return Err(ServiceError::RateLimited { retry_after_secs: u64::try_from(retry_after_ms / 1000).unwrap_or(0) + 1 });
    }
    Ok(())
}

/// Counts one event for `key`.
///
/// # Errors
/// A database error.
pub async fn record(db: &impl ConnectionTrait, key: &str, rule: Rule, now: i64) -> Result<(), ServiceError> {
    match Entity::find_by_id(key.to_owned()).one(db).await? {
        Some(row) if now - row.window_start < rule.window_ms => {
            Entity::update_many()
                .col_expr(Column::Hits, Expr::col(Column::Hits).add(1))
                .filter(Column::BucketKey.eq(key))
                .exec(db)
                .await?;
        }
        Some(_) => {
            Entity::update_many()
                .col_expr(Column::Hits, Expr::value(1))
                .col_expr(Column::WindowStart, Expr::value(now))
                .filter(Column::BucketKey.eq(key))
                .exec(db)
                .await?;
        }
        None => {
            let row = rate_limit_counter::ActiveModel {
                bucket_key: Set(key.to_owned()),
                window_start: Set(now),
                hits: Set(1),
            };
            // Another request may have created it meanwhile: then count there.
            if Entity::insert(row).exec(db).await.is_err() {
                Entity::update_many()
                    .col_expr(Column::Hits, Expr::col(Column::Hits).add(1))
                    .filter(Column::BucketKey.eq(key))
                    .exec(db)
                    .await?;
            }
        }
    }
    Ok(())
}

/// Forgets `key` (after a success that proves the person, e.g. a login).
///
/// # Errors
/// A database error.
pub async fn reset(db: &impl ConnectionTrait, key: &str) -> Result<(), ServiceError> {
    Entity::delete_by_id(key.to_owned()).exec(db).await?;
    Ok(())
}
