//! The REST API under `/api_f/v1`: its route table, and what every
//! feature's handlers share (the envelope, the extractors, the caller, the
//! OpenAPI description, event streams). The handlers themselves live with
//! their feature in `crate::entry`; the provider webhooks for SMS and calls
//! enter here (`twilio_webhooks.rs`, `call_webhooks.rs`).
mod call_webhooks;
pub(crate) mod context;
pub(crate) mod doc;
mod envelope;
pub(crate) mod event_stream;
pub mod extract;
mod health;
mod observe;
mod rejections;
mod twilio_form;
mod twilio_webhooks;
mod words;

pub use call_webhooks::calls_router;
pub use context::{client_info, client_ip_of, ApiContext};
pub use envelope::{retry_after, status_of, ApiError, ApiOk, ApiResult, Surface};
pub use health::{health, healthz, metrics, ready, start_draining};
pub use observe::{
    label_route, observe, request_span, untrusted_request_id, MakeRequestId, REQUEST_ID,
};
pub use rejections::envelope_rejections;
pub use twilio_webhooks::twilio_router;

use crate::state::AppState;
use app_core::api::API_BASE;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Router;
use std::sync::OnceLock;
use utoipa::OpenApi as _;
use utoipa_axum::{router::OpenApiRouter, router::UtoipaMethodRouter, routes};

pub use context::OWNER_TOKEN_HEADER;
pub use doc::ApiDoc;

/// Every route of the API, feature by feature, each with its
/// `#[utoipa::path]`: the router and the OpenAPI description are both built
/// from this list, so a route cannot exist undocumented (the `routes!` of a
/// handler without the annotation does not compile). Each feature's list
/// names its paths under [`API_BASE`] (`/api_f/v1`) and the handler of each.
pub fn v1_routes() -> Vec<UtoipaMethodRouter<AppState>> {
    use crate::entry::{accounts, billing, chat, console, locate, lookup, tracking, voice};
    [
        shared_routes(),
        accounts::routes(),
        billing::routes(),
        locate::routes(),
        voice::routes(),
        lookup::routes(),
        chat::routes(),
        tracking::routes(),
        console::routes(),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// What no feature owns: this description and the word lists.
fn shared_routes() -> Vec<UtoipaMethodRouter<AppState>> {
    vec![
        // GET /openapi.json
        routes!(openapi_json),
        // GET /multilingualWord/one/3/{group}
        routes!(words::word_group),
    ]
}

/// The API with its description, mounted at [`API_BASE`]. Unknown API
/// paths answer the envelope with a localized "not found", never an HTML page.
pub fn v1_router() -> OpenApiRouter<AppState> {
    let v1 = v1_routes()
        .into_iter()
        .fold(OpenApiRouter::new(), OpenApiRouter::routes)
        .fallback(envelope::not_found);
    OpenApiRouter::with_openapi(ApiDoc::openapi()).nest(API_BASE, v1)
}

/// The API router, mounted at [`API_BASE`]. Built once: pages call the API
/// in-process with a router per request, and the description is not free.
pub fn api_router() -> Router<AppState> {
    static ROUTER: OnceLock<Router<AppState>> = OnceLock::new();
    ROUTER
        .get_or_init(|| v1_router().split_for_parts().0)
        .clone()
}

/// The description, built once.
pub fn openapi_document() -> &'static str {
    static JSON: OnceLock<String> = OnceLock::new();
    JSON.get_or_init(|| {
        let (_, doc) = v1_router().split_for_parts();
        doc.to_json().unwrap_or_else(|_| String::from("{}"))
    })
}

/// `GET /openapi.json`: this description.
#[utoipa::path(
    get,
    path = "/openapi.json",
    tag = "api",
    responses((status = 200, description = "The OpenAPI 3.1 description of this API.", content_type = "application/json", body = Object))
)]
pub async fn openapi_json() -> Response {
    (
        [(header::CONTENT_TYPE, "application/json")],
        openapi_document(),
    )
        .into_response()
}
