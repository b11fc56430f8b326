//! Support's side, used by the command line (`server chat …`) until a
//! console exists: the inbox, one conversation, and the reply, which
//! reaches an open chat window live and members (and visitors who left an
//! address) by e-mail.
use super::{identity_label, mails::ChatReplyMail, message_view, text::clean_body};
use crate::persistence::entities::{
    help_chat_conversation as conversation, help_chat_message as message, user,
};
use crate::services::audit::Stamp;
use crate::services::{job_queue, Cx, ServiceError};
use app_core::model::chat::{ChatAuthor, ChatMessageView};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect, TransactionTrait,
};

/// A line of the inbox.
#[derive(Clone, Debug)]
pub struct Summary {
    pub id: i64,
    /// "user (ana@example.com)", "visitor".
    pub identity: String,
    /// The address a visitor left with a message (answers are mailed there).
    pub contact_email: Option<String>,
    pub last_message_at: i64,
    /// The person's messages support has not read.
    pub unread: u64,
}

/// A conversation as support reads it.
#[derive(Clone, Debug)]
pub struct Thread {
    pub summary: Summary,
    pub messages: Vec<ChatMessageView>,
}

async fn summary(
    db: &impl ConnectionTrait,
    row: &conversation::Model,
) -> Result<Summary, ServiceError> {
    let email = match row.user_id {
        Some(id) => user::Entity::find_by_id(id).one(db).await?.map(|u| u.email),
        None => None,
    };
    let unread = message::Entity::find()
        .filter(message::Column::ConversationId.eq(row.id))
        .filter(message::Column::Author.eq(ChatAuthor::Person.code()))
        .filter(message::Column::Id.gt(row.staff_read_id))
        .count(db)
        .await?;
    Ok(Summary {
        id: row.id,
        identity: identity_label(row, email.as_deref()),
        contact_email: row.contact_email.clone().filter(|_| row.user_id.is_none()),
        last_message_at: row.last_message_at,
        unread,
    })
}

/// The `limit` conversations with the newest messages.
///
/// # Errors
/// A database error.
pub async fn inbox(db: &impl ConnectionTrait, limit: u64) -> Result<Vec<Summary>, ServiceError> {
    let rows = conversation::Entity::find()
        .order_by_desc(conversation::Column::LastMessageAt)
        .limit(limit)
        .all(db)
        .await?;
    let mut out = Vec::with_capacity(rows.len());
    for row in &rows {
        out.push(summary(db, row).await?);
    }
    Ok(out)
}

/// Conversation `id` with its newest messages; support has now read them.
///
/// # Errors
/// [`ServiceError::NotFound`]; database errors.
pub async fn show(cx: &Cx, id: i64) -> Result<Thread, ServiceError> {
    let row = conversation::Entity::find_by_id(id)
        .one(&cx.db)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let summary = summary(&cx.db, &row).await?;
    let mut rows = message::Entity::find()
        .filter(message::Column::ConversationId.eq(id))
        .order_by_desc(message::Column::Id)
        .limit(app_core::model::chat::MESSAGES_PER_ANSWER)
        .all(&cx.db)
        .await?;
    rows.reverse();
    if let Some(newest) = rows.last() {
        mark_staff_read(&cx.db, id, newest.id).await?;
    }
    Ok(Thread {
        summary,
        messages: rows.into_iter().map(message_view).collect(),
    })
}

async fn mark_staff_read(
    db: &impl ConnectionTrait,
    id: i64,
    up_to: i64,
) -> Result<(), ServiceError> {
    conversation::Entity::update_many()
        .col_expr(conversation::Column::StaffReadId, Expr::value(up_to))
        .filter(conversation::Column::Id.eq(id))
        .filter(conversation::Column::StaffReadId.lt(up_to))
        .exec(db)
        .await?;
    Ok(())
}

/// Support answers in conversation `id`. The e-mail to a member (or to the
/// address a visitor left) is queued in the same transaction and sent by
/// the job worker once.
///
/// # Errors
/// `messageErrorMsg` (empty, too long); [`ServiceError::NotFound`]; database errors.
pub async fn reply(cx: &Cx, id: i64, body: &str) -> Result<ChatMessageView, ServiceError> {
    reply_by(cx, id, body, None).await
}

/// [`reply`], by a staff member of the console whose audit entry is
/// written in the transaction of the message.
///
/// # Errors
/// As [`reply`].
pub async fn reply_by(
    cx: &Cx,
    id: i64,
    body: &str,
    stamp: Option<&Stamp>,
) -> Result<ChatMessageView, ServiceError> {
    let body = clean_body(body)?;
    let txn = cx.db.begin().await?;
    // The write first (SQLite takes its lock before reading).
    let touched = conversation::Entity::update_many()
        .col_expr(conversation::Column::LastMessageAt, Expr::value(cx.now))
        .filter(conversation::Column::Id.eq(id))
        .exec(&txn)
        .await?;
    if touched.rows_affected != 1 {
        return Err(ServiceError::NotFound);
    }
    let row = conversation::Entity::find_by_id(id)
        .one(&txn)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let new = message::ActiveModel {
        conversation_id: Set(id),
        author: Set(ChatAuthor::Staff.code().to_owned()),
        body: Set(body),
        created_at: Set(cx.now),
        ..Default::default()
    };
    let stored = message::Entity::insert(new)
        .exec_with_returning(&txn)
        .await?;
    mark_staff_read(&txn, id, stored.id).await?;
    if row.user_id.is_some() || row.contact_email.is_some() {
        job_queue::enqueue(
            &txn,
            &ChatReplyMail {
                conversation_id: id,
                message_id: stored.id,
            },
            cx.now,
        )
        .await?;
    }
    if let Some(stamp) = stamp {
        stamp.write(&txn, cx.now).await?;
    }
    txn.commit().await?;
    job_queue::wake(cx);
    cx.wake.chat.notify_one();
    Ok(message_view(stored))
}
