//! Where page requests enter: Leptos SSR for every path the API and static
//! files do not claim, the account forms posted to those paths, the
//! locale-slash redirect, and built assets.
mod account_forms;
mod assets;
mod billing_forms;
mod chat_forms;
mod checkout_claim;
mod consent_forms;
mod console_api;
mod console_forms;
mod console_pages;
mod cookies;
mod dev_calls;
mod dev_outbox;
mod forms;
mod locate_forms;
mod lookup_forms;
mod page_br;
mod page_cache;
mod page_visitor;
mod pages;
mod render;
mod sandbox_checkout;
mod security_headers;
mod seo;
mod tracking_cookies;
mod transport;
mod voice_forms;

pub use assets::{load_manifest, static_router};
pub use checkout_claim::claim_router;
pub use cookies::CookiePolicy;
pub use dev_calls::dev_calls_router;
pub use dev_outbox::dev_router;
pub use page_cache::PageCache;
pub use pages::{locale_slash_redirect, page_request};
pub use sandbox_checkout::sandbox_router;
pub use security_headers::{security_headers, tile_source, SecurityHeaders};
pub use seo::seo_router;
pub use transport::{InProcessApi, PageApi};

/// How this site writes cookies.
pub fn cookie_policy(public_base_url: &str) -> CookiePolicy {
    cookies::CookiePolicy::for_origin(public_base_url)
}

/// A visitor's help chat id (the HttpOnly cookie), if any.
pub fn chat_visitor_cookie(headers: &axum::http::HeaderMap) -> Option<String> {
    cookies::read(headers, app::model::chat::VISITOR_COOKIE).filter(|v| v.len() == 64)
}

/// The visitor's cookie consent (`acceptCookie`), `None` before they chose.
pub fn cookie_consent(headers: &axum::http::HeaderMap) -> Option<app::consent::Consent> {
    tracking_cookies::consent(headers)
}

/// What an order placed through the API carries for attribution.
pub fn order_tracking(
    headers: &axum::http::HeaderMap,
) -> crate::services::tracking::attribution::OrderTracking {
    let referer = headers
        .get(axum::http::header::REFERER)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    tracking_cookies::order_tracking(headers, referer)
}

/// A cookie's value (the tracking calls read Meta's `_fbc` / `_fbp`).
pub fn tracking_cookie(headers: &axum::http::HeaderMap, name: &str) -> Option<String> {
    cookies::read(headers, name)
}

/// The browser's staff session token (the console's HttpOnly cookie), if any.
pub fn staff_cookie(headers: &axum::http::HeaderMap) -> Option<String> {
    cookies::read(headers, app::model::console::STAFF_COOKIE)
}

/// The browser's session token (the HttpOnly cookie), if any.
pub fn session_cookie(headers: &axum::http::HeaderMap) -> Option<String> {
    cookies::read(headers, app::account::forms::SESSION_COOKIE)
}
