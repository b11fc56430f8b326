//! PayPal webhooks. Each delivery carries transmission headers; PayPal's
//! verify-webhook-signature call (with the event embedded byte for byte)
//! says whether they sign this body for our listener. Deliveries outside the
//! replay window are refused first: a retry is a new transmission with a
//! fresh time, so only a replayed capture is ever stale.
//!
//! Money is recognised only from a completed sale, never from an
//! activation: a subscription can be ACTIVE while its first payment is still
//! being collected. The trial price is the plan's first (TRIAL) cycle, which
//! PayPal charges the moment the payer approves, so the first sale a
//! subscription ever has is the checkout payment and every later one is a
//! renewal. To tell them apart whatever order webhooks arrive in, a sale is
//! the first when PayPal lists no earlier money-taking transaction for its
//! subscription; the subscription's `custom_id` is our order number.
use super::{api, PaypalProvider};
use crate::payments::signing::fresh;
use crate::payments::wire::{
    decimal_minor as parse_minor, exponent_of, iso_ms_offset as rfc3339_ms,
    rfc3339_ms as parse_rfc3339_ms,
};
use crate::payments::{
    EventKind, Money, PaymentError, ProviderEvent, WebhookError, WebhookRequest,
};
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use serde_json::value::RawValue;

/// The transmission headers, as `HeaderMap` stores them (lower case).
const HEADERS: [&str; 5] = [
    "paypal-transmission-id",
    "paypal-transmission-time",
    "paypal-transmission-sig",
    "paypal-cert-url",
    "paypal-auth-algo",
];

/// Transactions that moved money to us (later refunds do not undo that).
const TOOK_MONEY: [&str; 3] = ["COMPLETED", "PARTIALLY_REFUNDED", "REFUNDED"];

/// Margin around the subscription's creation when listing its transactions.
const LIST_MARGIN_MS: i64 = 3_600_000;

#[derive(Serialize)]
struct VerifyRequest<'a> {
    auth_algo: &'a str,
    cert_url: &'a str,
    transmission_id: &'a str,
    transmission_sig: &'a str,
    transmission_time: &'a str,
    webhook_id: &'a str,
    webhook_event: &'a RawValue,
}

#[derive(Deserialize)]
struct VerifyAnswer {
    verification_status: String,
}

#[derive(Deserialize)]
struct Event {
    id: String,
    event_type: String,
    create_time: Option<String>,
    resource: serde_json::Value,
}

#[derive(Deserialize)]
struct Subscription {
    id: String,
    custom_id: Option<String>,
    create_time: Option<String>,
    #[serde(default)]
    billing_info: BillingInfo,
}

#[derive(Deserialize, Default)]
struct BillingInfo {
    last_payment: Option<serde_json::Value>,
}

#[derive(Deserialize)]
struct Sale {
    id: String,
    billing_agreement_id: Option<String>,
    amount: SaleAmount,
    create_time: Option<String>,
}

/// v1 amounts: `{"total": "9.99", "currency": "USD"}`.
#[derive(Deserialize)]
struct SaleAmount {
    total: String,
    currency: String,
}

#[derive(Deserialize)]
struct SaleRefund {
    sale_id: Option<String>,
    amount: SaleAmount,
}

#[derive(Deserialize)]
struct CaptureRefund {
    amount: V2Amount,
    #[serde(default)]
    links: Vec<super::Link>,
}

/// v2 amounts: `{"value": "9.99", "currency_code": "USD"}`.
#[derive(Deserialize)]
struct V2Amount {
    value: String,
    currency_code: String,
}

#[derive(Deserialize)]
struct Transactions {
    #[serde(default)]
    transactions: Vec<Transaction>,
}

#[derive(Deserialize)]
struct Transaction {
    id: String,
    status: Option<String>,
    time: Option<String>,
}

impl PaypalProvider {
    pub(super) async fn verified_events(
        &self,
        req: &WebhookRequest<'_>,
    ) -> Result<Vec<ProviderEvent>, WebhookError> {
        let mut values = Vec::with_capacity(HEADERS.len());
        for name in HEADERS {
            let value = req
                .headers
                .get(name)
                .and_then(|v| v.to_str().ok())
                .filter(|v| !v.is_empty());
            values.push(value.ok_or(WebhookError::MissingSignature)?);
        }
        let &[id, time, sig, cert_url, auth_algo] = values.as_slice() else {
            return Err(WebhookError::MissingSignature);
        };
        let sent_at = parse_rfc3339_ms(time).ok_or(WebhookError::BadSignature)?;
        if !fresh(sent_at, req.now_ms) {
            return Err(WebhookError::Stale);
        }
        let text = std::str::from_utf8(req.raw_body).map_err(|_| WebhookError::Malformed)?;
        let raw: &RawValue = serde_json::from_str(text).map_err(|_| WebhookError::Malformed)?;
        let ask = VerifyRequest {
            auth_algo,
            cert_url,
            transmission_id: id,
            transmission_sig: sig,
            transmission_time: time,
            webhook_id: &self.webhook_id,
            webhook_event: raw,
        };
        let answer = self
            .api
            .post("/v1/notifications/verify-webhook-signature", None, &ask)
            .await;
        let verdict: VerifyAnswer =
            serde_json::from_slice(&answer.map_err(WebhookError::Unverifiable)?)
                .map_err(|_| WebhookError::Unverifiable(PaymentError::BadResponse))?;
        if verdict.verification_status != "SUCCESS" {
            return Err(WebhookError::BadSignature);
        }
        let event: Event = serde_json::from_str(text).map_err(|_| WebhookError::Malformed)?;
        let occurred_at_ms = event
            .create_time
            .as_deref()
            .and_then(parse_rfc3339_ms)
            .unwrap_or(req.now_ms);
        let kind = self.meaning(&event, req.now_ms).await?;
        Ok(vec![ProviderEvent {
            event_id: event.id,
            occurred_at_ms,
            kind,
        }])
    }

    async fn meaning(&self, event: &Event, now_ms: i64) -> Result<EventKind, WebhookError> {
        let other = || EventKind::Other {
            event_type: event.event_type.clone(),
        };
        Ok(match event.event_type.as_str() {
            "BILLING.SUBSCRIPTION.ACTIVATED" => {
                // Approved, but no money seen yet: the sale settles it.
                let sub: Subscription = resource(event)?;
                sub.custom_id
                    .map_or_else(other, |order_no| EventKind::CheckoutPending { order_no })
            }
            "PAYMENT.SALE.COMPLETED" => self
                .sale_completed(resource(event)?, now_ms)
                .await?
                .unwrap_or_else(other),
            "BILLING.SUBSCRIPTION.PAYMENT.FAILED" => payment_failed(resource(event)?),
            "BILLING.SUBSCRIPTION.CANCELLED" | "BILLING.SUBSCRIPTION.EXPIRED" => {
                EventKind::SubscriptionCanceled {
                    subscription_ref: resource::<Subscription>(event)?.id,
                }
            }
            "PAYMENT.SALE.REFUNDED" => {
                let refund: SaleRefund = resource(event)?;
                let amount = money(&refund.amount.total, &refund.amount.currency)?;
                refund
                    .sale_id
                    .map_or_else(other, |sale| refunded(sale, amount))
            }
            "PAYMENT.CAPTURE.REFUNDED" => {
                let refund: CaptureRefund = resource(event)?;
                let amount = money(&refund.amount.value, &refund.amount.currency_code)?;
                let up = refund.links.iter().find(|l| l.rel == "up");
                let capture = up
                    .and_then(|l| l.href.rsplit('/').next())
                    .filter(|id| api::is_reference(id));
                capture.map_or_else(other, |id| refunded(id.to_owned(), amount))
            }
            _ => other(),
        })
    }

    /// A completed subscription sale: the checkout payment or a renewal
    /// (see the module comment). `None` when it is not one of ours.
    async fn sale_completed(
        &self,
        sale: Sale,
        now_ms: i64,
    ) -> Result<Option<EventKind>, WebhookError> {
        let Some(sub_id) = sale.billing_agreement_id.filter(|id| api::is_reference(id)) else {
            return Ok(None);
        };
        let amount = money(&sale.amount.total, &sale.amount.currency)?;
        let sub: Subscription = match self
            .api
            .get(&format!("/v1/billing/subscriptions/{sub_id}"), &[])
            .await
        {
            Ok(bytes) => serde_json::from_slice(&bytes)
                .map_err(|_| WebhookError::Unverifiable(PaymentError::BadResponse))?,
            Err(PaymentError::Rejected { status: 404, .. }) => return Ok(None),
            Err(error) => return Err(WebhookError::Unverifiable(error)),
        };
        let sale_at = sale
            .create_time
            .as_deref()
            .and_then(parse_rfc3339_ms)
            .unwrap_or(now_ms);
        let created = sub
            .create_time
            .as_deref()
            .and_then(parse_rfc3339_ms)
            .unwrap_or(sale_at - 400 * 86_400_000);
        let range = [
            ("start_time", rfc3339_ms(created - LIST_MARGIN_MS)),
            ("end_time", rfc3339_ms(sale_at + 1000)),
        ];
        let query: Vec<(&str, &str)> = range.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let listed = self
            .api
            .get(
                &format!("/v1/billing/subscriptions/{sub_id}/transactions"),
                &query,
            )
            .await;
        let listed: Transactions =
            serde_json::from_slice(&listed.map_err(WebhookError::Unverifiable)?)
                .map_err(|_| WebhookError::Unverifiable(PaymentError::BadResponse))?;
        let earlier = listed.transactions.iter().any(|t| {
            let took = t.status.as_deref().is_some_and(|s| TOOK_MONEY.contains(&s));
            let before = t
                .time
                .as_deref()
                .and_then(parse_rfc3339_ms)
                .is_none_or(|at| at <= sale_at);
            t.id != sale.id && took && before
        });
        Ok(Some(if earlier {
            EventKind::RenewalPaid {
                idempotency_key: None,
                subscription_ref: Some(sub.id),
                provider_payment_ref: sale.id,
                amount,
            }
        } else {
            let Some(order_no) = sub.custom_id else {
                return Ok(None);
            };
            EventKind::CheckoutPaid {
                order_no,
                provider_payment_ref: sale.id,
                subscription_ref: Some(sub.id),
                payment_token: None,
                amount,
            }
        }))
    }
}

/// A failed subscription payment: before any payment ever succeeded it is
/// the checkout failing, afterwards a renewal (PayPal retries it itself).
fn payment_failed(sub: Subscription) -> EventKind {
    match sub.custom_id {
        Some(order_no) if sub.billing_info.last_payment.is_none() => EventKind::CheckoutFailed {
            order_no,
            insufficient_funds: false,
        },
        _ => EventKind::RenewalFailed {
            idempotency_key: None,
            subscription_ref: Some(sub.id),
        },
    }
}

/// PayPal reports refunds with negative totals in some events: the refund
/// is its size.
fn refunded(provider_payment_ref: String, amount: Money) -> EventKind {
    EventKind::Refunded {
        provider_payment_ref,
        amount: Money {
            minor: amount.minor.abs(),
            ..amount
        },
    }
}

fn resource<T: DeserializeOwned>(event: &Event) -> Result<T, WebhookError> {
    T::deserialize(&event.resource).map_err(|_| WebhookError::Malformed)
}

/// A PayPal decimal amount in minor units, exactly.
fn money(total: &str, currency: &str) -> Result<Money, WebhookError> {
    let currency = currency.to_ascii_uppercase();
    let exponent = exponent_of(&currency);
    let minor = parse_minor(total, exponent).ok_or(WebhookError::Malformed)?;
    Ok(Money {
        minor,
        currency,
        exponent,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sub(json: serde_json::Value) -> Subscription {
        serde_json::from_value(json).unwrap()
    }

    #[test]
    fn a_failed_payment_before_any_payment_is_the_checkout_failing() {
        let first = sub(serde_json::json!({"id": "I-1", "custom_id": "CT01", "billing_info": {}}));
        assert_eq!(
            payment_failed(first),
            EventKind::CheckoutFailed {
                order_no: "CT01".into(),
                insufficient_funds: false
            }
        );
        let later = sub(serde_json::json!({"id": "I-1", "custom_id": "CT01",
            "billing_info": {"last_payment": {"amount": {"value": "0.99", "currency_code": "USD"}}}}));
        assert_eq!(
            payment_failed(later),
            EventKind::RenewalFailed {
                idempotency_key: None,
                subscription_ref: Some("I-1".into())
            }
        );
    }

    #[test]
    fn amounts_are_exact_and_refunds_positive() {
        assert_eq!(
            money("29.99", "usd").unwrap(),
            Money {
                minor: 2999,
                currency: "USD".into(),
                exponent: 2
            }
        );
        assert_eq!(money("190000", "IDR").unwrap().minor, 190_000);
        assert_eq!(money("0.999", "USD"), Err(WebhookError::Malformed));
        let EventKind::Refunded { amount, .. } =
            refunded("S".into(), money("-0.99", "USD").unwrap())
        else {
            panic!()
        };
        assert_eq!(amount.minor, 99);
    }
}
