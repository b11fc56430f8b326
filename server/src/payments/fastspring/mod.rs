//! FastSpring (merchant of record). A checkout is a FastSpring session for
//! the plan's product with our order number in its tags, opened on the
//! hosted storefront (`{storefront}/session/{id}`); FastSpring bills the
//! renewals itself and reports them by webhook, signed
//! `X-FS-Signature: base64(HMAC-SHA256(secret, raw body))`.
//!
//! Its settings, and the variables they are read from: `crate::config::payments::fastspring`.
mod returns;
mod webhook;

use super::{
    wire, CheckoutRequest, CheckoutStart, PaymentError, ProviderEvent, RefundOutcome,
    RefundRequest, WebhookError, WebhookRequest,
};
pub use crate::config::payments::fastspring::{FastSpringConfig, DEFAULT_API_BASE};
use serde::{de::DeserializeOwned, Deserialize};
use serde_json::{json, Value};
use std::{collections::HashMap, time::Duration};

/// The adapter.
#[derive(Debug)]
pub struct FastSpringProvider {
    http: reqwest::Client,
    config: FastSpringConfig,
}

#[derive(Deserialize)]
struct Session {
    id: String,
}

/// One entry of a batch answer (`subscriptions`, `returns`): FastSpring
/// reports each item's own `result`, and an `error` object keyed by field.
#[derive(Deserialize)]
struct Item {
    #[serde(default, rename = "return")]
    return_id: Option<String>,
    #[serde(default)]
    result: Option<String>,
    #[serde(default)]
    completed: Option<bool>,
    #[serde(default)]
    error: Option<HashMap<String, Value>>,
}

impl Item {
    /// `Rejected` when FastSpring refused this item; the code is the field
    /// it names (`subscription`, `order`), never its message.
    fn refusal(&self, status: u16) -> Option<PaymentError> {
        let refused = self.result.as_deref() == Some("error") || self.error.is_some();
        refused.then(|| {
            let mut fields: Vec<&String> = self.error.iter().flat_map(HashMap::keys).collect();
            fields.sort();
            let code = fields
                .first()
                .map_or_else(|| "error".to_owned(), |f| (*f).clone());
            PaymentError::Rejected { status, code }
        })
    }
}

impl FastSpringProvider {
    /// # Errors
    /// The HTTP client cannot be built.
    pub fn new(
        config: &FastSpringConfig,
        _public_base_url: &str,
        timeout: Duration,
    ) -> anyhow::Result<FastSpringProvider> {
        let mut config = config.clone();
        config.api_base = config.api_base.trim_end_matches('/').to_owned();
        Ok(FastSpringProvider {
            http: wire::http_client(timeout)?,
            config,
        })
    }

    /// Whether plan `plan_id` can be sold without its trial here.
    pub fn sells_without_trial(&self, plan_id: i64) -> bool {
        self.config.full_product_paths.contains_key(&plan_id)
    }

    /// `POST /sessions`: the plan's product for this payer, tagged with our
    /// order number (tags come back on the order and its webhooks).
    pub async fn create_checkout(
        &self,
        req: &CheckoutRequest,
    ) -> Result<CheckoutStart, PaymentError> {
        let c = &self.config;
        let paths = (&c.product_paths, &c.full_product_paths);
        let Some(product) = wire::price_for(paths.0, paths.1, req.plan_id, req.skips_trial) else {
            tracing::warn!(plan_id = req.plan_id, "fastspring: no product for the plan");
            return Err(PaymentError::NotSupported);
        };
        let mut contact = json!({"email": req.customer.email, "country": req.customer.country});
        if let Some((first, last)) = req
            .customer
            .name
            .as_deref()
            .and_then(|n| n.trim().split_once(' '))
        {
            contact["first"] = json!(first);
            contact["last"] = json!(last.trim());
        }
        let body = json!({
            "contact": contact,
            "items": [{"product": product, "quantity": 1}],
            "tags": {"order_no": req.order_no},
        });
        let (status, bytes) = self
            .call(reqwest::Method::POST, "/sessions", Some(&body))
            .await?;
        let session: Session = read(status, &bytes)?;
        Ok(CheckoutStart {
            redirect_url: format!("{}/session/{}", self.config.storefront, session.id),
            provider_ref: Some(session.id),
        })
    }

    /// `DELETE /subscriptions/{id}` without `billingPeriod=0`: the
    /// subscription ends at the next billing date, not now.
    pub async fn cancel(&self, subscription_ref: &str) -> Result<(), PaymentError> {
        let path = format!("/subscriptions/{}", path_segment(subscription_ref)?);
        let (status, bytes) = self.call(reqwest::Method::DELETE, &path, None).await?;
        let batch: Batch = read(status, &bytes)?;
        let item = batch
            .subscriptions
            .first()
            .ok_or(PaymentError::BadResponse)?;
        item.refusal(status).map_or(Ok(()), Err)
    }

    /// `POST /returns`: a full return of the order (the API returns whole
    /// orders only). FastSpring takes no idempotency key: a return whose
    /// answer was lost is looked up (`returns`), never asked again blindly.
    pub async fn refund(&self, req: &RefundRequest) -> Result<RefundOutcome, PaymentError> {
        let body = json!({"returns": [{"order": req.provider_payment_ref, "reason": "OTHER", "notification": "ORIGINAL"}]});
        let (status, bytes) = self
            .call(reqwest::Method::POST, "/returns", Some(&body))
            .await?;
        let batch: Batch = read(status, &bytes)?;
        let item = batch.returns.first().ok_or(PaymentError::BadResponse)?;
        if let Some(refused) = item.refusal(status) {
            return Err(refused);
        }
        let provider_ref = item.return_id.clone().ok_or(PaymentError::BadResponse)?;
        Ok(match item.completed {
            Some(false) => RefundOutcome::Pending { provider_ref },
            _ => RefundOutcome::Refunded { provider_ref },
        })
    }

    pub async fn verify_webhook(
        &self,
        req: &WebhookRequest<'_>,
    ) -> Result<Vec<ProviderEvent>, WebhookError> {
        webhook::verify(self.config.webhook_secret.expose().as_bytes(), req)
    }

    async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<&Value>,
    ) -> Result<(u16, Vec<u8>), PaymentError> {
        let mut request = self
            .http
            .request(method, format!("{}{path}", self.config.api_base))
            .basic_auth(
                self.config.username.expose(),
                Some(self.config.password.expose()),
            );
        if let Some(body) = body {
            request = request.json(body);
        }
        wire::exchange(request).await
    }
}

#[derive(Deserialize)]
struct Batch {
    #[serde(default)]
    subscriptions: Vec<Item>,
    #[serde(default)]
    returns: Vec<Item>,
}

/// A 2xx answer as `T`; otherwise `Rejected` with the field FastSpring's
/// `error` names (in a batch item or at the top) or the bare status.
fn read<T: DeserializeOwned>(status: u16, bytes: &[u8]) -> Result<T, PaymentError> {
    if (200..300).contains(&status) {
        return serde_json::from_slice(bytes).map_err(|_| PaymentError::BadResponse);
    }
    let batch = serde_json::from_slice::<Batch>(bytes).ok();
    let item = batch
        .as_ref()
        .and_then(|b| b.subscriptions.first().or(b.returns.first()));
    let refusal = match item {
        Some(item) => item.refusal(status),
        None => serde_json::from_slice::<Item>(bytes)
            .ok()
            .and_then(|top| top.refusal(status)),
    };
    Err(refusal.unwrap_or(PaymentError::Rejected {
        status,
        code: format!("http_{status}"),
    }))
}

/// A FastSpring id (subscription, order, return) as one URL path segment:
/// letters, digits, `_` and `-`.
fn path_segment(id: &str) -> Result<&str, PaymentError> {
    wire::path_segment(id, b"_-")
}

#[cfg(test)]
mod tests;
