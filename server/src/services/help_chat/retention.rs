//! Conversations are kept `CHAT_RETENTION_DAYS` (180) after their last
//! message, long enough to follow up a complaint or a refund, then deleted
//! with their messages by the housekeeping job.
use crate::persistence::entities::{
    help_chat_conversation as conversation, help_chat_message as message,
};
use crate::services::{Cx, ServiceError};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect, TransactionTrait};

/// Conversations deleted per round (bounded work; the next round goes on).
const BATCH: u64 = 500;

/// Deletes conversations whose last message is older than the retention.
/// Returns how many went.
///
/// # Errors
/// A database error.
pub async fn purge(cx: &Cx) -> Result<u64, ServiceError> {
    let cutoff = cx.now - cx.config.chat.retention_ms();
    let old: Vec<i64> = conversation::Entity::find()
        .select_only()
        .column(conversation::Column::Id)
        .filter(conversation::Column::LastMessageAt.lt(cutoff))
        .limit(BATCH)
        .into_tuple()
        .all(&cx.db)
        .await?;
    if old.is_empty() {
        return Ok(0);
    }
    let txn = cx.db.begin().await?;
    // Messages explicitly: SQLite enforces the cascade only with foreign keys on.
    message::Entity::delete_many()
        .filter(message::Column::ConversationId.is_in(old.clone()))
        .exec(&txn)
        .await?;
    let done = conversation::Entity::delete_many()
        .filter(conversation::Column::Id.is_in(old))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    Ok(done.rows_affected)
}
