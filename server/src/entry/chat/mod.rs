//! The help chat: a visitor's or member's conversation with support, and
//! the contact form (`services::help_chat`).
pub(crate) mod api;
pub(crate) mod forms;

// The tools the files below name through `super::`: the API's
// documentation types, extractors and envelope; the page forms' submission.
use crate::http::{doc, extract, ApiContext, ApiError, ApiOk, ApiResult};
use crate::state::AppState;
use crate::web::submission;
use utoipa_axum::{router::UtoipaMethodRouter, routes};

/// The help chat's API paths, under `/api_f/v1`.
pub fn routes() -> Vec<UtoipaMethodRouter<AppState>> {
    vec![
        // GET /chat/conversation
        routes!(api::conversation),
        // POST /chat/messages
        routes!(api::send),
        // GET /chat/unread
        routes!(api::unread),
        // GET /chat/conversations/{id}/messages
        routes!(api::messages),
        // POST /chat/conversations/{id}/read
        routes!(api::mark_read),
        // GET /chat/conversations/{id}/stream
        routes!(api::stream),
    ]
}
