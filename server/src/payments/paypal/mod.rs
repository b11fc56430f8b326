//! PayPal Subscriptions v1: the payer approves a subscription to one of our
//! billing plans (`P-…`, set up in PayPal with the discounted trial as the
//! first TRIAL cycle and the full price as the REGULAR cycle), PayPal charges
//! the trial price at once and every renewal itself, and tells us by
//! webhook. Refunds go through the v1 sale refund (subscription payments are
//! sales). Webhooks are verified by PayPal's verify-webhook-signature call.
use super::{
    CheckoutRequest, CheckoutStart, PaymentError, ProviderEvent, RefundOutcome, RefundRequest,
    WebhookError, WebhookRequest,
};
use serde::Deserialize;
use std::collections::HashMap;

mod api;
pub mod currencies;
mod events;
mod sales;
mod webhook;

use crate::config::payments::paypal::is_reference;
pub use crate::config::payments::paypal::{PaypalConfig, DEFAULT_API_BASE};

/// The adapter. `Debug` shows no credential or token.
#[derive(Debug)]
pub struct PaypalProvider {
    api: api::Api,
    webhook_id: String,
    plan_ids: HashMap<i64, String>,
    full_plan_ids: HashMap<i64, String>,
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
            full_plan_ids: config.full_plan_ids.clone(),
        })
    }

    /// Whether plan `plan_id` can be sold without its trial here.
    pub fn sells_without_trial(&self, plan_id: i64) -> bool {
        self.full_plan_ids.contains_key(&plan_id)
    }

    /// Creates the subscription (status `APPROVAL_PENDING`) and sends the
    /// payer to its `approve` link. `PayPal-Request-Id` is the order number,
    /// so asking twice for one order gives back the same subscription.
    pub async fn create_checkout(
        &self,
        req: &CheckoutRequest,
    ) -> Result<CheckoutStart, PaymentError> {
        let plans = (&self.plan_ids, &self.full_plan_ids);
        let Some(plan) = super::wire::price_for(plans.0, plans.1, req.plan_id, req.skips_trial)
        else {
            tracing::warn!(
                plan = req.plan_id,
                skips_trial = req.skips_trial,
                "paypal: no PayPal plan for this plan (PAYPAL_PLAN_IDS, PAYPAL_FULL_PLAN_IDS)"
            );
            return Err(PaymentError::NotSupported);
        };
        // The plan's prices are PayPal's; ours must be amounts PayPal takes.
        currencies::amount(&req.first_charge)?;
        currencies::amount(&req.renewal)?;
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
        let total = currencies::amount(&req.amount)?;
        let body =
            serde_json::json!({ "amount": { "total": total, "currency": req.amount.currency } });
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
