//! The help chat's inbox for staff: the conversations, one thread, and
//! the reply (authored by staff, audited with who wrote it).
use super::audit::{self, Entry, Stamp};
use super::Staff;
use crate::services::help_chat::staff as support;
use crate::services::{Cx, ServiceError};
use app_core::model::chat::ChatMessageView;
use app_core::model::console::{ChatInboxRow, ChatThreadView, ROWS_PER_PAGE};

fn row(s: support::Summary) -> ChatInboxRow {
    // The console shows a member's address alone ("ana@example.com"), and a
    // visitor as "visitor" with the address they left beside it.
    let identity = match s.identity.strip_prefix("user (") {
        Some(rest) => rest.strip_suffix(')').unwrap_or(rest).to_owned(),
        None => "visitor".to_owned(),
    };
    ChatInboxRow {
        id: s.id,
        identity,
        visitor_email: s.contact_email,
        last_message_at: s.last_message_at,
        unread: s.unread,
    }
}

/// `GET /console/chats`: conversations with the newest messages first;
/// audited with the conversations listed.
///
/// # Errors
/// A database error.
pub async fn inbox(cx: &Cx, staff: &Staff) -> Result<Vec<ChatInboxRow>, ServiceError> {
    let rows: Vec<ChatInboxRow> = support::inbox(&cx.db, ROWS_PER_PAGE)
        .await?
        .into_iter()
        .map(row)
        .collect();
    let ids: Vec<String> = rows.iter().map(|r| r.id.to_string()).collect();
    let entry = Entry::new("chat_inbox_view", "chat", 0, ids.join(","));
    audit::record(&cx.db, staff.id, entry, cx.now).await?;
    Ok(rows)
}

/// `GET /console/chats/{id}`: one conversation (support has now read it);
/// the reading is audited.
///
/// # Errors
/// [`ServiceError::NotFound`]; a database error.
pub async fn thread(cx: &Cx, staff: &Staff, id: i64) -> Result<ChatThreadView, ServiceError> {
    let thread = support::show(cx, id).await?;
    let entry = Entry::new("chat_view", "chat", id, "");
    audit::record(&cx.db, staff.id, entry, cx.now).await?;
    Ok(ChatThreadView {
        conversation: row(thread.summary),
        messages: thread.messages,
    })
}

/// `POST /console/chats/{id}/reply`: support's answer, live in an open
/// chat window and by e-mail where there is an address.
///
/// # Errors
/// `messageErrorMsg` (empty, too long); [`ServiceError::NotFound`]; a database error.
pub async fn reply(
    cx: &Cx,
    staff: &Staff,
    id: i64,
    body: &str,
) -> Result<ChatMessageView, ServiceError> {
    let preview: String = body.trim().chars().take(80).collect();
    let stamp = Stamp {
        staff_id: staff.id,
        entry: Entry::new("chat_reply", "chat", id, preview),
    };
    support::reply_by(cx, id, body, Some(&stamp)).await
}
