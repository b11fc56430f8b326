//! The help chat on the wire: a person's conversation with support and its
//! messages. Bodies are plain text; every renderer escapes them.
use serde::{Deserialize, Serialize};

/// The longest message, in characters.
pub const MESSAGE_MAX_CHARS: usize = 2000;
/// The most messages one answer carries (older ones stay on the server).
pub const MESSAGES_PER_ANSWER: u64 = 100;
/// Name of the HttpOnly cookie of a visitor's conversation, set when they
/// first write.
pub const VISITOR_COOKIE: &str = "chat_visitor";

/// Who wrote a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum ChatAuthor {
    /// The member or visitor who asked.
    Person,
    /// Support.
    Staff,
}

impl ChatAuthor {
    /// The stored code.
    pub const fn code(self) -> &'static str {
        match self {
            ChatAuthor::Person => "person",
            ChatAuthor::Staff => "staff",
        }
    }

    /// Parses a stored code.
    pub fn from_code(code: &str) -> Option<ChatAuthor> {
        [ChatAuthor::Person, ChatAuthor::Staff]
            .into_iter()
            .find(|a| a.code() == code)
    }
}

/// One message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ChatMessageView {
    pub id: i64,
    pub author: ChatAuthor,
    pub body: String,
    /// Milliseconds since the Unix epoch.
    pub created_at: i64,
}

/// How support sees the person: a member by their e-mail, otherwise a visitor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum ChatIdentity {
    User,
    Visitor,
}

/// The caller's conversation and its newest messages (oldest first).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ChatConversationView {
    pub id: i64,
    pub identity: ChatIdentity,
    /// The member's e-mail (none for visitors).
    pub email: Option<String>,
    /// Staff messages the person has not read.
    pub unread: i64,
    pub messages: Vec<ChatMessageView>,
}

/// `GET /chat/unread`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct ChatUnread {
    pub unread: i64,
}
