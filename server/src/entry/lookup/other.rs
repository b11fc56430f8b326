//! `/other/*`: number information and the visitor's country.
use super::doc::{Answer, BadRequest};
use super::extract::ValidQuery;
use super::{ApiContext, ApiError, ApiOk, ApiResult};
use crate::domain::phone_data::PhoneData;
use crate::services::{phone, visitor};
use crate::state::AppState;
use app_core::model::{NumberInfo, VisitorCountry};
use axum::extract::{Path, State};
use axum::http::request::Parts;
use serde::Deserialize;

/// Query of `/other/location/info/{phone}`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LocationInfoQuery {
    /// Default region (ISO alpha-2) for numbers written without `+`.
    region: Option<String>,
}

/// `GET /other/location/info/{phone}?region=ID`: the locating rows, type and formats.
#[utoipa::path(get, path = "/other/location/info/{phone}", tag = "number",
    params(("phone" = String, Path, description = "The number, with `+` or national"), LocationInfoQuery),
    responses((status = 200, body = Answer<NumberInfo>), BadRequest))]
pub async fn location_info(
    State(state): State<AppState>,
    ctx: ApiContext,
    Path(input): Path<String>,
    ValidQuery(query): ValidQuery<LocationInfoQuery>,
) -> ApiResult<NumberInfo> {
    phone::number_info(
        PhoneData::global(),
        &input,
        query.region.as_deref(),
        ctx.locale,
        state.now_ms(),
    )
    .map(ApiOk::obj)
    .map_err(|e| ApiError::from_service(&ctx, e))
}

/// `GET /other/ipInfo`: the visitor's country (`nationalCountry`) for the picker.
#[utoipa::path(get, path = "/other/ipInfo", tag = "number",
    responses((status = 200, description = "The visitor's likely country.", body = Answer<VisitorCountry>)))]
pub async fn ip_info(State(state): State<AppState>, request: Parts) -> ApiResult<VisitorCountry> {
    let ip = super::context::client_ip(&request, state.config.trust_forwarded_for);
    let language = request
        .headers
        .get("accept-language")
        .and_then(|v| v.to_str().ok());
    Ok(ApiOk::obj(visitor::national_country(
        state.geoip.as_deref(),
        ip,
        language,
        &state.config.default_country,
    )))
}
