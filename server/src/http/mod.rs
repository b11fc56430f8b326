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
mod event_stream;
pub mod extract;
mod health;
mod locate;
mod locate_live;
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

/// Header of the owner calls.
pub const OWNER_TOKEN_HEADER: &str = "owner-token";

pub use doc::{document as openapi_document, ApiDoc};

/// Every route of the API, each with its `#[utoipa::path]`: the router and
/// the OpenAPI description are both built from this list, so a route cannot
/// exist undocumented (the `routes!` of a handler without the annotation
/// does not compile). Handlers sharing a path share an entry; the comment
/// above each names its methods and path under [`API_BASE`] (`/api_f/v1`).
pub fn v1_routes() -> Vec<UtoipaMethodRouter<AppState>> {
    [
        account_and_billing_routes(),
        locate_and_voice_routes(),
        lookup_chat_and_tracking_routes(),
        console_routes(),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// The price list, checkout, orders, refunds, the payment webhook and the account.
fn account_and_billing_routes() -> Vec<UtoipaMethodRouter<AppState>> {
    vec![
        // GET /openapi.json
        routes!(doc::openapi_json),
        // GET /portal/priceSetup
        routes!(portal::price_setup),
        // GET /portal/payMethods
        routes!(billing::pay_methods),
        // POST /portal/order
        routes!(billing::place_order),
        // GET /admin/order/status
        routes!(billing::order_status),
        // POST /admin/order/refundDetail
        routes!(billing::refund_detail),
        // POST /admin/order/refund
        routes!(billing::refund),
        // PUT /admin/user/cancelSubscribe
        routes!(billing::cancel_subscribe),
        // GET /other/user/property
        routes!(billing::property),
        // GET /other/user/receipt
        routes!(billing::receipt),
        // POST /payments/webhook/{provider}
        routes!(payment_webhooks::receive),
        // GET /portal/user/checkEmail/{email}
        routes!(admin::check_email),
        // GET /portal/user/checkRegister/{code}
        routes!(admin::check_register),
        // POST DELETE /admin/userSession
        routes!(admin::login, admin::logout),
        // GET /admin/userSession/{id}
        routes!(admin::session_detail),
        // PUT /admin/user/password
        routes!(admin::change_password),
        // GET PUT /admin/userSession/forgetPassword/{email}
        routes!(admin::send_reset_code, admin::reset_with_code),
        // PUT /admin/userSession/restPassword/{email}
        routes!(admin::reset_with_code_again),
    ]
}

/// Locating, the do-not-contact registry, number and address facts, words and voice messages.
fn locate_and_voice_routes() -> Vec<UtoipaMethodRouter<AppState>> {
    vec![
        // GET /spyContent
        routes!(locate::list),
        // POST /spyContent/phoneLocation
        routes!(locate::create),
        // PUT /spyContent/phoneLocation/{id}
        routes!(locate::update),
        // POST /spyContent/clear/{id}
        routes!(locate::clear),
        // GET /gpsTrace/phoneLocation/{id}
        routes!(locate::trace),
        // GET POST /reveal/{token}
        routes!(locate::reveal, locate::answer),
        // POST /reveal/{token}/position
        routes!(locate_live::position),
        // GET /spyContent/stream
        routes!(locate_live::stream),
        // POST /doNotLocate/code
        routes!(locate::registry_code),
        // POST /doNotLocate/confirm
        routes!(locate::registry_confirm),
        // GET /other/location/info/{phone}
        routes!(other::location_info),
        // GET /other/ipInfo
        routes!(other::ip_info),
        // GET /multilingualWord/one/3/{group}
        routes!(words::word_group),
        // POST /voice/preview
        routes!(voice::make_preview),
        // GET /voice/preview/{token}
        routes!(voice::get_preview),
        // GET /voice/audio/{file}
        routes!(voice::preview_audio),
        // GET POST /voice/messages
        routes!(voice::list, voice::send),
        // GET /voice/messages/{id}
        routes!(voice::detail),
        // GET /voice/messages/{id}/audio
        routes!(voice::audio),
    ]
}

/// Number lookup and its owner, the help chat and the tracking calls.
fn lookup_chat_and_tracking_routes() -> Vec<UtoipaMethodRouter<AppState>> {
    vec![
        // POST /lookup/report
        routes!(lookup::report),
        // GET /lookup/owner
        routes!(lookup::owner_view),
        // POST /lookup/owner/code
        routes!(lookup::owner_code),
        // POST /lookup/owner/claim
        routes!(lookup::owner_claim),
        // POST /lookup/owner/dispute
        routes!(lookup::owner_dispute),
        // PUT DELETE /lookup/owner/directory
        routes!(lookup::owner_publish, lookup::owner_unpublish),
        // PUT /lookup/owner/optOut
        routes!(lookup::owner_opt_out),
        // GET /lookup/{phone}
        routes!(lookup::find),
        // GET /chat/conversation
        routes!(chat::conversation),
        // POST /chat/messages
        routes!(chat::send),
        // GET /chat/unread
        routes!(chat::unread),
        // GET /chat/conversations/{id}/messages
        routes!(chat::messages),
        // POST /chat/conversations/{id}/read
        routes!(chat::mark_read),
        // GET /chat/conversations/{id}/stream
        routes!(chat::stream),
        // POST /operationLog/protal
        routes!(tracking::click_point),
        // POST /operationLog/event
        routes!(tracking::operation_event),
        // POST /fackbook/conversions/{pixel}
        routes!(tracking::conversion),
    ]
}

/// The support console's calls; every answer `Cache-Control: no-store`
/// (staff and customer data never sit in a cache).
fn console_routes() -> Vec<UtoipaMethodRouter<AppState>> {
    use axum::http::{header::CACHE_CONTROL, HeaderValue};
    use tower_http::set_header::SetResponseHeaderLayer;
    let routes = vec![
        // GET POST DELETE /console/session
        routes!(console::sign_in, console::current, console::sign_out),
        // GET /console/customers
        routes!(console::search),
        // GET /console/customers/{id}
        routes!(console::customer),
        // POST /console/charges/{id}/refund
        routes!(console::refund),
        // POST /console/customers/{id}/cancel
        routes!(console::cancel),
        // POST /console/customers/{id}/suspend
        routes!(console::suspend),
        // POST /console/customers/{id}/reinstate
        routes!(console::reinstate),
        // GET /console/abuse
        routes!(console::abuse_queue),
        // POST /console/abuse/{id}
        routes!(console::abuse_decide),
        // GET /console/chats
        routes!(console::chats),
        // GET /console/chats/{id}
        routes!(console::chat_thread),
        // POST /console/chats/{id}/reply
        routes!(console::chat_reply),
        // GET /console/audit
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
