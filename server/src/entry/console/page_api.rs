//! The console pages read their data from the console API, in-process (as
//! the site's pages do): the page request's staff session travels with each
//! call, so a page shows exactly what the REST API would answer that person.
use crate::{http::api_router, state::AppState};
use app_core::api::{Envelope, API_BASE};
use app_core::i18n::{t, Key, Locale};
use app_core::model::console::{STAFF_COOKIE, STAFF_TOKEN_HEADER};
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{header, HeaderMap, HeaderValue, Method, Request, StatusCode};
use http_body_util::BodyExt as _;
use serde::de::DeserializeOwned;
use std::net::SocketAddr;
use tower::ServiceExt as _;

/// Who calls: the page request's staff cookie, address and user agent.
#[derive(Clone)]
pub(super) struct StaffCaller {
    state: AppState,
    pub locale: Locale,
    pub token: Option<String>,
    peer: Option<ConnectInfo<SocketAddr>>,
    forwarded: Vec<(header::HeaderName, HeaderValue)>,
}

/// A failed call: its status and the message to show (already localized).
#[derive(Clone, Debug)]
pub(super) struct Failure {
    pub status: StatusCode,
    pub msg: String,
}

impl StaffCaller {
    pub fn of(
        state: &AppState,
        locale: Locale,
        headers: &HeaderMap,
        peer: Option<ConnectInfo<SocketAddr>>,
    ) -> Self {
        let forwarded = ["x-forwarded-for", "user-agent"]
            .into_iter()
            .filter_map(|name| {
                Some((
                    header::HeaderName::from_static(name),
                    headers.get(name)?.clone(),
                ))
            })
            .collect();
        let token = crate::cookies::read(headers, STAFF_COOKIE);
        StaffCaller {
            state: state.clone(),
            locale,
            token,
            peer,
            forwarded,
        }
    }

    /// `GET` of a console path (below `/api_f/v1/console`), decoded.
    pub async fn get<T: DeserializeOwned>(&self, path: &str) -> Result<T, Failure> {
        let mut builder = Request::builder()
            .method(Method::GET)
            .uri(format!("{API_BASE}/console{path}"))
            .header("accept-language", self.locale.code());
        for (name, value) in &self.forwarded {
            builder = builder.header(name, value);
        }
        if let Some(token) = &self.token {
            builder = builder.header(STAFF_TOKEN_HEADER, token);
        }
        if let Some(peer) = self.peer {
            builder = builder.extension(peer);
        }
        let request = builder
            .body(Body::empty())
            .map_err(|_| self.failure(StatusCode::BAD_REQUEST, None))?;
        let response = match api_router()
            .with_state(self.state.clone())
            .oneshot(request)
            .await
        {
            Ok(r) => r,
            Err(never) => match never {},
        };
        let status = response.status();
        let body = match response.into_body().collect().await {
            Ok(collected) => collected.to_bytes(),
            Err(e) => {
                tracing::error!(error = %e, "in-process console API body failed");
                return Err(self.failure(StatusCode::INTERNAL_SERVER_ERROR, None));
            }
        };
        let envelope: Envelope<T> =
            serde_json::from_slice(&body).map_err(|_| self.failure(status, None))?;
        match envelope.obj {
            Some(obj) if envelope.is_success() && status.is_success() => Ok(obj),
            // Understood and refused (HTTP 200, `success: 0`): shown like a refused form.
            _ => Err(self.failure(
                if status.is_success() {
                    StatusCode::UNPROCESSABLE_ENTITY
                } else {
                    status
                },
                Some(envelope.msg),
            )),
        }
    }

    /// The server's own message when it sent one; a generic one otherwise.
    fn failure(&self, status: StatusCode, msg: Option<String>) -> Failure {
        let msg = msg
            .filter(|m| !m.is_empty())
            .unwrap_or_else(|| t(self.locale, Key::ErrorGeneric).to_owned());
        Failure { status, msg }
    }
}

/// `q=…` with the value encoded.
pub(super) fn query_pair(name: &str, value: &str) -> String {
    serde_urlencoded::to_string([(name, value)]).unwrap_or_default()
}
