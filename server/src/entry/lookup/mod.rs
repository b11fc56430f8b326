//! Reverse lookup: a number's facts and spam score, reports, and the
//! number owner's entry, disputes and opt-out (`services::lookup`); the
//! visitor's country (`/other/ipInfo`).
pub(crate) mod api;
pub(crate) mod forms;
mod other;

// The tools the files below name through `super::`: the API's
// documentation types, extractors, envelope, caller and the owner's header;
// the page forms' redirect and submission.
use crate::http::OWNER_TOKEN_HEADER;
use crate::http::{context, doc, extract, ApiContext, ApiError, ApiOk, ApiResult};
use crate::state::AppState;
use crate::web::{redirects, submission};
use utoipa_axum::{router::UtoipaMethodRouter, routes};

/// Lookup's API paths, under `/api_f/v1`.
pub fn routes() -> Vec<UtoipaMethodRouter<AppState>> {
    vec![
        // GET /other/location/info/{phone}
        routes!(other::location_info),
        // GET /other/ipInfo
        routes!(other::ip_info),
        // POST /lookup/report
        routes!(api::report),
        // GET /lookup/owner
        routes!(api::owner_view),
        // POST /lookup/owner/code
        routes!(api::owner_code),
        // POST /lookup/owner/claim
        routes!(api::owner_claim),
        // POST /lookup/owner/dispute
        routes!(api::owner_dispute),
        // PUT DELETE /lookup/owner/directory
        routes!(api::owner_publish, api::owner_unpublish),
        // PUT /lookup/owner/optOut
        routes!(api::owner_opt_out),
        // GET /lookup/{phone}
        routes!(api::find),
    ]
}
