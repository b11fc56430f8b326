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
use super::wire::{decimal_minor as parse_minor, exponent_of};
use super::{
    ChargeOutcome, CheckoutRequest, CheckoutStart, Money, PaymentError, ProviderEvent,
    RefundOutcome, RefundRequest, RenewalCharge, WebhookError, WebhookRequest,
};
use app::model::billing::MethodChoice;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

mod api;
mod config;
mod notify;

pub use config::{PayerMaxConfig, DEFAULT_API_BASE};

use api::{refused, Api, APPLY_SUCCESS};

/// `reference` of the orders we create: PayerMax echoes it in every result,
/// which is how a notification tells a renewal from a checkout.
pub const REF_CHECKOUT: &str = "checkout";
pub const REF_RENEWAL: &str = "renewal";

/// API version of the calls, as PayerMax's current documentation states.
const VERSION: &str = "1.5";

/// The adapter.
#[derive(Debug)]
pub struct PayerMaxProvider {
    api: Api,
    clock: fn() -> i64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Order<'a> {
    out_trade_no: &'a str,
    subject: &'a str,
    total_amount: Box<RawValue>,
    currency: &'a str,
    country: &'a str,
    /// Our order number: one payer per subscription, and no personal data.
    user_id: &'a str,
    language: &'a str,
    reference: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    front_callback_url: Option<&'a str>,
    notify_url: &'a str,
    integrate: &'a str,
    /// `WEB` for the server-to-server debits (`Direct_Payment` asks for it).
    #[serde(skip_serializing_if = "Option::is_none")]
    terminal_type: Option<&'a str>,
    expire_time: &'a str,
    payment_detail: Detail<'a>,
}

/// `mitType` SCHEDULED: a periodic subscription. The checkout asks for a
/// token (`tokenForFutureUse`), renewals spend it (`merchantInitiated`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Detail<'a> {
    payment_method_type: &'a str,
    target_org: &'a str,
    mit_type: &'a str,
    token_for_future_use: bool,
    merchant_initiated: bool,
    #[serde(rename = "paymentTokenID", skip_serializing_if = "Option::is_none")]
    payment_token_id: Option<&'a str>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Ordered {
    redirect_url: Option<String>,
    trade_token: Option<String>,
    #[serde(default)]
    status: String,
    result_msg: Option<String>,
}

/// A typed body, never `json!`: that would turn the amount into a float.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RefundOrder<'a> {
    out_refund_no: &'a str,
    out_trade_no: &'a str,
    refund_amount: Box<RawValue>,
    refund_currency: &'a str,
    comments: &'a str,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Refunded {
    refund_trade_no: Option<String>,
    #[serde(default)]
    status: String,
}

impl PayerMaxProvider {
    /// # Errors
    /// A key that does not parse, or the HTTP client cannot be built.
    pub fn new(
        config: &PayerMaxConfig,
        _public_base_url: &str,
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
            payment_detail: detail(target_org, None),
        };
        let reply = self
            .api
            .call("orderAndPay", VERSION, order, (self.clock)())
            .await?;
        if reply.code != APPLY_SUCCESS {
            return Err(refused(&reply));
        }
        let ordered: Ordered = data(&reply)?;
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
    /// with it, so a repeat can never charge twice).
    pub async fn charge_renewal(&self, req: &RenewalCharge) -> Result<ChargeOutcome, PaymentError> {
        let token = req.payment_token.as_deref().and_then(|t| t.split_once(':'));
        let wallet = token.and_then(|(org, _)| {
            [MethodChoice::Gcash, MethodChoice::Dana]
                .into_iter()
                .find_map(|m| wallet(m).filter(|w| w.0 == org))
        });
        let (Some((target_org, country)), Some((_, token))) = (wallet, token) else {
            return Err(PaymentError::Rejected {
                status: 400,
                code: "no_token".to_owned(),
            });
        };
        let order = Order {
            out_trade_no: &req.idempotency_key,
            subject: "Cool Tracker",
            total_amount: number(&req.amount)?,
            currency: &req.amount.currency,
            country,
            user_id: &req.order_no,
            language: "en",
            reference: REF_RENEWAL,
            front_callback_url: None,
            notify_url: &req.notify_url,
            integrate: "Direct_Payment",
            terminal_type: Some("WEB"),
            expire_time: "1800",
            payment_detail: detail(target_org, Some(token)),
        };
        let reply = self
            .api
            .call("orderAndPay", VERSION, order, (self.clock)())
            .await?;
        if reply.code != APPLY_SUCCESS {
            // A refused debit is a decline; any other code refused the request itself.
            let short = notify::insufficient_funds(&[&reply.code, &reply.msg]);
            if reply.code == "PAYMENT_FAILED" || short {
                return Ok(ChargeOutcome::Declined {
                    insufficient_funds: short,
                });
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
        // Its documentation names no "unknown order" code; these are the forms it uses.
        if reply.code.contains("NOT_EXIST") || reply.code.contains("NOT_FOUND") {
            return Ok(None);
        }
        if reply.code != APPLY_SUCCESS {
            return Err(refused(&reply));
        }
        Ok(Some(outcome(idempotency_key, data(&reply)?)))
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
        if reply.code != APPLY_SUCCESS {
            return Err(refused(&reply));
        }
        let refunded: Refunded = data(&reply)?;
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

    /// See [`notify`].
    pub async fn verify_webhook(
        &self,
        req: &WebhookRequest<'_>,
    ) -> Result<Vec<ProviderEvent>, WebhookError> {
        notify::verify(&self.api, req)
    }
}

/// PayerMax's wallet (`targetOrg`) and country for a method.
fn wallet(method: MethodChoice) -> Option<(&'static str, &'static str)> {
    match method {
        MethodChoice::Gcash => Some(("GCASH", "PH")),
        MethodChoice::Dana => Some(("DANA", "ID")),
        _ => None,
    }
}

fn detail<'a>(target_org: &'a str, token: Option<&'a str>) -> Detail<'a> {
    Detail {
        payment_method_type: "WALLET",
        target_org,
        mit_type: "SCHEDULED",
        token_for_future_use: token.is_none(),
        merchant_initiated: token.is_some(),
        payment_token_id: token,
    }
}

/// A charge's state as PayerMax reports it.
fn outcome(out_trade_no: &str, ordered: Ordered) -> ChargeOutcome {
    let provider_ref = out_trade_no.to_owned();
    match ordered.status.as_str() {
        "SUCCESS" => ChargeOutcome::Succeeded { provider_ref },
        "FAILED" | "CLOSED" => ChargeOutcome::Declined {
            insufficient_funds: notify::insufficient_funds(&[ordered
                .result_msg
                .as_deref()
                .unwrap_or_default()]),
        },
        _ => ChargeOutcome::Pending { provider_ref },
    }
}

fn data<T: serde::de::DeserializeOwned>(reply: &api::Reply) -> Result<T, PaymentError> {
    let raw = reply.data.as_ref().ok_or(PaymentError::BadResponse)?;
    serde_json::from_str(raw.get()).map_err(|_| PaymentError::BadResponse)
}

/// `money` as the JSON number PayerMax takes (major units, exact text).
fn number(money: &Money) -> Result<Box<RawValue>, PaymentError> {
    RawValue::from_string(money.decimal()).map_err(|_| PaymentError::Rejected {
        status: 400,
        code: "amount".to_owned(),
    })
}

/// A JSON number (or numeric string) of major units as [`Money`].
pub(crate) fn amount_of(raw: &RawValue, currency: &str) -> Option<Money> {
    let currency = currency.to_ascii_uppercase();
    let exponent = exponent_of(&currency);
    let minor = parse_minor(raw.get().trim_matches('"'), exponent)?;
    Some(Money {
        minor,
        currency,
        exponent,
    })
}
