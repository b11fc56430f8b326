//! The API client's server-side transport: calls go straight into the API
//! router in-process, so SSR and the browser hit the very same handlers.
use crate::{http::api_router, state::AppState};
use app::api::{ApiRequest, ApiResponse, ApiTransport};
use axum::{body::Body, http::Request, Router};
use http_body_util::BodyExt as _;
use std::{future::Future, pin::Pin};
use tower::ServiceExt as _;

/// [`ApiTransport`] over the in-process API router.
pub struct InProcessApi {
    router: Router,
}

impl InProcessApi {
    /// A transport bound to `state`.
    pub fn new(state: AppState) -> Self {
        InProcessApi { router: api_router().with_state(state) }
    }
}

impl ApiTransport for InProcessApi {
    fn send(&self, request: ApiRequest) -> Pin<Box<dyn Future<Output = ApiResponse> + Send>> {
        let router = self.router.clone();
        Box::pin(async move {
            let mut builder = Request::builder()
                .method(request.method)
                .uri(&request.path_and_query)
                .header("accept-language", request.locale.code());
            if let Some(token) = &request.token {
                builder = builder.header("token", token);
            }
            if request.form.is_some() {
                builder = builder.header("content-type", "application/x-www-form-urlencoded");
            }
            let Ok(http_request) = builder.body(Body::from(request.form.unwrap_or_default())) else {
                return ApiResponse { status: 400, body: String::new(), token: None };
            };
            let response = match router.oneshot(http_request).await {
                Ok(r) => r,
                Err(never) => match never {},
            };
            let status = response.status().as_u16();
            let token = response.headers().get("token").and_then(|v| v.to_str().ok()).map(str::to_owned);
            let body = match response.into_body().collect().await {
                Ok(collected) => String::from_utf8_lossy(&collected.to_bytes()).into_owned(),
                Err(e) => {
                    tracing::error!(error = %e, "in-process API body failed");
                    String::new()
                }
            };
            ApiResponse { status, body, token }
        })
    }
}
