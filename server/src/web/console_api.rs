//! The console pages' calls into the console API, in-process: the staff
//! cookie of the page request travels with them, so every page and form
//! passes the very role checks, limits and audit writes the REST API does.
use crate::{http::api_router, state::AppState};
use app::api::{Envelope, API_BASE, WEBSITE_TYPE_HEADER, WEBSITE_TYPE_WEB};
use app::i18n::{t, Key, Locale};
use app::model::console::STAFF_COOKIE;
use axum::extract::ConnectInfo;
use axum::http::{header, HeaderMap, HeaderValue, Method, Request, StatusCode};
use axum::body::Body;
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

/// A successful call: what it answered and the cookies it set.
pub(super) struct Answer<T> {
    pub obj: Option<T>,
    pub set_cookies: Vec<HeaderValue>,
}

impl StaffCaller {
    pub fn of(state: &AppState, locale: Locale, headers: &HeaderMap, peer: Option<ConnectInfo<SocketAddr>>) -> Self {
        let forwarded = ["x-forwarded-for", "user-agent"]
            .into_iter()
            .filter_map(|name| Some((header::HeaderName::from_static(name), headers.get(name)?.clone())))
            .collect();
        let token = super::cookies::read(headers, STAFF_COOKIE);
        StaffCaller { state: state.clone(), locale, token, peer, forwarded }
    }

    /// `GET` of a console path (below `/api_f/v1/console`), decoded.
    pub async fn get<T: DeserializeOwned>(&self, path: &str) -> Result<T, Failure> {
        let answer = self.send::<T>(Method::GET, path, None).await?;
        answer.obj.ok_or_else(|| self.failure(StatusCode::INTERNAL_SERVER_ERROR, None))
    }

    /// A call with a form body; the object is optional (actions may answer none).
    pub async fn send<T: DeserializeOwned>(&self, method: Method, path: &str, form: Option<String>) -> Result<Answer<T>, Failure> {
        let mut builder = Request::builder()
            .method(method)
            .uri(format!("{API_BASE}/console{path}"))
            .header("accept-language", self.locale.code())
            .header(WEBSITE_TYPE_HEADER, WEBSITE_TYPE_WEB);
        for (name, value) in &self.forwarded {
            builder = builder.header(name, value);
        }
        if let Some(token) = &self.token {
            builder = builder.header(header::COOKIE, format!("{STAFF_COOKIE}={token}"));
        }
        if let Some(peer) = self.peer.clone() {
            builder = builder.extension(peer);
        }
        if form.is_some() {
            builder = builder.header(header::CONTENT_TYPE, "application/x-www-form-urlencoded");
        }
        let request = builder.body(Body::from(form.unwrap_or_default())).map_err(|_| self.failure(StatusCode::BAD_REQUEST, None))?;
        let response = match api_router().with_state(self.state.clone()).oneshot(request).await {
            Ok(r) => r,
            Err(never) => match never {},
        };
        let status = response.status();
        let set_cookies: Vec<HeaderValue> = response.headers().get_all(header::SET_COOKIE).iter().cloned().collect();
        let body = match response.into_body().collect().await {
            Ok(collected) => collected.to_bytes(),
            Err(e) => {
                tracing::error!(error = %e, "in-process console API body failed");
                return Err(self.failure(StatusCode::INTERNAL_SERVER_ERROR, None));
            }
        };
        let envelope: Envelope<T> = serde_json::from_slice(&body).map_err(|_| self.failure(status, None))?;
        if !envelope.is_success() || !status.is_success() {
            let status = if status.is_success() { StatusCode::UNPROCESSABLE_ENTITY } else { status };
            return Err(self.failure(status, Some(envelope.msg)));
        }
        Ok(Answer { obj: envelope.obj, set_cookies })
    }

    /// The server's own message when it sent one; a generic one otherwise.
    fn failure(&self, status: StatusCode, msg: Option<String>) -> Failure {
        let msg = msg.filter(|m| !m.is_empty()).unwrap_or_else(|| t(self.locale, Key::ErrorGeneric).to_owned());
        Failure { status, msg }
    }
}

/// `a=b&c=d` with each value encoded.
pub(super) fn form_body(pairs: &[(&str, &str)]) -> String {
    serde_urlencoded::to_string(pairs).unwrap_or_default()
}
