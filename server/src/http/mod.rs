//! The REST API under `/api_f/v1`: thin handlers that read the
//! request, call a service and answer with the envelope.
mod admin;
mod billing;
mod call_webhooks;
mod chat;
mod console;
mod context;
mod doc;
mod envelope;
mod health;
mod locate;
mod lookup;
mod observe;
mod other;
mod payment_webhooks;
mod portal;
mod rejections;
mod tracking;
mod twilio_webhooks;
mod voice;
mod words;

pub use billing::visitor_country;
pub use call_webhooks::calls_router;
pub use context::{client_info, ApiContext};
pub use envelope::{retry_after, status_of, ApiError, ApiOk, ApiResult, Surface};
pub use health::{health, healthz, metrics, ready, start_draining};
pub use lookup::OWNER_TOKEN_HEADER;
pub use observe::{
    label_route, observe, request_span, untrusted_request_id, MakeRequestId, REQUEST_ID,
};
pub use rejections::envelope_rejections;
pub use twilio_webhooks::twilio_router;

use crate::state::AppState;
use app::api::API_BASE;
use axum::Router;
use std::sync::OnceLock;
use utoipa::OpenApi as _;
use utoipa_axum::{router::OpenApiRouter, router::UtoipaMethodRouter, routes};

pub use doc::{document as openapi_document, ApiDoc};

/// Every route of the API, each with its `#[utoipa::path]`: the router and
/// the OpenAPI description are both built from this list, so a route cannot
/// exist undocumented (the `routes!` of a handler without the annotation
/// does not compile). Handlers sharing a path share an entry.
pub fn v1_routes() -> Vec<UtoipaMethodRouter<AppState>> {
    vec![
        routes!(doc::openapi_json),
        routes!(portal::price_setup),
        routes!(billing::pay_methods),
        routes!(billing::place_order),
        routes!(billing::order_status),
        routes!(billing::refund_detail),
        routes!(billing::refund),
        routes!(billing::cancel_subscribe),
        routes!(billing::property),
        routes!(payment_webhooks::receive),
        routes!(admin::check_email),
        routes!(admin::check_register),
        routes!(admin::login, admin::logout),
        routes!(admin::session_detail),
        routes!(admin::change_password),
        routes!(admin::send_reset_code, admin::reset_with_code),
        routes!(admin::reset_with_code_again),
        routes!(locate::list),
        routes!(locate::create),
        routes!(locate::update),
        routes!(locate::clear),
        routes!(locate::trace),
        routes!(locate::reveal, locate::answer),
        routes!(locate::registry_code),
        routes!(locate::registry_confirm),
        routes!(other::location_info),
        routes!(other::ip_info),
        routes!(words::word_group),
        routes!(voice::make_preview),
        routes!(voice::get_preview),
        routes!(voice::preview_audio),
        routes!(voice::list, voice::send),
        routes!(voice::detail),
        routes!(voice::audio),
        routes!(lookup::report),
        routes!(lookup::owner_view),
        routes!(lookup::owner_code),
        routes!(lookup::owner_claim),
        routes!(lookup::owner_dispute),
        routes!(lookup::owner_publish, lookup::owner_unpublish),
        routes!(lookup::owner_opt_out),
        routes!(lookup::find),
        routes!(chat::conversation),
        routes!(chat::send),
        routes!(chat::unread),
        routes!(chat::messages),
        routes!(chat::mark_read),
        routes!(chat::stream),
        routes!(tracking::click_point),
        routes!(tracking::operation_event),
        routes!(tracking::conversion),
    ]
    .into_iter()
    .chain(console_routes())
    .collect()
}

/// The support console's calls; every answer `Cache-Control: no-store`
/// (staff and customer data never sit in a cache).
fn console_routes() -> Vec<UtoipaMethodRouter<AppState>> {
    use axum::http::{header::CACHE_CONTROL, HeaderValue};
    use tower_http::set_header::SetResponseHeaderLayer;
    let routes = vec![
        routes!(console::sign_in, console::current, console::sign_out),
        routes!(console::search),
        routes!(console::customer),
        routes!(console::refund),
        routes!(console::cancel),
        routes!(console::suspend),
        routes!(console::reinstate),
        routes!(console::abuse_queue),
        routes!(console::abuse_decide),
        routes!(console::chats),
        routes!(console::chat_thread),
        routes!(console::chat_reply),
        routes!(console::audit_log),
    ];
    let no_store =
        SetResponseHeaderLayer::overriding(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    routes
        .into_iter()
        .map(|(schemas, paths, method)| (schemas, paths, method.layer(no_store.clone())))
        .collect()
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
