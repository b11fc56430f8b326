//! Where page requests enter: Leptos SSR for every path the API and static
//! files do not claim, the account forms posted to those paths, the
//! locale-slash redirect, and built assets.
mod account_forms;
mod assets;
mod billing_forms;
mod checkout_claim;
mod cookies;
mod dev_outbox;
mod forms;
mod locate_forms;
mod lookup_forms;
mod pages;
mod sandbox_checkout;
mod security_headers;
mod seo;
mod transport;
mod voice_forms;
mod dev_calls;

pub use assets::{load_manifest, static_router};
pub use checkout_claim::claim_router;
pub use sandbox_checkout::sandbox_router;
pub use dev_calls::dev_calls_router;
pub use dev_outbox::dev_router;
pub use pages::{locale_slash_redirect, page_request};
pub use seo::seo_router;
pub use security_headers::{security_headers, tile_source, SecurityHeaders};
pub use transport::InProcessApi;

/// How this site writes cookies.
pub fn cookie_policy(public_base_url: &str) -> cookies::CookiePolicy {
    cookies::CookiePolicy::for_origin(public_base_url)
}

/// The browser's session token (the HttpOnly cookie), if any.
pub fn session_cookie(headers: &axum::http::HeaderMap) -> Option<String> {
    cookies::read(headers, app::account::forms::SESSION_COOKIE)
}
