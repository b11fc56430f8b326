//! The support console: its REST calls (`api.rs`, `api/`) and its own
//! pages at `/admin` (`pages.rs`: fetched through `view.rs`, which reads the
//! console API in-process by `page_api.rs`; posted through `forms.rs`)
//! (`services::console`).
mod api;
mod forms;
mod page_api;
pub(crate) mod pages;
mod view;

// The tools the files below name through `super::`: the API's
// documentation types, extractors and envelope; the pages' redirect.
use crate::http::{doc, extract, ApiContext, ApiError, ApiOk, ApiResult};
use crate::state::AppState;
use crate::web::redirects;
use utoipa_axum::{router::UtoipaMethodRouter, routes};

/// The console's API paths, under `/api_f/v1`; every answer
/// `Cache-Control: no-store` (staff and customer data never sit in a cache).
pub fn routes() -> Vec<UtoipaMethodRouter<AppState>> {
    use axum::http::{header::CACHE_CONTROL, HeaderValue};
    use tower_http::set_header::SetResponseHeaderLayer;
    let routes = vec![
        // GET POST DELETE /console/session
        routes!(api::sign_in, api::current, api::sign_out),
        // GET /console/customers
        routes!(api::search),
        // GET /console/customers/{id}
        routes!(api::customer),
        // POST /console/charges/{id}/refund
        routes!(api::refund),
        // POST /console/customers/{id}/cancel
        routes!(api::cancel),
        // POST /console/customers/{id}/suspend
        routes!(api::suspend),
        // POST /console/customers/{id}/reinstate
        routes!(api::reinstate),
        // GET /console/abuse
        routes!(api::abuse_queue),
        // POST /console/abuse/{id}
        routes!(api::abuse_decide),
        // GET /console/chats
        routes!(api::chats),
        // GET /console/chats/{id}
        routes!(api::chat_thread),
        // POST /console/chats/{id}/reply
        routes!(api::chat_reply),
        // GET /console/audit
        routes!(api::audit_log),
    ];
    let no_store =
        SetResponseHeaderLayer::overriding(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    routes
        .into_iter()
        .map(|(schemas, paths, method)| (schemas, paths, method.layer(no_store.clone())))
        .collect()
}
