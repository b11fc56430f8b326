//! What each verified PayPal event means for us: the checkout pending,
//! paid or failing, a renewal, the end of a subscription, a refund.
use super::webhook::Event;
use super::PaypalProvider;
use crate::payments::wire::{decimal_minor as parse_minor, exponent_of};
use crate::payments::{EventKind, Money, WebhookError};
use app_core::model::billing::Decline;
use serde::{de::DeserializeOwned, Deserialize};

#[derive(Deserialize)]
pub(super) struct Subscription {
    pub(super) id: String,
    pub(super) custom_id: Option<String>,
    pub(super) create_time: Option<String>,
    #[serde(default)]
    billing_info: BillingInfo,
    /// Who pays: PayPal's payer id names the PayPal account.
    #[serde(default)]
    pub(super) subscriber: Subscriber,
}

#[derive(Deserialize, Default)]
pub(super) struct Subscriber {
    pub(super) payer_id: Option<String>,
}

#[derive(Deserialize, Default)]
struct BillingInfo {
    last_payment: Option<serde_json::Value>,
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

/// v1 amounts: `{"total": "9.99", "currency": "USD"}`.
#[derive(Deserialize)]
pub(super) struct SaleAmount {
    pub(super) total: String,
    pub(super) currency: String,
}

/// v2 amounts: `{"value": "9.99", "currency_code": "USD"}`.
#[derive(Deserialize)]
struct V2Amount {
    value: String,
    currency_code: String,
}

impl PaypalProvider {
    pub(super) async fn meaning(
        &self,
        event: &Event,
        now_ms: i64,
    ) -> Result<EventKind, WebhookError> {
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
                    .filter(|id| super::is_reference(id));
                capture.map_or_else(other, |id| refunded(id.to_owned(), amount))
            }
            _ => other(),
        })
    }
}

/// A failed subscription payment: before any payment ever succeeded it is
/// an attempt at the checkout's first payment failing, afterwards a
/// renewal. Either way PayPal retries it itself (the plan's payment-failure
/// threshold), so the order stays open for the payment that may follow.
fn payment_failed(sub: Subscription) -> EventKind {
    match sub.custom_id {
        Some(order_no) if sub.billing_info.last_payment.is_none() => {
            EventKind::CheckoutAttemptFailed {
                order_no,
                reason: Decline::Declined,
            }
        }
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

pub(super) fn resource<T: DeserializeOwned>(event: &Event) -> Result<T, WebhookError> {
    T::deserialize(&event.resource).map_err(|_| WebhookError::Malformed)
}

/// A PayPal decimal amount in minor units, exactly.
pub(super) fn money(total: &str, currency: &str) -> Result<Money, WebhookError> {
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
            EventKind::CheckoutAttemptFailed {
                order_no: "CT01".into(),
                reason: Decline::Declined
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
