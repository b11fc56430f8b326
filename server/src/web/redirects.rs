//! The redirects the pages and forms answer with, carrying cookies.
use app_core::api::encode;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

/// A 302 (the default redirect) with cookies to set.
pub(crate) fn redirect(target: &str, set_cookies: Vec<HeaderValue>) -> Response {
    let mut response = (StatusCode::FOUND, [(header::LOCATION, target)]).into_response();
    for cookie in set_cookies {
        response.headers_mut().append(header::SET_COOKIE, cookie);
    }
    response
}

/// 303: the answer to a form post is fetched with GET.
pub(crate) fn see_other(target: &str, set_cookies: Vec<HeaderValue>) -> Response {
    let mut response = redirect(target, set_cookies);
    *response.status_mut() = StatusCode::SEE_OTHER;
    response
}

/// A code was texted to a number: back to `page` at its code step, with the
/// number in the query (`?sent=1&country=…&phone=…`).
pub(crate) fn to_code_step(page: &str, country: &str, phone: &str) -> Response {
    let query = format!(
        "?sent=1&country={}&phone={}",
        encode(country),
        encode(phone)
    );
    redirect(&format!("{page}{query}"), Vec::new())
}
