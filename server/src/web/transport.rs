//! The API client's server-side transport: calls go straight into the API
//! router in-process, so SSR and the browser hit the very same handlers.
use crate::http::extract::PageSession;
use crate::http::OWNER_TOKEN_HEADER;
use crate::{http::api_router, state::AppState};
use app_core::account::forms::OWNER_COOKIE;
use app_core::api::{ApiRequest, ApiResponse, ApiTransport};
use axum::extract::ConnectInfo;
use axum::http::{Extensions, HeaderMap, HeaderName, HeaderValue};
use axum::{body::Body, http::Request, Router};
use http_body_util::BodyExt as _;
use std::net::SocketAddr;
use std::{future::Future, pin::Pin};
use tower::ServiceExt as _;

/// [`ApiTransport`] over the in-process API router.
pub struct InProcessApi {
    router: Router,
    caller: Caller,
}

/// The API router with its state, built once when the site's router is
/// (building its hundred routes took a noticeable share of every page
/// render); pages find it in their request's extensions.
#[derive(Clone)]
pub struct PageApi(Router);

impl PageApi {
    /// The API for pages of `state`.
    pub fn new(state: AppState) -> Self {
        PageApi(api_router().with_state(state))
    }
}

/// Who asked for the page: the API's limits and owner checks see the same
/// caller as a call from their browser would show (address, user agent,
/// the number owner's session).
#[derive(Clone, Debug, Default)]
pub struct Caller {
    peer: Option<ConnectInfo<SocketAddr>>,
    headers: Vec<(HeaderName, HeaderValue)>,
    /// The member the page recognised: calls with their token skip
    /// recognising them again.
    session: Option<PageSession>,
}

impl Caller {
    /// The caller of the page request `headers` / `extensions`.
    pub fn of(headers: &HeaderMap, extensions: &Extensions) -> Caller {
        let mut copied: Vec<(HeaderName, HeaderValue)> = ["x-forwarded-for", "user-agent"]
            .into_iter()
            .filter_map(|name| Some((HeaderName::from_static(name), headers.get(name)?.clone())))
            .collect();
        if let Some(owner) =
            crate::cookies::read(headers, OWNER_COOKIE).and_then(|v| HeaderValue::from_str(&v).ok())
        {
            copied.push((HeaderName::from_static(OWNER_TOKEN_HEADER), owner));
        }
        // A console page's calls carry the staff session as the browser's
        // own calls would (the console API reads this header or the cookie).
        if let Some(staff) = crate::cookies::read(headers, app_core::model::console::STAFF_COOKIE)
            .and_then(|v| HeaderValue::from_str(&v).ok())
        {
            copied.push((
                HeaderName::from_static(app_core::model::console::STAFF_TOKEN_HEADER),
                staff,
            ));
        }
        Caller {
            peer: extensions.get::<ConnectInfo<SocketAddr>>().cloned(),
            headers: copied,
            session: None,
        }
    }

    /// The same caller, signed in with the session the page recognised.
    #[must_use]
    pub fn with_session(self, session: Option<PageSession>) -> Caller {
        Caller { session, ..self }
    }
}

impl InProcessApi {
    /// A transport over `api`, calling on behalf of `caller`.
    pub fn new(api: PageApi, caller: Caller) -> Self {
        InProcessApi {
            router: api.0,
            caller,
        }
    }
}

impl ApiTransport for InProcessApi {
    fn send(&self, request: ApiRequest) -> Pin<Box<dyn Future<Output = ApiResponse> + Send>> {
        let router = self.router.clone();
        let caller = self.caller.clone();
        Box::pin(async move {
            let mut builder = Request::builder()
                .method(request.method)
                .uri(&request.path_and_query)
                .header("accept-language", request.locale.code());
            for (name, value) in caller.headers {
                builder = builder.header(name, value);
            }
            if let Some(peer) = caller.peer {
                builder = builder.extension(peer);
            }
            if let Some(token) = &request.token {
                builder = builder.header("token", token);
            }
            if let Some(session) = caller.session {
                builder = builder.extension(session);
            }
            if request.form.is_some() {
                builder = builder.header("content-type", "application/x-www-form-urlencoded");
            }
            let Ok(http_request) = builder.body(Body::from(request.form.unwrap_or_default()))
            else {
                return ApiResponse {
                    status: 400,
                    body: String::new(),
                    token: None,
                };
            };
            let response = match router.oneshot(http_request).await {
                Ok(r) => r,
                Err(never) => match never {},
            };
            let status = response.status().as_u16();
            let token = response
                .headers()
                .get("token")
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned);
            let body = match response.into_body().collect().await {
                Ok(collected) => String::from_utf8_lossy(&collected.to_bytes()).into_owned(),
                Err(e) => {
                    tracing::error!(error = %e, "in-process API body failed");
                    String::new()
                }
            };
            ApiResponse {
                status,
                body,
                token,
            }
        })
    }
}
