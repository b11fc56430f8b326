//! Which completed sale is the checkout's payment and which a renewal.
//!
//! Money is recognised only from a completed sale, never from an
//! activation: a subscription can be ACTIVE while its first payment is still
//! being collected. The trial price is the plan's first (TRIAL) cycle, which
//! PayPal charges the moment the payer approves, so the first sale a
//! subscription ever has is the checkout payment and every later one is a
//! renewal. To tell them apart whatever order webhooks arrive in, a sale is
//! the first when PayPal lists no earlier money-taking transaction for its
//! subscription; the subscription's `custom_id` is our order number.
use super::events::{money, SaleAmount, Subscription};
use super::PaypalProvider;
use crate::payments::wire::{iso_ms_offset as rfc3339_ms, rfc3339_ms as parse_rfc3339_ms};
use crate::payments::{EventKind, PaymentError, WebhookError};
use serde::Deserialize;

/// Transactions that moved money to us (later refunds do not undo that).
const TOOK_MONEY: [&str; 3] = ["COMPLETED", "PARTIALLY_REFUNDED", "REFUNDED"];

/// Margin around the subscription's creation when listing its transactions.
const LIST_MARGIN_MS: i64 = 3_600_000;

#[derive(Deserialize)]
pub(super) struct Sale {
    id: String,
    billing_agreement_id: Option<String>,
    amount: SaleAmount,
    create_time: Option<String>,
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
    /// A completed subscription sale: the checkout payment or a renewal
    /// (see the module comment). `None` when it is not one of ours.
    pub(super) async fn sale_completed(
        &self,
        sale: Sale,
        now_ms: i64,
    ) -> Result<Option<EventKind>, WebhookError> {
        let Some(sub_id) = sale
            .billing_agreement_id
            .filter(|id| super::is_reference(id))
        else {
            return Ok(None);
        };
        let amount = money(&sale.amount.total, &sale.amount.currency)?;
        let Some(sub) = self.subscription(&sub_id).await? else {
            return Ok(None);
        };
        let sale_at = sale
            .create_time
            .as_deref()
            .and_then(parse_rfc3339_ms)
            .unwrap_or(now_ms);
        Ok(Some(
            if self.took_money_before(&sub, &sale.id, sale_at).await? {
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
                let instrument = sub
                    .subscriber
                    .payer_id
                    .map(|id| format!("paypal:payer:{id}"));
                EventKind::CheckoutPaid {
                    order_no,
                    provider_payment_ref: sale.id,
                    subscription_ref: Some(sub.id),
                    payment_token: None,
                    amount,
                    tax_minor: 0,
                    instrument,
                    // PayPal's subscriber address is not the instrument's
                    // country: none is reported.
                    instrument_country: None,
                }
            },
        ))
    }

    /// PayPal's subscription `id`; `None` when PayPal does not know it.
    async fn subscription(&self, id: &str) -> Result<Option<Subscription>, WebhookError> {
        match self
            .api
            .get(&format!("/v1/billing/subscriptions/{id}"), &[])
            .await
        {
            Ok(bytes) => serde_json::from_slice(&bytes)
                .map(Some)
                .map_err(|_| WebhookError::Unverifiable(PaymentError::BadResponse)),
            Err(PaymentError::Rejected { status: 404, .. }) => Ok(None),
            Err(error) => Err(WebhookError::Unverifiable(error)),
        }
    }

    /// Whether PayPal lists a money-taking transaction of `sub` other than
    /// `sale_id` at or before `sale_at`.
    async fn took_money_before(
        &self,
        sub: &Subscription,
        sale_id: &str,
        sale_at: i64,
    ) -> Result<bool, WebhookError> {
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
                &format!("/v1/billing/subscriptions/{}/transactions", sub.id),
                &query,
            )
            .await;
        let listed: Transactions =
            serde_json::from_slice(&listed.map_err(WebhookError::Unverifiable)?)
                .map_err(|_| WebhookError::Unverifiable(PaymentError::BadResponse))?;
        Ok(listed.transactions.iter().any(|t| {
            let took = t.status.as_deref().is_some_and(|s| TOOK_MONEY.contains(&s));
            let before = t
                .time
                .as_deref()
                .and_then(parse_rfc3339_ms)
                .is_none_or(|at| at <= sale_at);
            t.id != sale_id && took && before
        }))
    }
}
