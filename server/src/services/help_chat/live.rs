//! Live delivery of new messages to open chat windows (server-sent events),
//! through the shared live feed (`services::live_feed`): the feed's rows are
//! the messages themselves, its topics the conversations. Bounded by
//! `CHAT_MAX_STREAMS`, `CHAT_STREAMS_PER_CONVERSATION` and
//! `CHAT_STREAMS_PER_ADDRESS`.
pub use crate::services::live_feed::{
    Admission, LiveHub as ChatHub, StreamBounds, StreamClient, EVERYONE, STREAM_LIFETIME,
};
use crate::services::live_feed::{FeedTable, LiveHub};
use sea_orm::DatabaseConnection;
use std::sync::Arc;
use tokio::sync::Notify;

/// The messages, by conversation.
const MESSAGES: FeedTable = FeedTable {
    table: "help_chat_messages",
    id: "id",
    topic: "conversation_id",
};

/// The chat's hub, woken by `wake` when this process stores a message.
pub fn hub(db: DatabaseConnection, bounds: StreamBounds, wake: Arc<Notify>) -> Arc<ChatHub> {
    LiveHub::new(db, MESSAGES, bounds, wake)
}
