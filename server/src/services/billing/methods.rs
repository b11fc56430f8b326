//! The payment methods a payer is offered: those of their country whose
//! provider is configured here and, for a known plan, takes its currency
//! (PayPal is not offered for a price in a currency it does not support).
use super::orders;
use crate::payments::Gateways;
use crate::services::{Cx, ServiceError};
use app_core::model::billing::MethodChoice;

/// The methods for `country`, by priority, narrowed to the currency of
/// `plan_id` when one is named.
///
/// # Errors
/// [`crate::services::ServiceError::Invalid`] for a plan not offered;
/// database errors.
pub async fn offered(
    cx: &Cx,
    gateways: &Gateways,
    country: &str,
    plan_id: Option<i64>,
) -> Result<Vec<MethodChoice>, ServiceError> {
    let currency = match plan_id {
        Some(id) => Some(orders::offered_plan(&cx.db, id).await?.currency),
        None => None,
    };
    Ok(MethodChoice::for_country(country)
        .into_iter()
        .filter(|m| match &currency {
            Some(currency) => gateways.offers_in(*m, currency),
            None => gateways.offers(*m),
        })
        .collect())
}
