//! Every API answer is the JSON envelope, including the ones axum writes
//! itself before a handler runs: a path parameter that is not valid
//! percent-encoded UTF-8, a body or query that does not parse, a wrong method.
//! Those rejections are plain text (or empty); this layer turns any such 4xx
//! under the API prefix into the envelope with a localized message, keeping
//! the status (and `Allow` on 405).
use super::{ApiContext, ApiError};
use app_core::api::API_BASE;
use app_core::i18n::{Key, Locale};
use axum::{
    extract::Request,
    http::{header, StatusCode},
    middleware::Next,
    response::{IntoResponse as _, Response},
};

/// The middleware; leaves pages, static files and envelopes untouched.
pub async fn envelope_rejections(request: Request, next: Next) -> Response {
    let path = request.uri().path();
    let is_api = path
        .strip_prefix(API_BASE)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'));
    if !is_api {
        return next.run(request).await;
    }
    let locale = request
        .headers()
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .map(Locale::from_accept_language)
        .unwrap_or_default();
    let response = next.run(request).await;
    if !response.status().is_client_error() || is_json(&response) {
        return response;
    }
    let status = response.status();
    let ctx = ApiContext {
        locale,
        ..ApiContext::default()
    };
    let key = if status == StatusCode::NOT_FOUND {
        Key::ErrorNotFound
    } else {
        Key::ErrorBadRequest
    };
    let mut envelope = ApiError::new(&ctx, status, key).into_response();
    if let Some(allow) = response.headers().get(header::ALLOW) {
        envelope.headers_mut().insert(header::ALLOW, allow.clone());
    }
    envelope
}

fn is_json(response: &Response) -> bool {
    response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"))
}
