//! Server-side rendering of the Leptos app, and the redirect rules that run before it.
use super::InProcessApi;
use crate::state::AppState;
use app::api::SharedTransport;
use axum::{
    body::Body,
    extract::{Request, State},
    http::{header, StatusCode},
    middleware::Next,
    response::{IntoResponse, Response},
};
use leptos::prelude::provide_context;
use std::sync::Arc;

/// Renders any path as a page (the app decides between a page and a 404).
/// Async mode: the whole document, data included, is sent at once, so pages
/// are complete without JavaScript.
pub async fn render_page(State(state): State<AppState>, request: Request) -> Response {
    let public = state.public.clone();
    let transport: SharedTransport = Arc::new(InProcessApi::new(state.clone()));
    let handler = leptos_axum::render_app_async_with_context(
        move || {
            provide_context((*public).clone());
            provide_context(transport.clone());
        },
        app::shell,
    );
    handler(request.map(Body::new)).await.into_response()
}

/// `/id/` → `/id` with 301, query kept (spec §2).
pub async fn locale_slash_redirect(request: Request, next: Next) -> Response {
    let uri = request.uri();
    if let Some(target) = app::routes::locale_slash_redirect(uri.path(), uri.query()) {
        return (StatusCode::MOVED_PERMANENTLY, [(header::LOCATION, target)]).into_response();
    }
    next.run(request).await
}
