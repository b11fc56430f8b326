//! The help chat: a person (a member, known by their account and shown to
//! support with their e-mail, or a visitor, known only by the random id in
//! their chat cookie) writes to support; support answers from the server's
//! command line (`server chat reply`) until a console exists. Members, and
//! visitors who left an address on the contact form, also get each answer
//! by e-mail; open chat windows get it live ([`live`]).
//!
//! Bodies are plain text, stored as typed (minus control characters) and
//! escaped by every renderer. Conversations are deleted
//! `CHAT_RETENTION_DAYS` (180) after their last message ([`retention`]).
pub mod live;
pub mod mails;
pub mod person;
pub mod retention;
pub mod staff;
mod text;

use crate::persistence::entities::{
    help_chat_conversation as conversation, help_chat_message as message,
};
use crate::tokens;
use app_core::model::chat::{ChatAuthor, ChatMessageView};

pub use person::{
    mark_read, member_unread_query, messages_after, send, unread_total, unread_total_query, view,
    NewMessage, Person, Sent,
};

/// The stored form of a visitor's cookie: its SHA-256, so a database leak
/// opens nobody's conversation.
fn visitor_hash(token: &str) -> String {
    tokens::digest(&["help-chat-visitor", token])
}

/// A stored message as the wire shows it.
fn message_view(row: message::Model) -> ChatMessageView {
    ChatMessageView {
        id: row.id,
        author: ChatAuthor::from_code(&row.author).unwrap_or(ChatAuthor::Person),
        body: row.body,
        created_at: row.created_at,
    }
}

/// How support sees who wrote: "user (ana@example.com)" or "visitor".
pub fn identity_label(row: &conversation::Model, member_email: Option<&str>) -> String {
    match (member_email, row.contact_email.as_deref()) {
        (Some(email), _) => format!("user ({email})"),
        (None, Some(email)) => format!("visitor (left {email})"),
        (None, None) => "visitor".to_owned(),
    }
}
