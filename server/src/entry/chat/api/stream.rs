//! `GET /chat/conversations/{id}/stream?after=`: the conversation's new
//! messages as server-sent events (`event: message`, `id:` the message id,
//! `data:` its JSON), starting after `after`. Heartbeat comments every
//! 15 s; the stream ends after a few minutes (the browser reconnects with
//! the last id), on shutdown, and past `CHAT_MAX_STREAMS` open streams the
//! call answers 503 with `Retry-After`.
use super::{After, Caller};
use crate::http::doc::{BadRequest, NotFound, Unavailable};
use crate::http::extract::{service_error, ValidQuery};
use crate::http::{ApiContext, ApiError};
use crate::services::help_chat::{self, live};
use crate::state::AppState;
use app_core::model::chat::{ChatMessageView, MESSAGES_PER_ANSWER};
use axum::extract::{Path, State};
use axum::response::sse::Event;
use axum::response::Response;
use sea_orm::DatabaseConnection;
use std::collections::VecDeque;
use std::time::Duration;
use tokio::sync::broadcast::error::RecvError;
use tokio::time::Instant;

/// A stream reads its conversation again this often even without news
/// (a message committed out of id order is never missed for long).
const RESYNC: Duration = Duration::from_secs(15);

/// Opens the stream.
#[utoipa::path(get, path = "/chat/conversations/{id}/stream", tag = "chat", security((), ("token" = [])), params(("id" = i64, Path, description = "The conversation's id"), After),
    responses((status = 200, description = "Server-sent events: `event: message`, `id:` the message id, `data:` its JSON.", content_type = "text/event-stream"),
        BadRequest, NotFound, Unavailable))]
pub async fn stream(
    State(state): State<AppState>,
    ctx: ApiContext,
    Path(id): Path<i64>,
    ValidQuery(q): ValidQuery<After>,
    caller: Caller,
) -> Result<Response, ApiError> {
    // Whose it is first: a stranger learns nothing, not even "busy".
    let backlog = help_chat::messages_after(&state.cx(), caller.person(), id, q.after)
        .await
        .map_err(service_error(&ctx))?;
    let client = live::StreamClient {
        topic: id,
        address: ctx.client.ip,
    };
    let admission = state.chat.admit(client).map_err(service_error(&ctx))?;
    let feed = Feed {
        db: state.db.clone(),
        conversation_id: id,
        last: backlog.last().map_or(q.after, |m| m.id),
        more: backlog.len() as u64 >= MESSAGES_PER_ANSWER,
        pending: backlog.into(),
        admission,
        ends_at: Instant::now() + live::STREAM_LIFETIME,
    };
    let events = futures_util::stream::unfold(feed, Feed::next);
    Ok(crate::http::event_stream::respond(events))
}

struct Feed {
    db: DatabaseConnection,
    conversation_id: i64,
    last: i64,
    /// The last read filled a whole answer: read on before waiting.
    more: bool,
    pending: VecDeque<ChatMessageView>,
    admission: live::Admission,
    ends_at: Instant,
}

impl Feed {
    /// The next event, or `None` when the stream ends.
    async fn next(mut self) -> Option<(Result<Event, axum::Error>, Feed)> {
        loop {
            if let Some(message) = self.pending.pop_front() {
                self.last = message.id;
                let event = Event::default()
                    .event("message")
                    .id(message.id.to_string())
                    .json_data(&message);
                return Some((event, self));
            }
            if *self.admission.closing.borrow() {
                return None;
            }
            let reread = self.more
                || tokio::select! {
                    _ = self.admission.closing.changed() => return None,
                    () = tokio::time::sleep_until(self.ends_at) => return None,
                    news = self.admission.news.recv() => match news {
                        Ok(id) => id == self.conversation_id || id == live::EVERYONE,
                        Err(RecvError::Lagged(_)) => true,
                        Err(RecvError::Closed) => return None,
                    },
                    () = tokio::time::sleep(RESYNC) => true,
                };
            if reread {
                match help_chat::person::read_after(&self.db, self.conversation_id, self.last).await
                {
                    Ok(messages) => {
                        self.more = messages.len() as u64 >= MESSAGES_PER_ANSWER;
                        self.pending.extend(messages);
                    }
                    Err(e) => {
                        self.more = false;
                        tracing::warn!(error = %e, "chat stream read failed");
                    }
                }
            }
        }
    }
}
