//! Locate with consent: the member's requests, the owner's answer on the
//! reveal page, live positions, and the do-not-locate registry
//! (`services::locate`). The SMS webhooks enter at `http/twilio_webhooks.rs`.
pub(crate) mod api;
pub(crate) mod forms;
mod live;

// The tools the files below name through `super::`: the API's
// documentation types, extractors and envelope; the page forms' redirect and
// submission.
use crate::http::{doc, extract, ApiContext, ApiError, ApiOk, ApiResult};
use crate::state::AppState;
use crate::web::{redirects, submission};
use utoipa_axum::{router::UtoipaMethodRouter, routes};

/// Locate's API paths, under `/api_f/v1`.
pub fn routes() -> Vec<UtoipaMethodRouter<AppState>> {
    vec![
        // GET /spyContent
        routes!(api::list),
        // POST /spyContent/phoneLocation
        routes!(api::create),
        // PUT /spyContent/phoneLocation/{id}
        routes!(api::update),
        // POST /spyContent/clear/{id}
        routes!(api::clear),
        // GET /gpsTrace/phoneLocation/{id}
        routes!(api::trace),
        // GET POST /reveal/{token}
        routes!(api::reveal, api::answer),
        // POST /reveal/{token}/position
        routes!(live::position),
        // GET /spyContent/stream
        routes!(live::stream),
        // POST /doNotLocate/code
        routes!(api::registry_code),
        // POST /doNotLocate/confirm
        routes!(api::registry_confirm),
    ]
}
