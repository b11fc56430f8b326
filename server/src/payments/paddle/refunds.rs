//! Paddle refunds are adjustments of the transaction (`POST /adjustments`,
//! action `refund`, type `full`). Paddle takes no idempotency key, so a
//! refund whose answer was lost is never asked again blindly: the
//! transaction's refund adjustments are listed (`GET /adjustments?
//! transaction_id=…&action=refund`) and their status decides. Most live
//! refunds wait for Paddle's approval (`pending_approval`, then
//! `approved` or `rejected`; `adjustment.updated` reports the change).
use super::{path_segment, PaddleProvider};
use crate::payments::{PaymentError, RefundFound, RefundOutcome, RefundRequest};
use serde::Deserialize;
use serde_json::json;

#[derive(Deserialize)]
struct Adjustment {
    id: String,
    status: String,
}

impl PaddleProvider {
    /// `POST /adjustments`: a full refund of the transaction.
    pub async fn refund(&self, req: &RefundRequest) -> Result<RefundOutcome, PaymentError> {
        let body = json!({
            "action": "refund",
            "type": "full",
            "transaction_id": req.provider_payment_ref,
            "reason": "Refund requested for order ".to_owned() + &req.order_no,
        });
        let adj: Adjustment = self
            .call(reqwest::Method::POST, "/adjustments", Some(&body))
            .await?;
        Ok(match adj.status.as_str() {
            "approved" => RefundOutcome::Refunded {
                provider_ref: adj.id,
            },
            _ => RefundOutcome::Pending {
                provider_ref: adj.id,
            },
        })
    }

    /// The refund adjustments of the transaction: an approved one settles
    /// it; one awaiting approval is pending; only rejected or reversed ones
    /// mean the money stayed; none means no refund was made.
    pub async fn lookup_refund(
        &self,
        req: &RefundRequest,
        _refund_ref: Option<&str>,
    ) -> Result<RefundFound, PaymentError> {
        let txn = path_segment(&req.provider_payment_ref)?;
        let path = format!("/adjustments?transaction_id={txn}&action=refund");
        let list: Vec<Adjustment> = self.call(reqwest::Method::GET, &path, None).await?;
        let with = |status: &str| list.iter().find(|a| a.status == status);
        Ok(if let Some(a) = with("approved") {
            RefundFound::Refunded {
                provider_ref: a.id.clone(),
            }
        } else if let Some(a) = with("pending_approval") {
            RefundFound::Pending {
                provider_ref: Some(a.id.clone()),
            }
        } else if let Some(a) = list.first() {
            RefundFound::Rejected {
                provider_ref: a.id.clone(),
            }
        } else {
            RefundFound::Nothing
        })
    }
}
