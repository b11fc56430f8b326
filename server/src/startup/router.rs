//! The router: every route, then the middleware every request passes.
use crate::{entry, http, state::AppState, web};
use axum::http::HeaderName;
use axum::{middleware, routing::get, Router};
use std::{sync::Arc, time::Duration};
use tower_http::{
    catch_panic::CatchPanicLayer,
    compression::{CompressionLayer, CompressionLevel},
    request_id::{PropagateRequestIdLayer, SetRequestIdLayer},
    timeout::TimeoutLayer,
    trace::TraceLayer,
};

/// Requests time out after 30 s.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// The complete router: API, health, static files, developer pages when
/// `DEV_TOOLS` is on, then pages for everything else.
pub fn build_router(state: AppState) -> Router {
    // Leptos resources spawn onto the global executor; already set is fine.
    let _ = any_spawner::Executor::init_tokio();
    let static_files = web::static_router(&state.config);
    let headers = Arc::new(web::SecurityHeaders::from_config(&state.config));
    let trusted_proxy = state.config.trust_forwarded_for;
    let page_api = web::PageApi::new(state.clone());
    let routes = routes(&state)
        .fallback(web::page_request)
        .with_state(state)
        .layer(axum::Extension(page_api))
        .merge(static_files);
    with_middleware(routes, headers, trusted_proxy)
}

/// The named routes; the developer pages only when `DEV_TOOLS` is on.
fn routes(state: &AppState) -> Router<AppState> {
    let routes = Router::new()
        .merge(http::api_router())
        .merge(http::twilio_router())
        .merge(http::calls_router())
        .merge(entry::billing::sandbox_router(state))
        .merge(entry::billing::claim_router())
        .merge(web::seo_router())
        .route("/healthz", get(http::healthz))
        .route("/health", get(http::health))
        .route("/ready", get(http::ready))
        .route("/metrics", get(http::metrics))
        .route_layer(middleware::from_fn(http::label_route));
    if !state.config.dev_tools {
        // The paths fall through to the page renderer's 404 like any unknown URL.
        return routes;
    }
    routes
        .merge(web::dev_router())
        .merge(web::dev_calls_router())
}

/// The middleware every request passes, innermost first.
fn with_middleware(
    routes: Router,
    headers: Arc<web::SecurityHeaders>,
    trusted_proxy: bool,
) -> Router {
    routes
        .layer(middleware::from_fn(web::locale_slash_redirect))
        // On the fly (pages rendered per visitor, API answers): level 3
        // costs less than half of brotli's usual 4 for ~5% more bytes on
        // a page. Shared pages come compressed already (`page_cache::br`).
        .layer(
            CompressionLayer::new()
                .br(true)
                .gzip(true)
                .quality(CompressionLevel::Precise(3)),
        )
        .layer(TimeoutLayer::with_status_code(
            axum::http::StatusCode::REQUEST_TIMEOUT,
            REQUEST_TIMEOUT,
        ))
        .layer(middleware::from_fn(http::envelope_rejections))
        .layer(TraceLayer::new_for_http().make_span_with(http::request_span))
        .layer(CatchPanicLayer::custom(internal_error))
        .layer(middleware::from_fn(http::observe))
        // The id is set before the trace span opens and echoed in the response.
        .layer(PropagateRequestIdLayer::new(HeaderName::from_static(
            http::REQUEST_ID,
        )))
        .layer(SetRequestIdLayer::new(
            HeaderName::from_static(http::REQUEST_ID),
            http::MakeRequestId,
        ))
        // A client's own request id is dropped unless a trusted proxy set it.
        .layer(middleware::from_fn_with_state(
            trusted_proxy,
            http::untrusted_request_id,
        ))
        // Outermost: panics, time-outs and redirects get the headers too.
        .layer(middleware::from_fn_with_state(
            headers,
            web::security_headers,
        ))
}

/// A panic is a bug: log it, answer a plain 500 without internals.
fn internal_error(_: Box<dyn std::any::Any + Send + 'static>) -> axum::response::Response {
    use axum::response::IntoResponse as _;
    tracing::error!("request handler panicked");
    let body = app_core::api::Envelope::<()>::error(app_core::i18n::t(
        app_core::i18n::Locale::En,
        app_core::i18n::Key::ErrorGeneric,
    ));
    (
        axum::http::StatusCode::INTERNAL_SERVER_ERROR,
        axum::Json(body),
    )
        .into_response()
}
