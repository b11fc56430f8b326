//! dLocal refunds: `POST /refunds {payment_id, amount, currency,
//! notification_url}`, answered `SUCCESS`, `PENDING`, `REJECTED` or
//! `CANCELLED`; a pending one is confirmed by a notification of the refund
//! object. dLocal documents no idempotency key for refunds, so none is sent
//! and a refund whose answer was lost is looked up, never repeated: by its
//! id when dLocal answered one (`GET /refunds/{id}/status`), else through
//! the payment (`GET /payments/{id}`), which shows `REFUNDED` once a full
//! refund succeeded.
use super::{api, DLocalProvider};
use crate::payments::{wire, PaymentError, RefundFound, RefundOutcome, RefundRequest};
use serde::{Deserialize, Serialize};
use serde_json::{value::RawValue, Value};

#[derive(Serialize)]
struct NewRefund<'a> {
    payment_id: &'a str,
    amount: Box<RawValue>,
    currency: &'a str,
    notification_url: &'a str,
}

#[derive(Deserialize)]
struct Refund {
    #[serde(default)]
    id: Option<String>,
    status: String,
    #[serde(default)]
    status_code: Option<Value>,
}

#[derive(Deserialize)]
struct PaymentStatus {
    id: String,
    status: String,
}

impl DLocalProvider {
    /// `POST /refunds` for `amount` of the payment, once.
    pub async fn refund(&self, req: &RefundRequest) -> Result<RefundOutcome, PaymentError> {
        let body = NewRefund {
            payment_id: &req.provider_payment_ref,
            amount: wire::json_decimal(req.amount.minor, req.amount.exponent),
            currency: &req.amount.currency,
            notification_url: &self.refund_notify_url,
        };
        let refund: Refund = self.api.post_once("/refunds", &body).await?;
        let id = refund.id.clone().ok_or(PaymentError::BadResponse);
        match refund.status.as_str() {
            "SUCCESS" => Ok(RefundOutcome::Refunded { provider_ref: id? }),
            "PENDING" => Ok(RefundOutcome::Pending { provider_ref: id? }),
            _ => {
                let code = refund
                    .status_code
                    .as_ref()
                    .map_or_else(|| refund.status.clone(), api::code_text);
                Err(PaymentError::Rejected { status: 200, code })
            }
        }
    }

    /// What became of the refund: by its id, or through the payment.
    pub async fn lookup_refund(
        &self,
        req: &RefundRequest,
        refund_ref: Option<&str>,
    ) -> Result<RefundFound, PaymentError> {
        if let Some(id) = refund_ref {
            let path = format!("/refunds/{}/status", api::path_segment(id)?);
            let refund: Refund = self.api.get(&path).await?;
            let provider_ref = id.to_owned();
            return Ok(match refund.status.as_str() {
                "SUCCESS" => RefundFound::Refunded { provider_ref },
                "REJECTED" | "CANCELLED" => RefundFound::Rejected { provider_ref },
                _ => RefundFound::Pending {
                    provider_ref: Some(provider_ref),
                },
            });
        }
        let path = format!(
            "/payments/{}",
            api::path_segment(&req.provider_payment_ref)?
        );
        let payment: PaymentStatus = self.api.get(&path).await?;
        Ok(match payment.status.as_str() {
            "REFUNDED" => RefundFound::Refunded {
                provider_ref: payment.id,
            },
            _ => RefundFound::Unknown,
        })
    }
}
