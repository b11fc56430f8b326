//! `/portal/*`: public calls of the marketing pages.
use super::doc::{Answer, BadRequest, List};
use super::extract::ValidQuery;
use super::{ApiContext, ApiError, ApiOk, ApiResult};
use crate::state::AppState;
use app::model::PricePlan;
use axum::extract::State;
use serde::Deserialize;

/// Query of `GET /portal/priceSetup`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct PriceSetupQuery {
    /// `true`: only plans currently on offer (weight > 0).
    #[serde(default)]
    has_weight: bool,
    /// Price channel: `cpl2`, or `cpl2_<locale>` for non-English pages.
    channel: String,
}

/// `GET /portal/priceSetup?hasWeight=true&channel=cpl2[_<locale>]`: the plans, by `sort`.
#[utoipa::path(get, path = "/portal/priceSetup", tag = "portal", params(PriceSetupQuery),
    responses((status = 200, description = "The plans, by `sort`.", body = Answer<List<PricePlan>>), BadRequest))]
pub async fn price_setup(
    State(state): State<AppState>,
    ctx: ApiContext,
    ValidQuery(query): ValidQuery<PriceSetupQuery>,
) -> ApiResult<Vec<PricePlan>> {
    state
        .plans
        .list(&state.db, &query.channel, query.has_weight, state.now_ms())
        .await
        .map(|plans| ApiOk::obj(plans.as_ref().clone()))
        .map_err(|e| ApiError::from_service(&ctx, e))
}
