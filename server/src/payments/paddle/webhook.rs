//! Paddle's webhooks: the `Paddle-Signature` check on the raw body and the
//! mapping of Paddle's events onto ours.
pub use super::signature::{check_signature, SIGNATURE_HEADER};
use crate::payments::{
    declines, wire, ChargeOutcome, EventKind, Money, ProviderEvent, WebhookError, WebhookRequest,
};
use app_core::model::billing::Decline;
use serde::Deserialize;
use serde_json::value::RawValue;

/// Verifies the request, then reads its one event.
pub fn verify(secret: &[u8], req: &WebhookRequest<'_>) -> Result<Vec<ProviderEvent>, WebhookError> {
    let header = req
        .headers
        .get(SIGNATURE_HEADER)
        .ok_or(WebhookError::MissingSignature)?;
    let header = header
        .to_str()
        .map_err(|_| WebhookError::MissingSignature)?;
    check_signature(secret, header, req.raw_body, req.now_ms)?;
    let envelope: Envelope =
        serde_json::from_slice(req.raw_body).map_err(|_| WebhookError::Malformed)?;
    let occurred_at_ms = wire::rfc3339_ms(&envelope.occurred_at).ok_or(WebhookError::Malformed)?;
    let kind = kind_of(&envelope.event_type, &envelope.data)?;
    Ok(vec![ProviderEvent {
        event_id: envelope.event_id,
        occurred_at_ms,
        kind,
    }])
}

#[derive(Deserialize)]
struct Envelope {
    event_id: String,
    event_type: String,
    occurred_at: String,
    data: Box<RawValue>,
}

/// The parts of a transaction entity we use.
#[derive(Deserialize)]
pub(super) struct Transaction {
    id: String,
    status: String,
    #[serde(default)]
    origin: Option<String>,
    #[serde(default)]
    subscription_id: Option<String>,
    #[serde(default)]
    currency_code: Option<String>,
    #[serde(default)]
    custom_data: Option<CustomData>,
    #[serde(default)]
    details: Option<Details>,
    /// Payment attempts, most recent first.
    #[serde(default)]
    payments: Vec<Attempt>,
}

#[derive(Deserialize)]
struct CustomData {
    #[serde(default)]
    order_no: Option<String>,
}

#[derive(Deserialize)]
struct Details {
    totals: Totals,
}

/// Amounts are strings in the currency's lowest denomination. `total` is
/// after discounts and with tax; `grand_total` is that less credits.
#[derive(Deserialize)]
struct Totals {
    total: String,
    #[serde(default)]
    tax: Option<String>,
    #[serde(default)]
    currency_code: Option<String>,
}

impl Totals {
    /// The amount before tax and the tax, in minor units: the price is
    /// compared with the first, the tax is recorded apart.
    fn split(&self) -> Option<(i64, i64)> {
        let total = wire::decimal_minor(&self.total, 0)?;
        let tax = match self.tax.as_deref() {
            Some(tax) => wire::decimal_minor(tax, 0)?,
            None => 0,
        };
        Some((total.checked_sub(tax)?, tax))
    }
}

#[derive(Deserialize)]
struct Attempt {
    #[serde(default)]
    error_code: Option<String>,
}

#[derive(Deserialize)]
struct Subscription {
    id: String,
}

#[derive(Deserialize)]
struct Adjustment {
    action: String,
    status: String,
    transaction_id: String,
    currency_code: String,
    totals: Totals,
}

impl Transaction {
    /// A renewal Paddle billed on its own, as opposed to the checkout.
    fn recurring(&self) -> bool {
        self.origin.as_deref() == Some("subscription_recurring")
    }

    fn order_no(&self) -> Option<String> {
        self.custom_data.as_ref().and_then(|c| c.order_no.clone())
    }

    /// Why the latest attempt was refused.
    fn decline(&self) -> Decline {
        let code = self.payments.first().and_then(|p| p.error_code.as_deref());
        code.map_or(Decline::Declined, declines::paddle)
    }

    /// What was charged before tax (credits count as paid), and the tax.
    fn amount(&self) -> Option<(Money, i64)> {
        let totals = &self.details.as_ref()?.totals;
        let currency = self
            .currency_code
            .clone()
            .or_else(|| totals.currency_code.clone())?;
        let (net, tax) = totals.split()?;
        Some((minor_money(net, currency), tax))
    }

    /// The transaction as a charge outcome (reconciliation).
    pub(super) fn outcome(&self) -> ChargeOutcome {
        let provider_ref = self.id.clone();
        match self.status.as_str() {
            "completed" | "paid" => ChargeOutcome::Succeeded { provider_ref },
            "past_due" | "canceled" => ChargeOutcome::Declined {
                reason: self.decline(),
            },
            _ => ChargeOutcome::Pending { provider_ref },
        }
    }
}

/// `minor` units of `currency`.
fn minor_money(minor: i64, currency: String) -> Money {
    let exponent = wire::exponent_of(&currency);
    Money {
        minor,
        currency,
        exponent,
    }
}

fn parse<T: serde::de::DeserializeOwned>(data: &RawValue) -> Result<T, WebhookError> {
    serde_json::from_str(data.get()).map_err(|_| WebhookError::Malformed)
}

/// Paddle's event, in our terms. `transaction.completed` (fully processed)
/// is the payment that counts, not `transaction.paid`.
fn kind_of(event_type: &str, data: &RawValue) -> Result<EventKind, WebhookError> {
    let other = || EventKind::Other {
        event_type: event_type.to_owned(),
    };
    Ok(match event_type {
        "transaction.completed" => completed(parse(data)?)?.unwrap_or_else(other),
        "transaction.payment_failed" => failed(&parse(data)?).unwrap_or_else(other),
        "subscription.canceled" => EventKind::SubscriptionCanceled {
            subscription_ref: parse::<Subscription>(data)?.id,
        },
        "adjustment.created" | "adjustment.updated" => {
            refunded(parse(data)?)?.unwrap_or_else(other)
        }
        _ => other(),
    })
}

/// A completed transaction that is neither a renewal nor one of our
/// checkouts (say, one made in Paddle's dashboard) is only recorded.
fn completed(txn: Transaction) -> Result<Option<EventKind>, WebhookError> {
    let order_no = txn.order_no();
    if !txn.recurring() && order_no.is_none() {
        return Ok(None);
    }
    let (amount, tax_minor) = txn.amount().ok_or(WebhookError::Malformed)?;
    Ok(Some(match order_no.filter(|_| !txn.recurring()) {
        Some(order_no) => EventKind::CheckoutPaid {
            order_no,
            provider_payment_ref: txn.id,
            subscription_ref: txn.subscription_id,
            payment_token: None,
            amount,
            tax_minor,
            instrument: None,
            instrument_country: None,
        },
        None => EventKind::RenewalPaid {
            idempotency_key: None,
            subscription_ref: txn.subscription_id,
            provider_payment_ref: txn.id,
            amount,
        },
    }))
}

/// `transaction.payment_failed` fires per failed attempt. A renewal's
/// failure is the renewal failing (Paddle's dunning retries it); at the
/// checkout Paddle keeps the transaction open and the payer may try again,
/// so it is one attempt failing, not the order.
fn failed(txn: &Transaction) -> Option<EventKind> {
    if txn.recurring() {
        return Some(EventKind::RenewalFailed {
            idempotency_key: None,
            subscription_ref: txn.subscription_id.clone(),
        });
    }
    let reason = txn.decline();
    txn.order_no()
        .map(|order_no| EventKind::CheckoutAttemptFailed { order_no, reason })
}

/// A refund counts once Paddle approved it (most live refunds wait for
/// review; sandbox ones are approved within minutes); a rejected or
/// reversed one is reported so the member and support see it.
fn refunded(adj: Adjustment) -> Result<Option<EventKind>, WebhookError> {
    if adj.action != "refund" {
        return Ok(None);
    }
    if adj.status == "rejected" || adj.status == "reversed" {
        return Ok(Some(EventKind::RefundRejected {
            provider_payment_ref: adj.transaction_id,
        }));
    }
    if adj.status != "approved" {
        return Ok(None);
    }
    let (net, _tax) = adj.totals.split().ok_or(WebhookError::Malformed)?;
    let amount = minor_money(net, adj.currency_code);
    Ok(Some(EventKind::Refunded {
        provider_payment_ref: adj.transaction_id,
        amount,
    }))
}
