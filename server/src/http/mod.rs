//! The REST API under `/api_f/v1`: thin handlers that read the
//! request, call a service and answer with the envelope.
mod admin;
mod billing;
mod chat;
mod console;
mod context;
mod envelope;
mod health;
mod locate;
mod observe;
mod lookup;
mod other;
mod payment_webhooks;
mod portal;
mod rejections;
mod tracking;
mod twilio_webhooks;
mod voice;
mod call_webhooks;
mod words;

pub use context::{client_info, ApiContext};
pub use envelope::{retry_after, status_of, ApiError, ApiOk, ApiResult, Surface};
pub use health::{health, healthz, metrics, ready, start_draining};
pub use observe::{label_route, observe, request_span, MakeRequestId, REQUEST_ID};
pub use lookup::OWNER_TOKEN_HEADER;
pub use rejections::envelope_rejections;
pub use call_webhooks::calls_router;
pub use twilio_webhooks::twilio_router;

use crate::state::AppState;
use app::api::API_BASE;
use axum::{
    routing::{get, post, put},
    Router,
};

/// The support console's calls; every answer `Cache-Control: no-store`
/// (staff and customer data never sit in a cache).
fn console_router() -> Router<AppState> {
    use axum::http::{header::CACHE_CONTROL, HeaderValue};
    Router::new()
        .route("/console/session", post(console::sign_in).get(console::current).delete(console::sign_out))
        .route("/console/customers", get(console::search))
        .route("/console/customers/{id}", get(console::customer))
        .route("/console/charges/{id}/refund", post(console::refund))
        .route("/console/customers/{id}/cancel", post(console::cancel))
        .route("/console/customers/{id}/suspend", post(console::suspend))
        .route("/console/customers/{id}/reinstate", post(console::reinstate))
        .route("/console/abuse", get(console::abuse_queue))
        .route("/console/abuse/{id}", post(console::abuse_decide))
        .route("/console/chats", get(console::chats))
        .route("/console/chats/{id}", get(console::chat_thread))
        .route("/console/chats/{id}/reply", post(console::chat_reply))
        .route("/console/audit", get(console::audit_log))
        .layer(tower_http::set_header::SetResponseHeaderLayer::overriding(CACHE_CONTROL, HeaderValue::from_static("no-store")))
}

/// The API router, mounted at [`API_BASE`]. Unknown API paths answer the
/// envelope with a localized "not found", never an HTML page.
pub fn api_router() -> Router<AppState> {
    let v1 = Router::new()
        .route("/portal/priceSetup", get(portal::price_setup))
        .route("/portal/payMethods", get(billing::pay_methods))
        .route("/portal/order", post(billing::place_order))
        .route("/admin/order/status", get(billing::order_status))
        .route("/admin/order/refundDetail", post(billing::refund_detail))
        .route("/admin/order/refund", post(billing::refund))
        .route("/admin/user/cancelSubscribe", put(billing::cancel_subscribe))
        .route("/other/user/property", get(billing::property))
        .route("/payments/webhook/{provider}", post(payment_webhooks::receive))
        .route("/portal/user/checkEmail/{email}", get(admin::check_email))
        .route("/portal/user/checkRegister/{code}", get(admin::check_register))
        .route("/admin/userSession", post(admin::login).delete(admin::logout))
        .route("/admin/userSession/{id}", get(admin::session_detail))
        .route("/admin/user/password", put(admin::change_password))
        .route(
            "/admin/userSession/forgetPassword/{email}",
            get(admin::send_reset_code).put(admin::reset_with_code),
        )
        .route("/admin/userSession/restPassword/{email}", put(admin::reset_with_code))
        .route("/spyContent", get(locate::list))
        .route("/spyContent/phoneLocation", post(locate::create))
        .route("/spyContent/phoneLocation/{id}", put(locate::update))
        .route("/spyContent/clear/{id}", post(locate::clear))
        .route("/gpsTrace/phoneLocation/{id}", get(locate::trace))
        .route("/reveal/{token}", get(locate::reveal).post(locate::answer))
        .route("/doNotLocate/code", post(locate::registry_code))
        .route("/doNotLocate/confirm", post(locate::registry_confirm))
        .route("/other/location/info/{phone}", get(other::location_info))
        .route("/other/ipInfo", get(other::ip_info))
        .route("/multilingualWord/one/3/{group}", get(words::word_group))
        .route("/voice/preview", post(voice::make_preview))
        .route("/voice/preview/{token}", get(voice::get_preview))
        .route("/voice/audio/{file}", get(voice::preview_audio))
        .route("/voice/messages", get(voice::list).post(voice::send))
        .route("/voice/messages/{id}", get(voice::detail))
        .route("/voice/messages/{id}/audio", get(voice::audio))
        .route("/lookup/report", post(lookup::report))
        .route("/lookup/owner", get(lookup::owner_view))
        .route("/lookup/owner/code", post(lookup::owner_code))
        .route("/lookup/owner/claim", post(lookup::owner_claim))
        .route("/lookup/owner/dispute", post(lookup::owner_dispute))
        .route("/lookup/owner/directory", put(lookup::owner_publish).delete(lookup::owner_unpublish))
        .route("/lookup/owner/optOut", put(lookup::owner_opt_out))
        .route("/lookup/{phone}", get(lookup::find))
        .route("/chat/conversation", get(chat::conversation))
        .route("/chat/messages", post(chat::send))
        .route("/chat/unread", get(chat::unread))
        .route("/chat/conversations/{id}/messages", get(chat::messages))
        .route("/chat/conversations/{id}/read", post(chat::mark_read))
        .route("/chat/conversations/{id}/stream", get(chat::stream))
        .route("/operationLog/protal", post(tracking::click_point))
        .route("/operationLog/event", post(tracking::operation_event))
        .route("/fackbook/conversions/{pixel}", post(tracking::conversion))
        .merge(console_router())
        .fallback(envelope::not_found);
    Router::new().nest(API_BASE, v1)
}
