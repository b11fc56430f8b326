//! What every API request carries besides its payload (spec §7): the session
//! token, the language for messages and the website type.
use app::i18n::Locale;
use axum::{extract::FromRequestParts, http::request::Parts};
use std::convert::Infallible;

/// Request metadata, extracted from headers.
#[derive(Clone, Debug, Default)]
pub struct ApiContext {
    /// Language of user-facing messages, from `accept-language`.
    pub locale: Locale,
    /// The `token` header (validated by the calls that need a session).
    pub token: Option<String>,
    /// The `website_type` header, kept for attribution.
    pub website_type: Option<String>,
}

fn header(parts: &Parts, name: &str) -> Option<String> {
    parts
        .headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_owned)
}

impl<S: Send + Sync> FromRequestParts<S> for ApiContext {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(ApiContext {
            locale: header(parts, "accept-language")
                .map(|v| Locale::from_accept_language(&v))
                .unwrap_or_default(),
            token: header(parts, "token"),
            website_type: header(parts, "website_type"),
        })
    }
}
