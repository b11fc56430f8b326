//! PayPal's REST API as the adapter uses it: an OAuth2 client-credentials
//! token, cached until shortly before it expires, then JSON calls with it.
//! No call is ever repeated here: an unknown outcome goes back to the caller.
use super::PaypalConfig;
use crate::config::Secret;
use crate::payments::wire;
use crate::payments::PaymentError;
use anyhow::Context as _;
use serde::Deserialize;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A token is replaced this long before PayPal says it expires (or at half
/// its life when that is shorter), so no call starts with a dying token.
const RENEW_BEFORE: Duration = Duration::from_secs(300);

/// The REST client of one PayPal app.
#[derive(Debug)]
pub(super) struct Api {
    http: reqwest::Client,
    base: String,
    client_id: String,
    client_secret: Secret,
    token: Mutex<Option<Token>>,
}

#[derive(Debug, Clone)]
struct Token {
    value: Secret,
    renew_at: Instant,
}

#[derive(Deserialize)]
struct TokenAnswer {
    access_token: String,
    expires_in: u64,
}

/// PayPal's error body: `{name, message, details: [{issue}]}`, or OAuth's
/// `{error, error_description}`. Only the codes are kept: messages can
/// quote what was sent.
#[derive(Deserialize)]
struct ErrorBody {
    name: Option<String>,
    error: Option<String>,
    #[serde(default)]
    details: Vec<ErrorDetail>,
}

#[derive(Deserialize)]
struct ErrorDetail {
    issue: Option<String>,
}

impl Api {
    pub(super) fn new(config: &PaypalConfig, timeout: Duration) -> anyhow::Result<Api> {
        let http = wire::http_client(timeout).context("building the HTTP client for PayPal")?;
        Ok(Api {
            http,
            base: config.api_base.clone(),
            client_id: config.client_id.clone(),
            client_secret: config.client_secret.clone(),
            token: Mutex::new(None),
        })
    }

    /// POSTs JSON; `request_id` becomes `PayPal-Request-Id` (PayPal answers
    /// a repeat of it with the first result instead of acting twice).
    pub(super) async fn post(
        &self,
        path: &str,
        request_id: Option<&str>,
        body: &impl serde::Serialize,
    ) -> Result<Vec<u8>, PaymentError> {
        let body = serde_json::to_vec(body).map_err(|_| PaymentError::BadResponse)?;
        self.call(reqwest::Method::POST, path, &[], request_id, Some(body))
            .await
    }

    /// GETs a resource with query parameters.
    pub(super) async fn get(
        &self,
        path: &str,
        query: &[(&str, &str)],
    ) -> Result<Vec<u8>, PaymentError> {
        self.call(reqwest::Method::GET, path, query, None, None)
            .await
    }

    async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        query: &[(&str, &str)],
        request_id: Option<&str>,
        body: Option<Vec<u8>>,
    ) -> Result<Vec<u8>, PaymentError> {
        let token = self.token().await?;
        let mut request = self
            .http
            .request(method, format!("{}{path}", self.base))
            .bearer_auth(token.expose());
        if !query.is_empty() {
            request = request.query(query);
        }
        if let Some(id) = request_id {
            request = request.header("PayPal-Request-Id", id);
        }
        if let Some(body) = body {
            request = request
                .header("content-type", "application/json")
                .body(body);
        }
        let (status, bytes) = wire::exchange(request).await?;
        if status == 401 {
            // Revoked or expired early: the next call fetches a new one.
            *self.token.lock().expect("token lock") = None;
        }
        if (200..300).contains(&status) {
            Ok(bytes)
        } else {
            Err(rejected(status, &bytes))
        }
    }

    /// The cached token, or a new one when it is due for renewal.
    async fn token(&self) -> Result<Secret, PaymentError> {
        if let Some(token) = self.token.lock().expect("token lock").clone() {
            if Instant::now() < token.renew_at {
                return Ok(token.value);
            }
        }
        let request = self
            .http
            .post(format!("{}/v1/oauth2/token", self.base))
            .basic_auth(&self.client_id, Some(self.client_secret.expose()))
            .form(&[("grant_type", "client_credentials")]);
        let (status, bytes) = wire::exchange(request).await?;
        if !(200..300).contains(&status) {
            return Err(rejected(status, &bytes));
        }
        let fresh: TokenAnswer =
            serde_json::from_slice(&bytes).map_err(|_| PaymentError::BadResponse)?;
        let life = Duration::from_secs(fresh.expires_in);
        let token = Token {
            value: Secret::new(fresh.access_token),
            renew_at: Instant::now() + life - RENEW_BEFORE.min(life / 2),
        };
        *self.token.lock().expect("token lock") = Some(token.clone());
        Ok(token.value)
    }
}

/// A refusal with PayPal's most specific code (the first `issue`, else the
/// error `name`).
fn rejected(status: u16, body: &[u8]) -> PaymentError {
    let error = serde_json::from_slice::<ErrorBody>(body).ok();
    let code = error
        .and_then(|e| {
            e.details
                .into_iter()
                .find_map(|d| d.issue)
                .or(e.name)
                .or(e.error)
        })
        .unwrap_or_else(|| "http".to_owned());
    PaymentError::Rejected { status, code }
}

/// `value` as one URL path segment; anything else cannot be a PayPal id and
/// must not reshape the path.
pub(super) fn segment(value: &str) -> Result<&str, PaymentError> {
    if super::is_reference(value) {
        Ok(value)
    } else {
        Err(PaymentError::Rejected {
            status: 400,
            code: "invalid_reference".to_owned(),
        })
    }
}
