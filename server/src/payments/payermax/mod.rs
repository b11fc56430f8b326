//! PayerMax (GCash in the Philippines, DANA in Indonesia): a hosted cashier
//! order (`orderAndPay`) that also binds the wallet for later
//! merchant-initiated debits, those debits for renewals (we drive them, by
//! `paymentTokenID`), `orderQuery` to reconcile, `refund`, and RSA-signed
//! result notifications.
//!
//! PayerMax knows a charge by our `outTradeNo` (the order number, or the
//! renewal's idempotency key): every API takes it, so it is also the
//! `provider_payment_ref` we hand out. Amounts travel as JSON numbers in
//! major units, written and read as exact decimal text.
use super::{
    ChargeOutcome, CheckoutRequest, CheckoutStart, PaymentError, ProviderEvent, RefundFound,
    RefundOutcome, RefundRequest, RenewalCharge, WebhookError, WebhookRequest,
};
use crate::payments::declines;
use app_core::model::billing::{Decline, MethodChoice};

mod api;
mod messages;
mod notify;
mod refunds;

pub use crate::config::payments::payermax::{PayerMaxConfig, DEFAULT_API_BASE};

use api::{refused, Api, APPLY_SUCCESS};
pub(crate) use messages::amount_of;
use messages::{
    accepted, data, detail, number, outcome, wallet, Order, Ordered, RefundOrder, Refunded,
};

/// `reference` of the orders we create: PayerMax echoes it in every result,
/// which is how a notification tells a renewal from a checkout.
pub const REF_CHECKOUT: &str = "checkout";
pub const REF_RENEWAL: &str = "renewal";

/// API version of `orderAndPay`, `orderQuery`, `refund` and `refundQuery`
/// in PayerMax's API description (1.5 is its subscription APIs' version).
const VERSION: &str = "1.4";

/// The adapter.
#[derive(Debug)]
pub struct PayerMaxProvider {
    api: Api,
    /// Our public base URL: a debit's `frontCallbackUrl` is its result page.
    public_base_url: String,
    clock: fn() -> i64,
}

impl PayerMaxProvider {
    /// # Errors
    /// A key that does not parse, or the HTTP client cannot be built.
    pub fn new(
        config: &PayerMaxConfig,
        public_base_url: &str,
        timeout: std::time::Duration,
    ) -> anyhow::Result<PayerMaxProvider> {
        let api = Api::new(
            &config.api_base,
            &config.app_id,
            &config.merchant_no,
            config.private_key.expose(),
            &config.platform_public_key,
            timeout,
        )?;
        Ok(PayerMaxProvider {
            api,
            public_base_url: public_base_url.trim_end_matches('/').to_owned(),
            clock: crate::clock::now_ms,
        })
    }

    /// A cashier order for the wallet, binding it for later debits. PayerMax
    /// keeps one order per `outTradeNo`: asking again while it is unpaid
    /// gives back its cashier.
    pub async fn create_checkout(
        &self,
        req: &CheckoutRequest,
    ) -> Result<CheckoutStart, PaymentError> {
        let (target_org, country) = wallet(req.method).ok_or(PaymentError::NotSupported)?;
        let order = Order {
            out_trade_no: &req.order_no,
            subject: "Cool Tracker",
            total_amount: number(&req.first_charge)?,
            currency: &req.first_charge.currency,
            country,
            user_id: &req.order_no,
            language: if ["en", "id", "zh"].contains(&req.locale.as_str()) {
                &req.locale
            } else {
                "en"
            },
            reference: REF_CHECKOUT,
            front_callback_url: Some(&req.return_url),
            notify_url: &req.notify_url,
            integrate: "Hosted_Checkout",
            terminal_type: None,
            expire_time: "1800",
            payment_detail: detail(target_org, None, None),
        };
        let reply = self
            .api
            .call("orderAndPay", VERSION, order, (self.clock)())
            .await?;
        let ordered: Ordered = accepted(&reply)?;
        let redirect_url = ordered
            .redirect_url
            .filter(|u| u.starts_with("https://") || u.starts_with("http://"));
        Ok(CheckoutStart {
            redirect_url: redirect_url.ok_or(PaymentError::BadResponse)?,
            provider_ref: ordered.trade_token,
        })
    }

    /// A merchant-initiated debit of the wallet bound at checkout, under
    /// `outTradeNo` = the idempotency key (PayerMax refuses a second order
    /// with it, so a repeat can never charge twice). A pure-API payment
    /// needs `frontCallbackUrl` and the payer's `buyerInfo`: without the
    /// payer's recorded device it is refused here, certain and unsent.
    pub async fn charge_renewal(&self, req: &RenewalCharge) -> Result<ChargeOutcome, PaymentError> {
        let token = req.payment_token.as_deref().and_then(|t| t.split_once(':'));
        let wallet = token.and_then(|(org, _)| {
            [MethodChoice::Gcash, MethodChoice::Dana]
                .into_iter()
                .find_map(|m| wallet(m).filter(|w| w.0 == org))
        });
        let (Some((target_org, country)), Some((_, token))) = (wallet, token) else {
            return Err(local_refusal("no_token"));
        };
        let device = req
            .device
            .as_ref()
            .ok_or_else(|| local_refusal("no_buyer_info"))?;
        let result_page = format!(
            "{}/pay-result?orderNo={}",
            self.public_base_url, req.order_no
        );
        let order = Order {
            out_trade_no: &req.idempotency_key,
            subject: "Cool Tracker",
            total_amount: number(&req.amount)?,
            currency: &req.amount.currency,
            country,
            user_id: &req.order_no,
            language: "en",
            reference: REF_RENEWAL,
            front_callback_url: Some(&result_page),
            notify_url: &req.notify_url,
            integrate: "Direct_Payment",
            terminal_type: Some("WEB"),
            expire_time: "1800",
            payment_detail: detail(target_org, Some(token), Some(device)),
        };
        let reply = self
            .api
            .call("orderAndPay", VERSION, order, (self.clock)())
            .await?;
        if reply.code != APPLY_SUCCESS {
            // A refused debit is a decline; any other code refused the request itself.
            let reason = declines::payermax(&[&reply.code, &reply.msg]);
            if reply.code == "PAYMENT_FAILED" || reason == Decline::InsufficientFunds {
                return Ok(ChargeOutcome::Declined { reason });
            }
            return Err(refused(&reply));
        }
        Ok(outcome(&req.idempotency_key, data(&reply)?))
    }

    /// What became of the order `idempotency_key` (`orderQuery`); `None`
    /// when PayerMax has no such order.
    pub async fn lookup_charge(
        &self,
        idempotency_key: &str,
    ) -> Result<Option<ChargeOutcome>, PaymentError> {
        let query = serde_json::json!({ "outTradeNo": idempotency_key });
        let reply = self
            .api
            .call("orderQuery", VERSION, query, (self.clock)())
            .await?;
        if reply.names_nothing() {
            return Ok(None);
        }
        Ok(Some(outcome(idempotency_key, accepted(&reply)?)))
    }

    /// Nothing to stop at PayerMax: renewals are charged by us, and a
    /// cancelled subscription is simply never charged again.
    pub async fn cancel(&self, _subscription_ref: &str) -> Result<(), PaymentError> {
        Ok(())
    }

    /// Refunds (part of) the charge whose `outTradeNo` is
    /// `provider_payment_ref`; `outRefundNo` = the idempotency key.
    pub async fn refund(&self, req: &RefundRequest) -> Result<RefundOutcome, PaymentError> {
        let body = RefundOrder {
            out_refund_no: &req.idempotency_key,
            out_trade_no: &req.provider_payment_ref,
            refund_amount: number(&req.amount)?,
            refund_currency: &req.amount.currency,
            comments: "refund",
        };
        let reply = self
            .api
            .call("refund", VERSION, body, (self.clock)())
            .await?;
        let refunded: Refunded = accepted(&reply)?;
        let provider_ref = refunded.refund_trade_no.ok_or(PaymentError::BadResponse)?;
        match refunded.status.as_str() {
            "REFUND_SUCCESS" => Ok(RefundOutcome::Refunded { provider_ref }),
            "REFUND_FAILED" => Err(PaymentError::Rejected {
                status: 200,
                code: refunded.status,
            }),
            _ => Ok(RefundOutcome::Pending { provider_ref }),
        }
    }

    /// See [`refunds`].
    pub async fn lookup_refund(&self, req: &RefundRequest) -> Result<RefundFound, PaymentError> {
        refunds::lookup(&self.api, req, (self.clock)()).await
    }

    /// See [`notify`].
    pub async fn verify_webhook(
        &self,
        req: &WebhookRequest<'_>,
    ) -> Result<Vec<ProviderEvent>, WebhookError> {
        notify::verify(&self.api, req)
    }
}

/// A request this adapter refuses before sending (certain: nothing sent).
fn local_refusal(code: &str) -> PaymentError {
    PaymentError::Rejected {
        status: 400,
        code: code.to_owned(),
    }
}
