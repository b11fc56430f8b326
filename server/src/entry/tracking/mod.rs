//! Tracking with consent: click points, operation events, conversions, and
//! the cookie banner's form (`services::tracking`).
pub(crate) mod api;
pub(crate) mod forms;

// The tools the files below name through `super::`: the API's
// documentation types, extractors and envelope; the page forms' redirect and
// submission.
use crate::http::{doc, extract, ApiContext, ApiError, ApiOk, ApiResult};
use crate::state::AppState;
use crate::web::{redirects, submission};
use utoipa_axum::{router::UtoipaMethodRouter, routes};

/// Tracking's API paths, under `/api_f/v1`.
pub fn routes() -> Vec<UtoipaMethodRouter<AppState>> {
    vec![
        // POST /operationLog/protal
        routes!(api::click_point),
        // POST /operationLog/event
        routes!(api::operation_event),
        // POST /fackbook/conversions/{pixel}
        routes!(api::conversion),
    ]
}
