//! Who sent what is kept for the retention period (support answers
//! complaints and reports with it), then the text is deleted — and with it
//! the audio, which is only ever synthesized from the text.
use super::status::OPEN;
use crate::persistence::entities::voice_message::{self as row, Column};
use crate::services::{Cx, ServiceError};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

/// Deletes the text of messages older than the retention period; returns
/// how many. A message still being delivered keeps its text until it ends.
///
/// # Errors
/// A database error.
pub async fn purge(cx: &Cx) -> Result<u64, ServiceError> {
    let done = row::Entity::update_many()
        .col_expr(Column::Body, Expr::value(""))
        .col_expr(Column::PurgedAt, Expr::value(cx.now))
        .filter(Column::CreatedAt.lt(cx.now - cx.config.voice.retention_ms))
        .filter(Column::PurgedAt.is_null())
        .filter(Column::Status.is_not_in(OPEN))
        .exec(&cx.db)
        .await?;
    super::preview::forget_expired(cx).await?;
    Ok(done.rows_affected)
}
