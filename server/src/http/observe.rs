//! Request latency per route for `/metrics`, and the request id every log
//! line of a request carries. Logs and metrics name the route template
//! (`/api_f/v1/reveal/{token}`), never the path: a path can hold an owner's
//! secret or the number somebody looked up.
use axum::extract::{MatchedPath, Request};
use axum::http::HeaderValue;
use axum::middleware::Next;
use axum::response::Response;
use std::time::Instant;

/// Header carrying the request id (kept from a trusted proxy, else made here).
pub const REQUEST_ID: &str = "x-request-id";

/// The route template that served a response, set by [`label_route`].
#[derive(Clone, Debug)]
struct RouteLabel(String);

/// Inner layer (on routed paths only): names the route template, e.g.
/// `/api_f/v1/lookup/{phone}`, so the latency series stay few, and writes it
/// into the request's log span.
pub async fn label_route(request: Request, next: Next) -> Response {
    let label = request
        .extensions()
        .get::<MatchedPath>()
        .map(|p| p.as_str().to_owned());
    if let Some(label) = &label {
        tracing::Span::current().record("route", label.as_str());
    }
    let mut response = next.run(request).await;
    if let Some(label) = label {
        response.extensions_mut().insert(RouteLabel(label));
    }
    response
}

/// Outer layer: times every request. Unrouted requests are pages (the
/// renderer is the fallback) or built assets.
pub async fn observe(request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = method_label(request.method());
    let fallback = if request.uri().path().starts_with("/pkg/") {
        "assets"
    } else {
        "pages"
    };
    let response = next.run(request).await;
    let route = response
        .extensions()
        .get::<RouteLabel>()
        .map_or(fallback, |l| l.0.as_str());
    let status = response.status().as_u16().to_string();
    crate::metrics::observe(
        "http_request_duration_seconds",
        "Time from request to response head, per route template.",
        &[("route", route), ("method", method), ("status", &status)],
        started.elapsed().as_secs_f64(),
    );
    response
}

/// The method as a label: the standard ones by name, anything a client
/// invents as `other`, so the series stay few.
fn method_label(method: &axum::http::Method) -> &'static str {
    use axum::http::Method;
    const KNOWN: [Method; 7] = [
        Method::GET,
        Method::HEAD,
        Method::POST,
        Method::PUT,
        Method::PATCH,
        Method::DELETE,
        Method::OPTIONS,
    ];
    KNOWN
        .iter()
        .find(|known| *known == method)
        .map_or("other", Method::as_str)
}

/// Whether a request id sent by the client may be kept: only from a trusted
/// proxy (`TRUST_FORWARDED_FOR`), and only a short token of letters, digits
/// and dashes, so nobody writes into our logs.
pub fn keeps_request_id(value: &HeaderValue, trusted_proxy: bool) -> bool {
    trusted_proxy
        && (1..=64).contains(&value.len())
        && value
            .as_bytes()
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || *b == b'-' || *b == b'_')
}

/// Outer layer: drops a client's `x-request-id` unless [`keeps_request_id`]
/// allows it; the id layer inside then makes a fresh one.
pub async fn untrusted_request_id(
    axum::extract::State(trusted_proxy): axum::extract::State<bool>,
    mut request: Request,
    next: Next,
) -> Response {
    let keep = request
        .headers()
        .get(REQUEST_ID)
        .is_none_or(|id| keeps_request_id(id, trusted_proxy));
    if !keep {
        request.headers_mut().remove(REQUEST_ID);
    }
    next.run(request).await
}

/// A random request id (16 hex digits) for requests that come without one.
#[derive(Clone, Copy, Debug, Default)]
pub struct MakeRequestId;

impl tower_http::request_id::MakeRequestId for MakeRequestId {
    fn make_request_id<B>(
        &mut self,
        _: &axum::http::Request<B>,
    ) -> Option<tower_http::request_id::RequestId> {
        use rand_core::{OsRng, RngCore as _};
        let id = format!("{:016x}", OsRng.next_u64());
        HeaderValue::from_str(&id)
            .ok()
            .map(tower_http::request_id::RequestId::new)
    }
}

/// The tracing span of a request: method, its id and (once routed) the
/// route template; never the path or query.
pub fn request_span(request: &axum::http::Request<axum::body::Body>) -> tracing::Span {
    let id = request
        .headers()
        .get(REQUEST_ID)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("-");
    tracing::info_span!(
        "request",
        method = method_label(request.method()),
        // Recorded once routed (or as `pages` by the page fallback): a field
        // given a value here and recorded again would print twice.
        route = tracing::field::Empty,
        request_id = %id
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invented_methods_share_one_label() {
        let odd = axum::http::Method::from_bytes(b"BREW").unwrap();
        assert_eq!(method_label(&odd), "other");
        assert_eq!(method_label(&axum::http::Method::POST), "POST");
    }

    #[test]
    fn request_ids_are_kept_only_from_a_trusted_proxy_and_only_when_plain() {
        let plain = HeaderValue::from_static("abc-123_DEF");
        assert!(keeps_request_id(&plain, true));
        assert!(!keeps_request_id(&plain, false));
        let forged = HeaderValue::from_static("x\" admin=\"1");
        assert!(!keeps_request_id(&forged, true));
        let long = HeaderValue::from_str(&"a".repeat(65)).unwrap();
        assert!(!keeps_request_id(&long, true));
    }
}
