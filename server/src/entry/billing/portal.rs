//! `/portal/*`: public calls of the marketing pages.
use super::doc::{Answer, BadRequest, List};
use super::{ApiContext, ApiError, ApiOk, ApiResult};
use crate::services::billing::payer;
use crate::state::AppState;
use app_core::model::PricePlan;
use axum::extract::{Query, State};
use axum::http::request::Parts;
use serde::Deserialize;

/// Query of `GET /portal/priceSetup`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct PriceSetupQuery {
    /// `true`: only plans currently on offer (weight > 0).
    #[serde(default)]
    has_weight: bool,
    /// Price channel family: `cpl2` answers the plans of the payer's
    /// country (the payer's country decides prices, never the page's
    /// language); a channel with a suffix (`cpl2_id`) is read as named.
    channel: String,
    /// The country of the number to locate, else the one picked on the
    /// form; without it the address's country, else the default.
    country: Option<String>,
}

/// `GET /portal/priceSetup?hasWeight=true&channel=cpl2[&country=ID]`: the
/// plans of the payer's country, by `sort`.
#[utoipa::path(get, path = "/portal/priceSetup", tag = "portal", params(PriceSetupQuery),
    responses((status = 200, description = "The plans, by `sort`.", body = Answer<List<PricePlan>>), BadRequest))]
pub async fn price_setup(
    State(state): State<AppState>,
    ctx: ApiContext,
    parts: Parts,
) -> ApiResult<Vec<PricePlan>> {
    let Query(query) = Query::<PriceSetupQuery>::try_from_uri(&parts.uri)
        .map_err(|_| ApiError::bad_request(&ctx))?;
    let from_api = |e| ApiError::from_service(&ctx, e);
    let now = state.now_ms();
    let channel = if payer::family_of(&query.channel) == query.channel {
        let country = super::api::payer_country(&state, &parts, query.country.as_deref());
        payer::offered_channel(&state.plans, &state.db, &query.channel, &country, now)
            .await
            .map_err(from_api)?
    } else {
        query.channel
    };
    state
        .plans
        .list(&state.db, &channel, query.has_weight, now)
        .await
        .map(|plans| ApiOk::obj(plans.as_ref().clone()))
        .map_err(from_api)
}
