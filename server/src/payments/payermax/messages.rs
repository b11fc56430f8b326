//! The JSON bodies of PayerMax's order and refund calls, and what their
//! answers mean (charge state, amounts as exact decimal text).
use super::api;
use crate::payments::wire::{decimal_minor as parse_minor, exponent_of};
use crate::payments::{declines, ChargeOutcome, Money, PayerDevice, PaymentError};
use app_core::model::billing::MethodChoice;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Order<'a> {
    pub(super) out_trade_no: &'a str,
    pub(super) subject: &'a str,
    pub(super) total_amount: Box<RawValue>,
    pub(super) currency: &'a str,
    pub(super) country: &'a str,
    /// Our order number: one payer per subscription, and no personal data.
    pub(super) user_id: &'a str,
    pub(super) language: &'a str,
    pub(super) reference: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) front_callback_url: Option<&'a str>,
    pub(super) notify_url: &'a str,
    pub(super) integrate: &'a str,
    /// `WEB` for the server-to-server debits (`Direct_Payment` asks for it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) terminal_type: Option<&'a str>,
    pub(super) expire_time: &'a str,
    pub(super) payment_detail: Detail<'a>,
}

/// `mitType` SCHEDULED: a periodic subscription. The checkout asks for a
/// token (`tokenForFutureUse`), renewals spend it (`merchantInitiated`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Detail<'a> {
    pub(super) payment_method_type: &'a str,
    pub(super) target_org: &'a str,
    pub(super) mit_type: &'a str,
    pub(super) token_for_future_use: bool,
    pub(super) merchant_initiated: bool,
    #[serde(rename = "paymentTokenID", skip_serializing_if = "Option::is_none")]
    pub(super) payment_token_id: Option<&'a str>,
    /// The payer's device, which a pure-API payment requires.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) buyer_info: Option<BuyerInfo<'a>>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct BuyerInfo<'a> {
    pub(super) client_ip: &'a str,
    pub(super) user_agent: &'a str,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Ordered {
    pub(super) redirect_url: Option<String>,
    pub(super) trade_token: Option<String>,
    #[serde(default)]
    pub(super) status: String,
    pub(super) result_msg: Option<String>,
}

/// A typed body, never `json!`: that would turn the amount into a float.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct RefundOrder<'a> {
    pub(super) out_refund_no: &'a str,
    pub(super) out_trade_no: &'a str,
    pub(super) refund_amount: Box<RawValue>,
    pub(super) refund_currency: &'a str,
    pub(super) comments: &'a str,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Refunded {
    pub(super) refund_trade_no: Option<String>,
    #[serde(default)]
    pub(super) status: String,
}

/// PayerMax's wallet (`targetOrg`) and country for a method.
pub(super) fn wallet(method: MethodChoice) -> Option<(&'static str, &'static str)> {
    match method {
        MethodChoice::Gcash => Some(("GCASH", "PH")),
        MethodChoice::Dana => Some(("DANA", "ID")),
        MethodChoice::Gopay => Some(("GOPAY", "ID")),
        _ => None,
    }
}

/// Wallets PayerMax documents payment tokens for (`paymentTokenID` with
/// `targetOrg` DANA, GCASH): only these are bound for merchant debits; a
/// GoPay checkout asks for no token, and its renewals need the payer.
pub(super) const BINDS: [&str; 2] = ["GCASH", "DANA"];

pub(super) fn detail<'a>(
    target_org: &'a str,
    token: Option<&'a str>,
    device: Option<&'a PayerDevice>,
) -> Detail<'a> {
    Detail {
        payment_method_type: "WALLET",
        target_org,
        mit_type: "SCHEDULED",
        token_for_future_use: token.is_none() && BINDS.contains(&target_org),
        merchant_initiated: token.is_some(),
        payment_token_id: token,
        buyer_info: device.map(|d| BuyerInfo {
            client_ip: &d.ip,
            user_agent: &d.user_agent,
        }),
    }
}

/// A charge's state as PayerMax reports it.
pub(super) fn outcome(out_trade_no: &str, ordered: Ordered) -> ChargeOutcome {
    let provider_ref = out_trade_no.to_owned();
    match ordered.status.as_str() {
        "SUCCESS" => ChargeOutcome::Succeeded { provider_ref },
        "FAILED" | "CLOSED" => ChargeOutcome::Declined {
            reason: declines::payermax(&[ordered.result_msg.as_deref().unwrap_or_default()]),
        },
        _ => ChargeOutcome::Pending { provider_ref },
    }
}

pub(super) fn data<T: serde::de::DeserializeOwned>(reply: &api::Reply) -> Result<T, PaymentError> {
    let raw = reply.data.as_ref().ok_or(PaymentError::BadResponse)?;
    serde_json::from_str(raw.get()).map_err(|_| PaymentError::BadResponse)
}

/// The data of an answer PayerMax accepted ([`api::APPLY_SUCCESS`]); any
/// other code is its refusal of the request.
pub(super) fn accepted<T: serde::de::DeserializeOwned>(
    reply: &api::Reply,
) -> Result<T, PaymentError> {
    if reply.code != api::APPLY_SUCCESS {
        return Err(api::refused(reply));
    }
    data(reply)
}

/// `money` as the JSON number PayerMax takes (major units, exact text).
pub(super) fn number(money: &Money) -> Result<Box<RawValue>, PaymentError> {
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
