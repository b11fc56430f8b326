//! Paddle Billing (cards). A checkout is a Paddle transaction for the plan's
//! price, opened on Paddle's hosted checkout (`data.checkout.url`); Paddle
//! then bills the renewals itself and reports everything by webhook,
//! signed `Paddle-Signature: ts=<unix>;h1=<hex HMAC-SHA256(secret, "ts:body")>`.
//!
//! Its settings, and the variables they are read from: `crate::config::payments::paddle`.
mod refunds;
mod signature;
mod webhook;

pub use webhook::check_signature;

use super::{
    wire, ChargeOutcome, CheckoutRequest, CheckoutStart, PaymentError, ProviderEvent, WebhookError,
    WebhookRequest,
};
pub use crate::config::payments::paddle::{PaddleConfig, DEFAULT_API_BASE};
use serde::{de::DeserializeOwned, Deserialize};
use serde_json::json;
use std::time::Duration;

/// The adapter.
#[derive(Debug)]
pub struct PaddleProvider {
    http: reqwest::Client,
    config: PaddleConfig,
}

/// Paddle wraps every answer in `{"data": …}`.
#[derive(Deserialize)]
struct Data<T> {
    data: T,
}

#[derive(Deserialize)]
struct Created {
    id: String,
    #[serde(default)]
    checkout: Option<Checkout>,
}

#[derive(Deserialize)]
struct Checkout {
    url: Option<String>,
}

impl PaddleProvider {
    /// Whether plan `plan_id` can be sold without its trial here.
    pub fn sells_without_trial(&self, plan_id: i64) -> bool {
        self.config.full_price_ids.contains_key(&plan_id)
    }

    /// # Errors
    /// The HTTP client cannot be built.
    pub fn new(
        config: &PaddleConfig,
        _public_base_url: &str,
        timeout: Duration,
    ) -> anyhow::Result<PaddleProvider> {
        let mut config = config.clone();
        config.api_base = config.api_base.trim_end_matches('/').to_owned();
        Ok(PaddleProvider {
            http: wire::http_client(timeout)?,
            config,
        })
    }

    /// `POST /transactions` for the plan's price with our order number in
    /// `custom_data`; the payer goes to Paddle's checkout for it.
    pub async fn create_checkout(
        &self,
        req: &CheckoutRequest,
    ) -> Result<CheckoutStart, PaymentError> {
        let c = &self.config;
        let price = wire::price_for(
            &c.price_ids,
            &c.full_price_ids,
            req.plan_id,
            req.skips_trial,
        );
        let Some(price_id) = price else {
            tracing::warn!(
                plan_id = req.plan_id,
                skips_trial = req.skips_trial,
                "paddle: no PADDLE_PRICE_IDS (or PADDLE_FULL_PRICE_IDS) entry for the plan"
            );
            return Err(PaymentError::NotSupported);
        };
        let body = json!({
            "items": [{"price_id": price_id, "quantity": 1}],
            "custom_data": {"order_no": req.order_no},
            "collection_mode": "automatic",
        });
        let created: Created = self
            .call(reqwest::Method::POST, "/transactions", Some(&body))
            .await?;
        let url = created
            .checkout
            .and_then(|c| c.url)
            .ok_or(PaymentError::BadResponse)?;
        Ok(CheckoutStart {
            redirect_url: url,
            provider_ref: Some(created.id),
        })
    }

    /// Paddle charges nothing under our keys (it drives renewals), so only a
    /// Paddle transaction id (`txn_…`, from the checkout) can be looked up:
    /// `GET /transactions/{id}`. Anything else was never charged there.
    pub async fn lookup_charge(
        &self,
        idempotency_key: &str,
    ) -> Result<Option<ChargeOutcome>, PaymentError> {
        if !idempotency_key.starts_with("txn_")
            || !idempotency_key
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_')
        {
            return Ok(None);
        }
        let path = format!("/transactions/{idempotency_key}");
        match self
            .call::<webhook::Transaction>(reqwest::Method::GET, &path, None)
            .await
        {
            Ok(txn) => Ok(Some(txn.outcome())),
            Err(PaymentError::Rejected { status: 404, .. }) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// `POST /subscriptions/{id}/cancel` effective at the next billing
    /// period: the payer keeps what they paid for, Paddle stops billing.
    pub async fn cancel(&self, subscription_ref: &str) -> Result<(), PaymentError> {
        let path = format!("/subscriptions/{}/cancel", path_segment(subscription_ref)?);
        let body = json!({"effective_from": "next_billing_period"});
        self.call::<serde_json::Value>(reqwest::Method::POST, &path, Some(&body))
            .await
            .map(|_| ())
    }

    pub async fn verify_webhook(
        &self,
        req: &WebhookRequest<'_>,
    ) -> Result<Vec<ProviderEvent>, WebhookError> {
        webhook::verify(self.config.webhook_secret.expose().as_bytes(), req)
    }

    /// One API call; a non-2xx answer becomes `Rejected` with Paddle's
    /// error code (`{"error": {"code": …}}`), never its message.
    async fn call<T: DeserializeOwned>(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<&serde_json::Value>,
    ) -> Result<T, PaymentError> {
        let mut request = self
            .http
            .request(method, format!("{}{path}", self.config.api_base))
            .bearer_auth(self.config.api_key.expose())
            .header("Paddle-Version", "1");
        if let Some(body) = body {
            request = request.json(body);
        }
        let (status, bytes) = wire::exchange(request).await?;
        if !(200..300).contains(&status) {
            return Err(PaymentError::Rejected {
                status,
                code: error_code(&bytes),
            });
        }
        serde_json::from_slice::<Data<T>>(&bytes)
            .map(|d| d.data)
            .map_err(|_| PaymentError::BadResponse)
    }
}

/// Paddle's error slug, or `unknown` when the body has none.
fn error_code(body: &[u8]) -> String {
    #[derive(Deserialize)]
    struct Body {
        error: Code,
    }
    #[derive(Deserialize)]
    struct Code {
        code: String,
    }
    serde_json::from_slice::<Body>(body).map_or_else(|_| "unknown".to_owned(), |b| b.error.code)
}

/// A Paddle id as one URL path segment: letters, digits and `_` only
/// (`sub_01h…`, `txn_01h…`).
fn path_segment(id: &str) -> Result<&str, PaymentError> {
    wire::path_segment(id, b"_")
}

#[cfg(test)]
mod tests;
