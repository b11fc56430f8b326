//! Anonymous voice messages: previews, sending, the sender's list and the
//! audio (`services::voice`). The call webhooks (audio, status, keys
//! pressed) enter at `http/call_webhooks.rs`.
pub(crate) mod api;
pub(crate) mod forms;

// The tools the files below name through `super::`: the API's
// documentation types, extractors and envelope; the page forms' redirect and
// submission.
use crate::http::{doc, extract, ApiContext, ApiError, ApiOk, ApiResult};
use crate::state::AppState;
use crate::web::{redirects, submission};
use utoipa_axum::{router::UtoipaMethodRouter, routes};

/// Voice's API paths, under `/api_f/v1`.
pub fn routes() -> Vec<UtoipaMethodRouter<AppState>> {
    vec![
        // POST /voice/preview
        routes!(api::make_preview),
        // GET /voice/preview/{token}
        routes!(api::get_preview),
        // GET /voice/audio/{file}
        routes!(api::preview_audio),
        // GET POST /voice/messages
        routes!(api::list, api::send),
        // GET /voice/messages/{id}
        routes!(api::detail),
        // GET /voice/messages/{id}/audio
        routes!(api::audio),
    ]
}
