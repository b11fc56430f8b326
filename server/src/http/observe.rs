//! Request latency per route for `/metrics`, and the request id every log
//! line of a request carries.
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
/// `/api_f/v1/lookup/{phone}`, so the latency series stay few.
pub async fn label_route(request: Request, next: Next) -> Response {
    let label = request
        .extensions()
        .get::<MatchedPath>()
        .map(|p| p.as_str().to_owned());
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
    let method = request.method().as_str().to_owned();
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
        &[("route", route), ("method", &method), ("status", &status)],
        started.elapsed().as_secs_f64(),
    );
    response
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

/// The tracing span of a request: method, path and its id.
pub fn request_span(request: &axum::http::Request<axum::body::Body>) -> tracing::Span {
    let id = request
        .headers()
        .get(REQUEST_ID)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("-");
    tracing::info_span!("request", method = %request.method(), path = %request.uri().path(), request_id = %id)
}
