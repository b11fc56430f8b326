//! What became of a refund whose answer was lost or is still pending:
//! `refundQuery` by our `outRefundNo` (the refund's idempotency key), a
//! read that never refunds again.
use super::api::Api;
use super::messages::accepted;
use super::VERSION;
use crate::payments::{PaymentError, RefundFound, RefundRequest};
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Found {
    refund_trade_no: Option<String>,
    #[serde(default)]
    status: String,
}

/// The refund `req` asked for, by its `outRefundNo`: none (PayerMax has no
/// such refund, so asking is safe), pending, refunded or failed.
///
/// # Errors
/// [`PaymentError`]: unknown for now, look again later.
pub(super) async fn lookup(
    api: &Api,
    req: &RefundRequest,
    now_ms: i64,
) -> Result<RefundFound, PaymentError> {
    let query = serde_json::json!({ "outRefundNo": req.idempotency_key });
    let reply = api.call("refundQuery", VERSION, query, now_ms).await?;
    if reply.names_nothing() {
        return Ok(RefundFound::Nothing);
    }
    let found: Found = accepted(&reply)?;
    let provider_ref = found.refund_trade_no;
    Ok(match (found.status.as_str(), provider_ref) {
        ("REFUND_SUCCESS", Some(provider_ref)) => RefundFound::Refunded { provider_ref },
        ("REFUND_FAILED", Some(provider_ref)) => RefundFound::Rejected { provider_ref },
        ("REFUND_SUCCESS" | "REFUND_FAILED", None) => return Err(PaymentError::BadResponse),
        (_, provider_ref) => RefundFound::Pending { provider_ref },
    })
}
