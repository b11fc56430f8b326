//! Billing and checkout: the price list, payment methods, orders, the
//! subscription, refunds, the providers' signed webhook, the sandbox's
//! hosted checkout and the link that claims a paid order
//! (`services::billing`).
pub(crate) mod api;
mod claim;
pub(crate) mod forms;
mod portal;
pub(crate) mod renewal_forms;
mod sandbox_checkout;
mod webhooks;

pub use claim::claim_router;
pub use sandbox_checkout::sandbox_router;

// The tools the files below name through `super::`: the API's
// documentation types, extractors, envelope and caller; the page forms'
// redirect and submission.
use crate::http::{context, doc, extract, ApiContext, ApiError, ApiOk, ApiResult};
use crate::state::AppState;
use crate::web::{redirects, submission};
use utoipa_axum::{router::UtoipaMethodRouter, routes};

/// Billing's API paths, under `/api_f/v1`.
pub fn routes() -> Vec<UtoipaMethodRouter<AppState>> {
    vec![
        // GET /portal/priceSetup
        routes!(portal::price_setup),
        // GET /portal/payMethods
        routes!(api::pay_methods),
        // POST /portal/order
        routes!(api::place_order),
        // GET /admin/order/status
        routes!(api::order_status),
        // POST /admin/order/refundDetail
        routes!(api::refund_detail),
        // POST /admin/order/refund
        routes!(api::refund),
        // PUT /admin/user/cancelSubscribe
        routes!(api::cancel_subscribe),
        // GET /other/user/property
        routes!(api::property),
        // GET /other/user/receipt
        routes!(api::receipt),
        // POST /payments/webhook/{provider}
        routes!(webhooks::receive),
    ]
}
