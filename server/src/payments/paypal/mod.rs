//! PayPal Subscriptions v1: the payer approves a subscription to one of our
//! billing plans (`P-…`, set up in PayPal with the discounted trial as the
//! first TRIAL cycle and the full price as the REGULAR cycle), PayPal charges
//! the trial price at once and every renewal itself, and tells us by
//! webhook. Refunds go through the v1 sale refund (subscription payments are
//! sales). Webhooks are verified by PayPal's verify-webhook-signature call.
use super::{
    ChargeOutcome, CheckoutRequest, CheckoutStart, PaymentError, ProviderEvent, RefundOutcome,
    RefundRequest, RenewalCharge, WebhookError, WebhookRequest,
};
use crate::config::Secret;
use anyhow::{bail, Context as _};
use serde::Deserialize;
use std::collections::HashMap;

mod api;
mod events;
mod sales;
mod webhook;

/// The live REST origin.
pub const DEFAULT_API_BASE: &str = "https://api-m.paypal.com";

/// Settings from the environment.
#[derive(Clone, Debug)]
pub struct PaypalConfig {
    /// `PAYPAL_CLIENT_ID`.
    pub client_id: String,
    /// `PAYPAL_CLIENT_SECRET`.
    pub client_secret: Secret,
    /// `PAYPAL_WEBHOOK_ID`: the id of our webhook listener in the PayPal app
    /// (PayPal signs it into every delivery).
    pub webhook_id: String,
    /// `PAYPAL_API_BASE`, default [`DEFAULT_API_BASE`].
    pub api_base: String,
    /// `PAYPAL_PLAN_IDS` (`1=P-abc,2=P-def`): our plan id → PayPal plan id.
    pub plan_ids: HashMap<i64, String>,
}

const REQUIRED: [&str; 4] = [
    "PAYPAL_CLIENT_ID",
    "PAYPAL_CLIENT_SECRET",
    "PAYPAL_WEBHOOK_ID",
    "PAYPAL_PLAN_IDS",
];

impl PaypalConfig {
    /// Reads the provider's variables; `None` when none of them is set.
    ///
    /// # Errors
    /// Some but not all of them set, a plan list that does not parse, or an
    /// API origin that is neither HTTPS nor loopback.
    pub fn from_vars(var: &dyn Fn(&str) -> Option<String>) -> anyhow::Result<Option<PaypalConfig>> {
        let get = |name: &str| {
            var(name)
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
        };
        let missing: Vec<&str> = REQUIRED
            .into_iter()
            .filter(|name| get(name).is_none())
            .collect();
        if missing.len() == REQUIRED.len() {
            return Ok(None);
        }
        if !missing.is_empty() {
            bail!(
                "PayPal is partly configured: {} not set",
                missing.join(", ")
            );
        }
        let value = |name: &str| get(name).unwrap_or_default();
        Ok(Some(PaypalConfig {
            client_id: value("PAYPAL_CLIENT_ID"),
            client_secret: Secret::new(value("PAYPAL_CLIENT_SECRET")),
            webhook_id: value("PAYPAL_WEBHOOK_ID"),
            api_base: api_base(
                get("PAYPAL_API_BASE")
                    .as_deref()
                    .unwrap_or(DEFAULT_API_BASE),
                "PAYPAL_API_BASE",
            )?,
            plan_ids: plan_ids(&value("PAYPAL_PLAN_IDS")).context("PAYPAL_PLAN_IDS")?,
        }))
    }
}

/// `1=P-abc,2=P-def` as a map.
fn plan_ids(text: &str) -> anyhow::Result<HashMap<i64, String>> {
    let mut map = HashMap::new();
    for pair in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let Some((ours, theirs)) = pair.split_once('=') else {
            bail!("{pair:?} is not <plan id>=<PayPal plan id>")
        };
        let ours: i64 = ours
            .trim()
            .parse()
            .with_context(|| format!("{ours:?} is not a plan id"))?;
        let theirs = theirs.trim();
        if !theirs.starts_with("P-") || !api::is_reference(theirs) {
            bail!("{theirs:?} is not a PayPal billing plan id (P-…)");
        }
        map.insert(ours, theirs.to_owned());
    }
    Ok(map)
}

/// The API origin without a trailing slash. Credentials travel to it, so it
/// must be HTTPS, or plain HTTP on loopback (the test fakes).
pub(crate) fn api_base(value: &str, name: &str) -> anyhow::Result<String> {
    let base = value.trim_end_matches('/');
    let loopback = ["http://127.0.0.1:", "http://localhost:", "http://[::1]:"]
        .iter()
        .any(|p| base.starts_with(p));
    if !base.starts_with("https://") && !loopback {
        bail!("{name} must be an https:// URL");
    }
    Ok(base.to_owned())
}

/// The adapter. `Debug` shows no credential or token.
#[derive(Debug)]
pub struct PaypalProvider {
    api: api::Api,
    webhook_id: String,
    plan_ids: HashMap<i64, String>,
}

/// PayPal's answer to a subscription create: its id and the approval link.
#[derive(Deserialize)]
struct Created {
    id: String,
    #[serde(default)]
    links: Vec<Link>,
}

#[derive(Deserialize)]
struct Link {
    href: String,
    rel: String,
}

/// PayPal's answer to a sale refund (v1 says `state`, newer answers `status`).
#[derive(Deserialize)]
struct Refund {
    id: String,
    state: Option<String>,
    status: Option<String>,
}

impl PaypalProvider {
    /// # Errors
    /// The HTTP client cannot be built.
    pub fn new(
        config: &PaypalConfig,
        _public_base_url: &str,
        timeout: std::time::Duration,
    ) -> anyhow::Result<PaypalProvider> {
        Ok(PaypalProvider {
            api: api::Api::new(config, timeout)?,
            webhook_id: config.webhook_id.clone(),
            plan_ids: config.plan_ids.clone(),
        })
    }

    /// Creates the subscription (status `APPROVAL_PENDING`) and sends the
    /// payer to its `approve` link. `PayPal-Request-Id` is the order number,
    /// so asking twice for one order gives back the same subscription.
    pub async fn create_checkout(
        &self,
        req: &CheckoutRequest,
    ) -> Result<CheckoutStart, PaymentError> {
        let Some(plan) = self.plan_ids.get(&req.plan_id) else {
            tracing::warn!(
                plan = req.plan_id,
                "paypal: no PayPal plan configured for this plan (PAYPAL_PLAN_IDS)"
            );
            return Err(PaymentError::NotSupported);
        };
        let body = serde_json::json!({
            "plan_id": plan,
            "custom_id": req.order_no,
            "subscriber": { "email_address": req.customer.email },
            "application_context": {
                "locale": locale(&req.locale),
                "shipping_preference": "NO_SHIPPING",
                "user_action": "SUBSCRIBE_NOW",
                "return_url": req.return_url,
                "cancel_url": req.cancel_url,
            },
        });
        let answer = self
            .api
            .post("/v1/billing/subscriptions", Some(&req.order_no), &body)
            .await?;
        let created: Created =
            serde_json::from_slice(&answer).map_err(|_| PaymentError::BadResponse)?;
        let approve = created
            .links
            .into_iter()
            .find(|l| l.rel == "approve")
            .ok_or(PaymentError::BadResponse)?;
        Ok(CheckoutStart {
            redirect_url: approve.href,
            provider_ref: Some(created.id),
        })
    }

    /// PayPal bills every renewal itself and reports it by webhook.
    pub async fn charge_renewal(
        &self,
        _req: &RenewalCharge,
    ) -> Result<ChargeOutcome, PaymentError> {
        Ok(ChargeOutcome::ProviderManaged)
    }

    /// We never charge under our own key at PayPal, so there is nothing to find.
    pub async fn lookup_charge(
        &self,
        _idempotency_key: &str,
    ) -> Result<Option<ChargeOutcome>, PaymentError> {
        Ok(None)
    }

    /// Cancels the subscription at PayPal, which ends it at once (PayPal has
    /// no cancel-at-period-end); our side keeps access until the period ends.
    /// Cancelling one that is already cancelled or expired counts as done.
    pub async fn cancel(&self, subscription_ref: &str) -> Result<(), PaymentError> {
        let path = format!(
            "/v1/billing/subscriptions/{}/cancel",
            api::segment(subscription_ref)?
        );
        let body = serde_json::json!({ "reason": "Cancelled by the subscriber" });
        match self.api.post(&path, None, &body).await {
            Ok(_) => Ok(()),
            Err(PaymentError::Rejected { status: 422, code })
                if code == "SUBSCRIPTION_STATUS_INVALID" =>
            {
                Ok(())
            }
            Err(error) => Err(error),
        }
    }

    /// Refunds (part of) a subscription payment (a sale), deduplicated by
    /// `PayPal-Request-Id` = our idempotency key.
    pub async fn refund(&self, req: &RefundRequest) -> Result<RefundOutcome, PaymentError> {
        let path = format!(
            "/v1/payments/sale/{}/refund",
            api::segment(&req.provider_payment_ref)?
        );
        let body = serde_json::json!({ "amount": { "total": req.amount.decimal(), "currency": req.amount.currency } });
        let answer = self
            .api
            .post(&path, Some(&req.idempotency_key), &body)
            .await?;
        let refund: Refund =
            serde_json::from_slice(&answer).map_err(|_| PaymentError::BadResponse)?;
        let state = refund
            .status
            .or(refund.state)
            .unwrap_or_default()
            .to_ascii_uppercase();
        match state.as_str() {
            "COMPLETED" => Ok(RefundOutcome::Refunded {
                provider_ref: refund.id,
            }),
            "PENDING" => Ok(RefundOutcome::Pending {
                provider_ref: refund.id,
            }),
            "" => Err(PaymentError::BadResponse),
            _ => Err(PaymentError::Rejected {
                status: 200,
                code: state,
            }),
        }
    }

    /// See [`webhook`]: transmission headers and replay window here, the
    /// signature by PayPal's verify call, then the event's meaning.
    pub async fn verify_webhook(
        &self,
        req: &WebhookRequest<'_>,
    ) -> Result<Vec<ProviderEvent>, WebhookError> {
        self.verified_events(req).await
    }
}

/// PayPal's checkout locale for ours.
fn locale(ours: &str) -> &'static str {
    match ours {
        "id" => "id-ID",
        "zh" => "zh-CN",
        _ => "en-US",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vars<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| {
            pairs
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (*v).to_owned())
        }
    }

    #[test]
    fn config_is_all_or_nothing() {
        assert!(PaypalConfig::from_vars(&vars(&[])).unwrap().is_none());
        let partial = PaypalConfig::from_vars(&vars(&[("PAYPAL_CLIENT_ID", "abc")])).unwrap_err();
        assert!(
            partial.to_string().contains("PAYPAL_CLIENT_SECRET"),
            "{partial}"
        );
        let full = [
            ("PAYPAL_CLIENT_ID", "abc"),
            ("PAYPAL_CLIENT_SECRET", "s3cret"),
            ("PAYPAL_WEBHOOK_ID", "WH-1"),
            ("PAYPAL_PLAN_IDS", " 1=P-ABC , 2=P-DEF "),
        ];
        let config = PaypalConfig::from_vars(&vars(&full)).unwrap().unwrap();
        assert_eq!(config.api_base, DEFAULT_API_BASE);
        assert_eq!(config.plan_ids.get(&2).map(String::as_str), Some("P-DEF"));
        assert!(!format!("{config:?}").contains("s3cret"));
    }

    #[test]
    fn bad_plan_lists_and_origins_are_refused() {
        for bad in ["1", "x=P-1", "1=I-123", "1=P-a/b"] {
            assert!(plan_ids(bad).is_err(), "{bad:?}");
        }
        assert!(
            api_base("http://api-m.paypal.com", "X").is_err(),
            "credentials never go over plain HTTP"
        );
        assert_eq!(
            api_base("http://127.0.0.1:4000/", "X").unwrap(),
            "http://127.0.0.1:4000"
        );
    }
}
