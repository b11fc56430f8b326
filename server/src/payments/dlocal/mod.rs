//! dLocal Payins (GrabPay, Maya in the Philippines). A checkout is a
//! REDIRECT payment whose `order_id` is our order number; the payer pays on
//! dLocal's page (`redirect_url`). Every REDIRECT carries `device.type`, and
//! the payer's name and document (dLocal requires both). dLocal does not
//! bill subscriptions, and GrabPay (`GY`) and Maya (`PM`) are REDIRECT-only
//! wallets: they cannot be charged again without the payer, so a renewal
//! through them is refused here, unsent (`NotSupported`: the member is told
//! to pay another way, past due). A saved `wallet.token` of a wallet that
//! takes DIRECT payments is charged merchant-initiated. Requests and
//! notifications are signed `Authorization: V2-HMAC-SHA256, Signature:
//! <hex HMAC-SHA256(secret key, X-Login + X-Date + body)>`.
//!
//! Its settings, and the variables they are read from: `crate::config::payments::dlocal`.
mod api;
mod refunds;
mod webhook;

pub use api::{signature, AUTH_SCHEME};
pub use webhook::{parse_token, token, SavedWallet};

use super::{
    wire, ChargeOutcome, CheckoutRequest, CheckoutStart, PayerDevice, PaymentError, ProviderEvent,
    ProviderKind, RenewalCharge, WebhookError, WebhookRequest,
};
pub use crate::config::payments::dlocal::{DLocalConfig, DEFAULT_API_BASE};
use app_core::model::billing::MethodChoice;
use serde::{Deserialize, Serialize};
use serde_json::{json, value::RawValue, Value};
use std::time::Duration;

/// The adapter.
#[derive(Debug)]
pub struct DLocalProvider {
    api: api::Api,
    /// Where dLocal posts refund notifications (our webhook endpoint).
    refund_notify_url: String,
}

/// A payment to create. The amount is a raw JSON number written from minor
/// units (`199.00`), so no float ever holds it on the way out.
#[derive(Serialize)]
struct NewPayment<'a> {
    amount: Box<RawValue>,
    currency: &'a str,
    country: &'a str,
    payment_method_id: &'a str,
    payment_method_flow: &'a str,
    payer: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    wallet: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    device: Option<Value>,
    order_id: &'a str,
    notification_url: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    callback_url: Option<&'a str>,
}

/// The parts of a payment (or order) object we use.
#[derive(Deserialize)]
struct Payment {
    #[serde(alias = "payment_id")]
    id: String,
    status: String,
    #[serde(default)]
    status_code: Option<Value>,
    #[serde(default)]
    redirect_url: Option<String>,
}

impl Payment {
    fn outcome(self) -> ChargeOutcome {
        let reason = webhook::decline(self.status_code.as_ref());
        match self.status.as_str() {
            "PAID" => ChargeOutcome::Succeeded {
                provider_ref: self.id,
            },
            "REJECTED" | "CANCELLED" | "EXPIRED" => ChargeOutcome::Declined { reason },
            _ => ChargeOutcome::Pending {
                provider_ref: self.id,
            },
        }
    }
}

/// dLocal's `payment_method_id` of the wallet the payer chose (its
/// Philippines and Indonesia tables: GrabPay `GY`, Maya `PM`, QRIS `QR`,
/// OVO's redirect flow `XW`, ShopeePay `SO`).
pub fn method_id(method: MethodChoice) -> Option<&'static str> {
    match method {
        MethodChoice::Grabpay => Some("GY"),
        MethodChoice::Paymaya => Some("PM"),
        MethodChoice::Qris => Some("QR"),
        MethodChoice::Ovo => Some("XW"),
        MethodChoice::Shopeepay => Some("SO"),
        _ => None,
    }
}

/// Wallets dLocal takes only with the payer present (REDIRECT flow), or
/// that it documents no saved token for: their renewals need the payer.
const REDIRECT_ONLY: [&str; 5] = ["GY", "PM", "QR", "XW", "SO"];

/// `device.type`: the payer's phone opens the wallet's app.
fn device_type(device: Option<&PayerDevice>) -> &'static str {
    if device.is_some_and(PayerDevice::is_mobile) {
        "MOBILE"
    } else {
        "DESKTOP"
    }
}

impl DLocalProvider {
    /// # Errors
    /// The HTTP client cannot be built.
    pub fn new(
        config: &DLocalConfig,
        public_base_url: &str,
        timeout: Duration,
    ) -> anyhow::Result<DLocalProvider> {
        let base = public_base_url.trim_end_matches('/');
        Ok(DLocalProvider {
            api: api::Api::new(config, timeout)?,
            refund_notify_url: format!(
                "{base}/api_f/v1/payments/webhook/{}",
                ProviderKind::DLocal.as_str()
            ),
        })
    }

    /// `POST /payments`, REDIRECT flow, `order_id` = our order number (also
    /// the idempotency key): the payer is sent to `redirect_url`.
    pub async fn create_checkout(
        &self,
        req: &CheckoutRequest,
    ) -> Result<CheckoutStart, PaymentError> {
        let method = method_id(req.method).ok_or(PaymentError::NotSupported)?;
        let c = &req.customer;
        let (Some(name), Some(document)) = (&c.name, &c.document) else {
            return Err(PaymentError::Rejected {
                status: 400,
                code: "payer_name_and_document".to_owned(),
            });
        };
        let mut payer = json!({"name": name, "document": document, "email": c.email});
        if let Some(phone) = &c.phone {
            payer["phone"] = json!(phone);
        }
        let body = NewPayment {
            amount: wire::json_decimal(req.first_charge.minor, req.first_charge.exponent),
            currency: &req.first_charge.currency,
            country: &c.country,
            payment_method_id: method,
            payment_method_flow: "REDIRECT",
            payer,
            wallet: None,
            device: Some(json!({"type": device_type(req.device.as_ref())})),
            order_id: &req.order_no,
            notification_url: &req.notify_url,
            callback_url: Some(&req.return_url),
        };
        let payment: Payment = self.api.post("/payments", &body, &req.order_no).await?;
        let redirect_url = payment.redirect_url.ok_or(PaymentError::BadResponse)?;
        Ok(CheckoutStart {
            redirect_url,
            provider_ref: Some(payment.id),
        })
    }

    /// A DIRECT payment with the wallet token saved at checkout, `order_id`
    /// = the idempotency key (dLocal refuses a second payment with the same
    /// order id). Without a token, or for a REDIRECT-only wallet, there is
    /// nothing dLocal can charge without the payer.
    pub async fn charge_renewal(&self, req: &RenewalCharge) -> Result<ChargeOutcome, PaymentError> {
        let saved = req.payment_token.as_deref().and_then(parse_token);
        let Some(saved) = saved.filter(|s| !REDIRECT_ONLY.contains(&s.method)) else {
            return Err(PaymentError::NotSupported);
        };
        let body = NewPayment {
            amount: wire::json_decimal(req.amount.minor, req.amount.exponent),
            currency: &req.amount.currency,
            country: saved.country,
            payment_method_id: saved.method,
            payment_method_flow: "DIRECT",
            payer: json!({"user_reference": req.order_no}),
            wallet: Some(json!({"token": saved.token})),
            device: None,
            order_id: &req.idempotency_key,
            notification_url: &req.notify_url,
            callback_url: None,
        };
        let payment: Payment = self
            .api
            .post("/payments", &body, &req.idempotency_key)
            .await?;
        Ok(payment.outcome())
    }

    /// `GET /orders/{order_id}`: the payment made under our key, if any.
    pub async fn lookup_charge(
        &self,
        idempotency_key: &str,
    ) -> Result<Option<ChargeOutcome>, PaymentError> {
        let path = format!("/orders/{}", api::path_segment(idempotency_key)?);
        match self.api.get::<Payment>(&path).await {
            Ok(payment) => Ok(Some(payment.outcome())),
            Err(PaymentError::Rejected { status: 404, .. }) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Renewals through dLocal are charged by our own job, so there is no
    /// subscription on dLocal's side to stop.
    pub async fn cancel(&self, _subscription_ref: &str) -> Result<(), PaymentError> {
        Ok(())
    }

    pub async fn verify_webhook(
        &self,
        req: &WebhookRequest<'_>,
    ) -> Result<Vec<ProviderEvent>, WebhookError> {
        webhook::verify(self.api.login(), self.api.secret_key(), req)
    }
}

#[cfg(test)]
mod tests;
