//! Signed calls to dLocal's Payins API: every request carries `X-Date`,
//! `X-Login`, `X-Trans-Key`, `X-Version: 2.1` and the V2-HMAC-SHA256
//! signature of `X-Login + X-Date + body` (an empty body for GET).
use super::DLocalConfig;
use crate::config::Secret;
use crate::payments::{wire, PaymentError};
use crate::signing::{hex, hmac_sha256};
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::time::Duration;

/// A status or error code as text (`302`, `"302"`).
pub fn code_text(code: &Value) -> String {
    match code {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        _ => "unknown".to_owned(),
    }
}

/// The signature scheme named in `Authorization`.
pub const AUTH_SCHEME: &str = "V2-HMAC-SHA256";

/// Hex HMAC-SHA256 of `login + x_date + body` under the secret key.
pub fn signature(secret_key: &[u8], login: &str, x_date: &str, body: &[u8]) -> String {
    hex(&hmac_sha256(
        secret_key,
        &[login.as_bytes(), x_date.as_bytes(), body],
    ))
}

/// The API client. `Debug` redacts the credentials.
#[derive(Debug)]
pub struct Api {
    http: reqwest::Client,
    base: String,
    login: Secret,
    trans_key: Secret,
    secret_key: Secret,
}

impl Api {
    pub fn new(config: &DLocalConfig, timeout: Duration) -> anyhow::Result<Api> {
        Ok(Api {
            http: wire::http_client(timeout)?,
            base: config.api_base.trim_end_matches('/').to_owned(),
            login: config.login.clone(),
            trans_key: config.trans_key.clone(),
            secret_key: config.secret_key.clone(),
        })
    }

    pub fn login(&self) -> &str {
        self.login.expose()
    }

    pub fn secret_key(&self) -> &[u8] {
        self.secret_key.expose().as_bytes()
    }

    /// A POST deduplicated by dLocal under `idempotency_key`.
    pub async fn post<T: DeserializeOwned>(
        &self,
        path: &str,
        body: &impl serde::Serialize,
        idempotency_key: &str,
    ) -> Result<T, PaymentError> {
        let body = serde_json::to_string(body)
            .map_err(|_| PaymentError::Connection { kind: "request" })?;
        self.send(reqwest::Method::POST, path, body, Some(idempotency_key))
            .await
    }

    /// A POST without a key: dLocal documents no idempotency header, so a
    /// call whose answer was lost is looked up, never repeated.
    pub async fn post_once<T: DeserializeOwned>(
        &self,
        path: &str,
        body: &impl serde::Serialize,
    ) -> Result<T, PaymentError> {
        let body = serde_json::to_string(body)
            .map_err(|_| PaymentError::Connection { kind: "request" })?;
        self.send(reqwest::Method::POST, path, body, None).await
    }

    pub async fn get<T: DeserializeOwned>(&self, path: &str) -> Result<T, PaymentError> {
        self.send(reqwest::Method::GET, path, String::new(), None)
            .await
    }

    /// Signs `body` exactly as sent; a non-2xx answer becomes `Rejected` with
    /// dLocal's numeric error `code` (`{"code": 5009, "message": …}`).
    async fn send<T: DeserializeOwned>(
        &self,
        method: reqwest::Method,
        path: &str,
        body: String,
        idempotency_key: Option<&str>,
    ) -> Result<T, PaymentError> {
        let x_date = wire::iso_ms(crate::clock::now_ms());
        let signed = signature(self.secret_key(), self.login(), &x_date, body.as_bytes());
        let mut request = self
            .http
            .request(method.clone(), format!("{}{path}", self.base))
            .header("X-Date", &x_date)
            .header("X-Login", self.login())
            .header("X-Trans-Key", self.trans_key.expose())
            .header("X-Version", "2.1")
            .header("User-Agent", "CoolTracker/1.0")
            .header("Content-Type", "application/json")
            .header(
                "Authorization",
                format!("{AUTH_SCHEME}, Signature: {signed}"),
            );
        if let Some(key) = idempotency_key {
            request = request.header("X-Idempotency-Key", key);
        }
        if method != reqwest::Method::GET {
            request = request.body(body);
        }
        let (status, bytes) = wire::exchange(request).await?;
        if !(200..300).contains(&status) {
            let code = serde_json::from_slice::<Value>(&bytes)
                .ok()
                .and_then(|v| v.get("code").map(code_text));
            return Err(PaymentError::Rejected {
                status,
                code: code.unwrap_or_else(|| format!("http_{status}")),
            });
        }
        serde_json::from_slice(&bytes).map_err(|_| PaymentError::BadResponse)
    }
}

/// A dLocal id (payment, refund, order) as one URL path segment: letters,
/// digits, `_` and `-`.
pub fn path_segment(id: &str) -> Result<&str, PaymentError> {
    wire::path_segment(id, b"_-")
}
