//! dLocal's notifications: the body is the payment (or refund) object,
//! signed like our requests with `X-Date` inside the signature (the date is
//! when it happened for us, not a window). A payment notification is named by the
//! payment id and its status (dLocal sends one per status change).
use super::api::{code_text, signature, AUTH_SCHEME};
use crate::payments::{
    declines, wire, EventKind, Money, ProviderEvent, WebhookError, WebhookRequest,
};
use crate::signing::same;
use app_core::model::billing::Decline;
use serde::Deserialize;
use serde_json::{value::RawValue, Value};

/// A wallet saved at checkout, as the renewal charge needs it.
#[derive(Debug, PartialEq, Eq)]
pub struct SavedWallet<'a> {
    pub country: &'a str,
    pub method: &'a str,
    pub token: &'a str,
}

/// Our stored payment token: the country and method the wallet was saved
/// with, and dLocal's `wallet.token` (`PH:GY:W-…`).
pub fn token(country: &str, method: &str, wallet_token: &str) -> String {
    format!("{country}:{method}:{wallet_token}")
}

/// Reads a token written by [`token`].
pub fn parse_token(stored: &str) -> Option<SavedWallet<'_>> {
    let mut parts = stored.splitn(3, ':');
    let (country, method, token) = (parts.next()?, parts.next()?, parts.next()?);
    [country, method, token]
        .iter()
        .all(|p| !p.is_empty())
        .then_some(SavedWallet {
            country,
            method,
            token,
        })
}

/// Why a rejected payment was refused, from its status code.
pub fn decline(status_code: Option<&Value>) -> Decline {
    status_code
        .map(code_text)
        .map_or(Decline::Declined, |code| declines::dlocal(&code))
}

fn header<'a>(req: &'a WebhookRequest<'_>, name: &str) -> Result<&'a str, WebhookError> {
    req.headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .ok_or(WebhookError::MissingSignature)
}

/// Checks the signature (with our own login: a notification signed for
/// another merchant does not verify). There is no window on `X-Date`:
/// dLocal retries a notification for days and documents no fresh date per
/// retry, so a late retry is taken; the signature and the event id (the
/// payment and its status) make a replay change nothing.
pub fn verify(
    login: &str,
    secret_key: &[u8],
    req: &WebhookRequest<'_>,
) -> Result<Vec<ProviderEvent>, WebhookError> {
    let authorization = header(req, "authorization")?;
    let x_date = header(req, "x-date")?;
    let given = authorization
        .split_once(',')
        .filter(|(scheme, _)| scheme.trim() == AUTH_SCHEME)
        .and_then(|(_, rest)| rest.trim().strip_prefix("Signature:"))
        .map(str::trim)
        .ok_or(WebhookError::MissingSignature)?;
    let expected = signature(secret_key, login, x_date, req.raw_body);
    if !same(expected.as_bytes(), given.as_bytes()) {
        return Err(WebhookError::BadSignature);
    }
    let signed_at = wire::rfc3339_ms(x_date).ok_or(WebhookError::Malformed)?;
    let note: Notification =
        serde_json::from_slice(req.raw_body).map_err(|_| WebhookError::Malformed)?;
    let event_id = format!("{}:{}", note.id, note.status);
    let kind = match note.payment_id.clone() {
        Some(payment_id) => refund_kind(&note, payment_id)?,
        None => payment_kind(&note)?,
    };
    Ok(vec![ProviderEvent {
        event_id,
        occurred_at_ms: signed_at,
        kind,
    }])
}

/// A payment object, or a refund object (which names its `payment_id`).
#[derive(Deserialize)]
struct Notification {
    id: String,
    status: String,
    #[serde(default)]
    status_code: Option<Value>,
    #[serde(default)]
    payment_id: Option<String>,
    #[serde(default)]
    order_id: Option<String>,
    #[serde(default)]
    payment_method_id: Option<String>,
    #[serde(default)]
    payment_method_flow: Option<String>,
    #[serde(default)]
    country: Option<String>,
    amount: Box<RawValue>,
    currency: String,
    #[serde(default)]
    wallet: Option<Wallet>,
}

#[derive(Deserialize)]
struct Wallet {
    #[serde(default)]
    token: Option<String>,
}

impl Notification {
    fn amount(&self) -> Result<Money, WebhookError> {
        let exponent = wire::exponent_of(&self.currency);
        let minor = wire::raw_minor(&self.amount, exponent).ok_or(WebhookError::Malformed)?;
        Ok(Money {
            minor,
            currency: self.currency.clone(),
            exponent,
        })
    }

    /// The saved wallet, in our stored form.
    fn payment_token(&self) -> Option<String> {
        let wallet = self.wallet.as_ref()?.token.as_deref()?;
        Some(token(
            self.country.as_deref()?,
            self.payment_method_id.as_deref()?,
            wallet,
        ))
    }
}

/// Checkouts are REDIRECT payments named by our order number; the only
/// DIRECT payments are the renewals we charge, named by their key.
fn payment_kind(note: &Notification) -> Result<EventKind, WebhookError> {
    let order_id = note.order_id.clone().ok_or(WebhookError::Malformed)?;
    let renewal = note.payment_method_flow.as_deref() == Some("DIRECT");
    let failed = matches!(note.status.as_str(), "REJECTED" | "CANCELLED" | "EXPIRED");
    Ok(match (note.status.as_str(), renewal) {
        ("PAID", false) => EventKind::CheckoutPaid {
            order_no: order_id,
            provider_payment_ref: note.id.clone(),
            subscription_ref: None,
            payment_token: note.payment_token(),
            amount: note.amount()?,
            tax_minor: 0,
            instrument: None,
            instrument_country: None,
        },
        ("PAID", true) => EventKind::RenewalPaid {
            idempotency_key: Some(order_id),
            subscription_ref: None,
            provider_payment_ref: note.id.clone(),
            amount: note.amount()?,
        },
        ("PENDING", false) => EventKind::CheckoutPending { order_no: order_id },
        (_, false) if failed => EventKind::CheckoutFailed {
            order_no: order_id,
            reason: decline(note.status_code.as_ref()),
        },
        (_, true) if failed => EventKind::RenewalFailed {
            idempotency_key: Some(order_id),
            subscription_ref: None,
        },
        (status, _) => EventKind::Other {
            event_type: format!("payment.{status}"),
        },
    })
}

fn refund_kind(note: &Notification, payment_id: String) -> Result<EventKind, WebhookError> {
    Ok(match note.status.as_str() {
        "SUCCESS" => EventKind::Refunded {
            provider_payment_ref: payment_id,
            amount: note.amount()?,
        },
        "REJECTED" | "CANCELLED" => EventKind::RefundRejected {
            provider_payment_ref: payment_id,
        },
        status => EventKind::Other {
            event_type: format!("refund.{status}"),
        },
    })
}
