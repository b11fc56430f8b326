//! PayerMax notifications (payment and refund results), checked against the
//! platform key on the raw body, then read into events.
//!
//! There is no replay window here: PayerMax redelivers a notification for
//! up to 12 hours and does not document whether `notifyTime` is renewed per
//! attempt, so a window would drop real results; a replay is harmless
//! anyway, as the event id (`type:outTradeNo:status`) makes it apply once.
use super::api::{Api, SIGN_HEADER};
use super::{amount_of, REF_RENEWAL};
use crate::payments::wire::rfc3339_ms as parse_rfc3339_ms;
use crate::payments::{declines, EventKind, ProviderEvent, WebhookError, WebhookRequest};
use serde::Deserialize;
use serde_json::value::RawValue;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Notice {
    #[serde(default)]
    code: String,
    #[serde(default)]
    msg: String,
    notify_time: Option<String>,
    notify_type: String,
    data: Box<RawValue>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Payment {
    pub out_trade_no: String,
    pub status: String,
    pub total_amount: Box<RawValue>,
    pub currency: String,
    pub reference: Option<String>,
    pub complete_time: Option<String>,
    pub result_msg: Option<String>,
    #[serde(default)]
    pub payment_details: Vec<PaymentDetail>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct PaymentDetail {
    pub target_org: Option<String>,
    #[serde(rename = "paymentTokenID")]
    pub payment_token_id: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RefundResult {
    out_refund_no: String,
    out_trade_no: String,
    refund_amount: Box<RawValue>,
    refund_currency: String,
    status: String,
}

/// Verifies and reads one notification.
pub(super) fn verify(
    api: &Api,
    req: &WebhookRequest<'_>,
) -> Result<Vec<ProviderEvent>, WebhookError> {
    let sign = req
        .headers
        .get(SIGN_HEADER)
        .and_then(|v| v.to_str().ok())
        .filter(|v| !v.trim().is_empty());
    let sign = sign.ok_or(WebhookError::MissingSignature)?;
    if !api.signed_by_platform(req.raw_body, sign) {
        return Err(WebhookError::BadSignature);
    }
    let notice: Notice =
        serde_json::from_slice(req.raw_body).map_err(|_| WebhookError::Malformed)?;
    let notified_at = notice.notify_time.as_deref().and_then(parse_rfc3339_ms);
    let event = match notice.notify_type.as_str() {
        "PAYMENT" => payment_event(&notice, notified_at, req.now_ms)?,
        "REFUND" => refund_event(&notice, notified_at, req.now_ms)?,
        other => ProviderEvent {
            event_id: format!("{other}:{}", notice.code),
            occurred_at_ms: notified_at.unwrap_or(req.now_ms),
            kind: EventKind::Other {
                event_type: other.to_owned(),
            },
        },
    };
    Ok(vec![event])
}

/// A payment result; its id is the order and the status it reached.
fn payment_event(
    notice: &Notice,
    notified_at: Option<i64>,
    now_ms: i64,
) -> Result<ProviderEvent, WebhookError> {
    let payment: Payment =
        serde_json::from_str(notice.data.get()).map_err(|_| WebhookError::Malformed)?;
    let at = payment
        .complete_time
        .as_deref()
        .and_then(parse_rfc3339_ms)
        .or(notified_at);
    Ok(ProviderEvent {
        event_id: format!("PAYMENT:{}:{}", payment.out_trade_no, payment.status),
        occurred_at_ms: at.unwrap_or(now_ms),
        kind: payment_kind(notice, payment)?,
    })
}

/// A refund result; only a successful one moves money.
fn refund_event(
    notice: &Notice,
    notified_at: Option<i64>,
    now_ms: i64,
) -> Result<ProviderEvent, WebhookError> {
    let refund: RefundResult =
        serde_json::from_str(notice.data.get()).map_err(|_| WebhookError::Malformed)?;
    let event_id = format!("REFUND:{}:{}", refund.out_refund_no, refund.status);
    let kind = if refund.status == "REFUND_SUCCESS" {
        let amount = amount_of(&refund.refund_amount, &refund.refund_currency)
            .ok_or(WebhookError::Malformed)?;
        EventKind::Refunded {
            provider_payment_ref: refund.out_trade_no,
            amount,
        }
    } else {
        EventKind::Other {
            event_type: format!("REFUND.{}", refund.status),
        }
    };
    Ok(ProviderEvent {
        event_id,
        occurred_at_ms: notified_at.unwrap_or(now_ms),
        kind,
    })
}

/// What a payment result means: renewals we charged are marked by their
/// `reference`, everything else is the checkout of order `outTradeNo`.
fn payment_kind(notice: &Notice, payment: Payment) -> Result<EventKind, WebhookError> {
    let renewal = payment.reference.as_deref() == Some(REF_RENEWAL);
    let key = payment.out_trade_no.clone();
    let reason = declines::payermax(&[
        &notice.code,
        &notice.msg,
        payment.result_msg.as_deref().unwrap_or_default(),
    ]);
    Ok(match (payment.status.as_str(), renewal) {
        ("SUCCESS", true) => EventKind::RenewalPaid {
            idempotency_key: Some(key.clone()),
            subscription_ref: None,
            provider_payment_ref: key,
            amount: amount_of(&payment.total_amount, &payment.currency)
                .ok_or(WebhookError::Malformed)?,
        },
        ("SUCCESS", false) => EventKind::CheckoutPaid {
            amount: amount_of(&payment.total_amount, &payment.currency)
                .ok_or(WebhookError::Malformed)?,
            payment_token: payment_token(&payment),
            order_no: key.clone(),
            provider_payment_ref: key,
            subscription_ref: None,
            tax_minor: 0,
            instrument: None,
            instrument_country: None,
        },
        ("FAILED" | "CLOSED", true) => EventKind::RenewalFailed {
            idempotency_key: Some(key),
            subscription_ref: None,
        },
        ("FAILED" | "CLOSED", false) => EventKind::CheckoutFailed {
            order_no: key,
            reason,
        },
        ("PENDING", false) => EventKind::CheckoutPending { order_no: key },
        (status, _) => EventKind::Other {
            event_type: format!("PAYMENT.{status}"),
        },
    })
}

/// The token for later merchant-initiated charges, stored as
/// `<targetOrg>:<paymentTokenID>` so a renewal names the wallet again.
pub(super) fn payment_token(payment: &Payment) -> Option<String> {
    payment.payment_details.iter().find_map(|d| {
        let token = d.payment_token_id.as_deref().filter(|t| !t.is_empty())?;
        Some(format!(
            "{}:{token}",
            d.target_org.as_deref().unwrap_or_default()
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn notice(code: &str, data: serde_json::Value) -> (Notice, Payment) {
        let raw =
            serde_json::json!({"code": code, "msg": "", "notifyType": "PAYMENT", "data": data})
                .to_string();
        let notice: Notice = serde_json::from_str(&raw).unwrap();
        let payment = serde_json::from_str(notice.data.get()).unwrap();
        (notice, payment)
    }

    #[test]
    fn results_map_by_status_and_reference() {
        let data = |status: &str, reference: &str| {
            serde_json::json!({"outTradeNo": "CTA1", "status": status, "totalAmount": 300, "currency": "IDR",
                "reference": reference, "paymentDetails": [{"targetOrg": "DANA", "paymentTokenID": "PMTOKEN1"}]})
        };
        let (n, p) = notice("APPLY_SUCCESS", data("SUCCESS", "checkout"));
        let EventKind::CheckoutPaid {
            amount,
            payment_token,
            ..
        } = payment_kind(&n, p).unwrap()
        else {
            panic!()
        };
        assert_eq!((amount.minor, amount.exponent), (300, 0));
        assert_eq!(payment_token.as_deref(), Some("DANA:PMTOKEN1"));
        let (n, p) = notice("APPLY_SUCCESS", data("SUCCESS", REF_RENEWAL));
        assert!(
            matches!(payment_kind(&n, p).unwrap(), EventKind::RenewalPaid { idempotency_key: Some(k), .. } if k == "CTA1")
        );
        let (n, p) = notice("INSUFFICIENT_BALANCE", data("FAILED", "checkout"));
        assert_eq!(
            payment_kind(&n, p).unwrap(),
            EventKind::CheckoutFailed {
                order_no: "CTA1".into(),
                reason: app_core::model::billing::Decline::InsufficientFunds
            }
        );
        let (n, p) = notice("PAYMENT_FAILED", data("CLOSED", "checkout"));
        assert_eq!(
            payment_kind(&n, p).unwrap(),
            EventKind::CheckoutFailed {
                order_no: "CTA1".into(),
                reason: app_core::model::billing::Decline::Declined
            }
        );
        let (n, p) = notice("APPLY_SUCCESS", data("PENDING", REF_RENEWAL));
        assert_eq!(
            payment_kind(&n, p).unwrap(),
            EventKind::Other {
                event_type: "PAYMENT.PENDING".into()
            }
        );
    }
}
