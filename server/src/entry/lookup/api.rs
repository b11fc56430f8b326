//! `/lookup/…`: reverse lookup, spam reports and the number owner's rights.
//! Thin: read the request, call `services::lookup`, answer in the envelope.
//! The owner session travels in the `owner-token` header.
use super::doc::{Answer, BadRequest, Limited, NotFound, Unauthorized};
use super::extract::{service_error, Member, ValidForm, ValidQuery};
use super::{ApiContext, ApiOk, ApiResult};
use crate::domain::phone_data::PhoneData;
use crate::services::lookup::{self, owner, reports};
use crate::state::AppState;
use app_core::model::account::Done;
use app_core::model::lookup::{LookupResult, OwnerClaim, OwnerView};
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use serde::Deserialize;

use super::OWNER_TOKEN_HEADER;

/// The number as the country picker and the field give it.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct NumberQuery {
    country: String,
}

/// `GET /lookup/{phone}?country=GB`: the facts, and for subscribers the
/// spam verdict and the owner's published entry.
#[utoipa::path(get, path = "/lookup/{phone}", tag = "lookup", security((), ("token" = [])),
    params(("phone" = String, Path, description = "The number, with `+` or national"), NumberQuery),
    responses((status = 200, description = "The facts; for subscribers also the spam verdict and the owner's entry.", body = Answer<LookupResult>),
        BadRequest, Limited))]
pub async fn find(
    State(state): State<AppState>,
    ctx: ApiContext,
    Path(phone): Path<String>,
    ValidQuery(query): ValidQuery<NumberQuery>,
) -> ApiResult<LookupResult> {
    let q = lookup::Query {
        country: &query.country,
        phone: &phone,
        locale: ctx.locale,
    };
    let token = ctx.token.as_deref();
    let found = lookup::lookup(&state.cx(), PhoneData::global(), token, &ctx.client, q).await;
    Ok(ApiOk::obj(found.map_err(service_error(&ctx))?))
}

/// Body of `POST /lookup/report`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct ReportForm {
    country: String,
    phone: String,
    category: String,
    comment: String,
}

/// `POST /lookup/report`: a signed-in member reports a number.
#[utoipa::path(post, path = "/lookup/report", tag = "lookup", security(("token" = [])),
    request_body(content = ReportForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Answer<Done>), BadRequest, Unauthorized, NotFound, Limited))]
pub async fn report(
    State(state): State<AppState>,
    ctx: ApiContext,
    Member(auth): Member,
    ValidForm(f): ValidForm<ReportForm>,
) -> ApiResult<Done> {
    let input = reports::NewReport {
        country: &f.country,
        phone: &f.phone,
        category: &f.category,
        comment: &f.comment,
    };
    reports::report(&state.cx(), &auth.user, input)
        .await
        .map_err(service_error(&ctx))?;
    Ok(ApiOk::obj(Done { done: true }))
}

/// Body of the owner's proof calls.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct ProofForm {
    country: String,
    phone: String,
    code: String,
}

/// `POST /lookup/owner/code`: texts a code to the number.
#[utoipa::path(post, path = "/lookup/owner/code", tag = "lookup",
    request_body(content = ProofForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, description = "A code was texted to the number.", body = Answer<Done>), BadRequest, Limited))]
pub async fn owner_code(
    State(state): State<AppState>,
    ctx: ApiContext,
    ValidForm(f): ValidForm<ProofForm>,
) -> ApiResult<Done> {
    owner::send_code(&state.cx(), &f.country, &f.phone, &ctx.client)
        .await
        .map_err(service_error(&ctx))?;
    Ok(ApiOk::obj(Done { done: true }))
}

/// `POST /lookup/owner/claim`: the code proves the number; an owner session starts.
#[utoipa::path(post, path = "/lookup/owner/claim", tag = "lookup",
    request_body(content = ProofForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, description = "The owner session.", body = Answer<OwnerClaim>), BadRequest, Limited))]
pub async fn owner_claim(
    State(state): State<AppState>,
    ctx: ApiContext,
    ValidForm(f): ValidForm<ProofForm>,
) -> ApiResult<OwnerClaim> {
    let claim = owner::claim(&state.cx(), &f.country, &f.phone, &f.code)
        .await
        .map_err(service_error(&ctx))?;
    Ok(ApiOk::obj(OwnerClaim {
        owner_token: claim.token,
        expires_at: claim.expires_at,
    }))
}

fn owner_token(headers: &HeaderMap) -> String {
    headers
        .get(OWNER_TOKEN_HEADER)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned()
}

/// `GET /lookup/owner`: the proven number's reports, entry and choice.
#[utoipa::path(get, path = "/lookup/owner", tag = "lookup", security(("ownerToken" = [])),
    responses((status = 200, body = Answer<OwnerView>), Unauthorized))]
pub async fn owner_view(
    State(state): State<AppState>,
    ctx: ApiContext,
    headers: HeaderMap,
) -> ApiResult<OwnerView> {
    Ok(ApiOk::obj(
        owner::view(&state.cx(), &owner_token(&headers))
            .await
            .map_err(service_error(&ctx))?,
    ))
}

/// `POST /lookup/owner/dispute`: hides the visible reports until review.
#[utoipa::path(post, path = "/lookup/owner/dispute", tag = "lookup", security(("ownerToken" = [])),
    responses((status = 200, description = "How many reports were hidden until review.", body = Answer<u64>), Unauthorized))]
pub async fn owner_dispute(
    State(state): State<AppState>,
    ctx: ApiContext,
    headers: HeaderMap,
) -> ApiResult<u64> {
    Ok(ApiOk::obj(
        owner::dispute(&state.cx(), &owner_token(&headers))
            .await
            .map_err(service_error(&ctx))?,
    ))
}

/// Body of `PUT /lookup/owner/directory`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct EntryForm {
    name: String,
    city: String,
}

/// `PUT /lookup/owner/directory`: publishes a name and city.
#[utoipa::path(put, path = "/lookup/owner/directory", tag = "lookup", security(("ownerToken" = [])),
    request_body(content = EntryForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Answer<Done>), BadRequest, Unauthorized))]
pub async fn owner_publish(
    State(state): State<AppState>,
    ctx: ApiContext,
    headers: HeaderMap,
    ValidForm(f): ValidForm<EntryForm>,
) -> ApiResult<Done> {
    owner::publish(&state.cx(), &owner_token(&headers), &f.name, &f.city)
        .await
        .map_err(service_error(&ctx))?;
    Ok(ApiOk::obj(Done { done: true }))
}

/// `DELETE /lookup/owner/directory`: removes the entry.
#[utoipa::path(delete, path = "/lookup/owner/directory", tag = "lookup", security(("ownerToken" = [])),
    responses((status = 200, body = Answer<Done>), Unauthorized))]
pub async fn owner_unpublish(
    State(state): State<AppState>,
    ctx: ApiContext,
    headers: HeaderMap,
) -> ApiResult<Done> {
    owner::unpublish(&state.cx(), &owner_token(&headers))
        .await
        .map_err(service_error(&ctx))?;
    Ok(ApiOk::obj(Done { done: true }))
}

/// Body of `PUT /lookup/owner/optOut`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct OptOutForm {
    opt_out: bool,
}

/// `PUT /lookup/owner/optOut`: `optOut=true` limits lookups to public metadata.
#[utoipa::path(put, path = "/lookup/owner/optOut", tag = "lookup", security(("ownerToken" = [])),
    request_body(content = OptOutForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Answer<Done>), BadRequest, Unauthorized))]
pub async fn owner_opt_out(
    State(state): State<AppState>,
    ctx: ApiContext,
    headers: HeaderMap,
    ValidForm(f): ValidForm<OptOutForm>,
) -> ApiResult<Done> {
    owner::set_opt_out(&state.cx(), &owner_token(&headers), f.opt_out)
        .await
        .map_err(service_error(&ctx))?;
    Ok(ApiOk::obj(Done { done: true }))
}
