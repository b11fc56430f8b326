//! Looking up the return of an order, to settle a refund whose answer was
//! lost or that is still pending: `GET /orders/{id}` lists the order's
//! return ids (`returns`), `GET /returns/{id}` says whether a return is
//! `completed`. No return listed: none was made, so asking is safe.
use super::{path_segment, read, Batch, FastSpringProvider};
use crate::payments::{PaymentError, RefundFound, RefundRequest};
use serde_json::Value;

/// The return ids an order object lists (ids, or objects naming `return`).
fn return_ids(order: &Value) -> Vec<String> {
    let order = order.get("orders").and_then(|o| o.get(0)).unwrap_or(order);
    let listed = order.get("returns").and_then(Value::as_array);
    listed
        .into_iter()
        .flatten()
        .filter_map(|r| match r {
            Value::String(id) => Some(id.clone()),
            other => other
                .get("return")
                .and_then(Value::as_str)
                .map(str::to_owned),
        })
        .collect()
}

impl FastSpringProvider {
    /// What became of the return of the charge's order.
    pub async fn lookup_refund(&self, req: &RefundRequest) -> Result<RefundFound, PaymentError> {
        let path = format!("/orders/{}", path_segment(&req.provider_payment_ref)?);
        let (status, bytes) = self.call(reqwest::Method::GET, &path, None).await?;
        let order: Value = read(status, &bytes)?;
        let Some(id) = return_ids(&order).pop() else {
            return Ok(RefundFound::Nothing);
        };
        let path = format!("/returns/{}", path_segment(&id)?);
        let (status, bytes) = self.call(reqwest::Method::GET, &path, None).await?;
        let batch: Batch = read(status, &bytes)?;
        let item = batch.returns.first().ok_or(PaymentError::BadResponse)?;
        let provider_ref = item.return_id.clone().unwrap_or(id);
        Ok(match item.completed {
            Some(false) => RefundFound::Pending {
                provider_ref: Some(provider_ref),
            },
            _ => RefundFound::Refunded { provider_ref },
        })
    }
}
