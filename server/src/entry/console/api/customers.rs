//! The console's customers: search, one customer's file, and the account
//! actions (refund, cancel, suspend, reinstate), each with its reason.
use super::failed;
use crate::http::doc::{Answer, BadRequest, Forbidden, List, NotFound, Unauthorized, Unavailable};
use crate::http::extract::{Admin, StaffMember, ValidForm, ValidQuery};
use crate::http::{ApiContext, ApiOk, ApiResult};
use crate::services::console::{actions, customers};
use crate::state::AppState;
use app::model::billing::BillingSummary;
use app::model::console::{CustomerDetail, CustomerRow};
use axum::extract::{Path, State};
use serde::Deserialize;

/// `?q=` of the customer search.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct SearchQuery {
    /// An e-mail (or part of one), a phone number or an order number.
    q: String,
    /// ISO 3166 alpha-2 country a national number is read in; without it,
    /// each country customers paid from.
    country: Option<String>,
}

/// `GET /console/customers?q=`: by e-mail, phone number or order number.
#[utoipa::path(get, path = "/console/customers", tag = "console", security(("staffToken" = [])), params(SearchQuery),
    responses((status = 200, description = "At most a page of customers, each once.", body = Answer<List<CustomerRow>>), BadRequest, Unauthorized))]
pub async fn search(
    State(state): State<AppState>,
    ctx: ApiContext,
    StaffMember(staff, ..): StaffMember,
    ValidQuery(q): ValidQuery<SearchQuery>,
) -> ApiResult<Vec<CustomerRow>> {
    Ok(ApiOk::obj(
        customers::search(&state.cx(), &staff, &q.q, q.country.as_deref())
            .await
            .map_err(failed(&ctx))?,
    ))
}

/// `GET /console/customers/{id}`.
#[utoipa::path(get, path = "/console/customers/{id}", tag = "console", security(("staffToken" = [])),
    params(("id" = i64, Path, description = "The customer's id")),
    responses((status = 200, body = Answer<CustomerDetail>), BadRequest, Unauthorized, NotFound))]
pub async fn customer(
    State(state): State<AppState>,
    ctx: ApiContext,
    StaffMember(staff, ..): StaffMember,
    Path(id): Path<i64>,
) -> ApiResult<CustomerDetail> {
    Ok(ApiOk::obj(
        customers::detail(&state.cx(), &staff, id)
            .await
            .map_err(failed(&ctx))?,
    ))
}

/// Body of the account actions: why (kept in the audit log).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct ReasonForm {
    reason: String,
}

/// `POST /console/charges/{id}/refund` (`reason`).
#[utoipa::path(post, path = "/console/charges/{id}/refund", tag = "console", security(("staffToken" = [])),
    params(("id" = i64, Path, description = "The charge's id")),
    request_body(content = ReasonForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Answer<BillingSummary>), BadRequest, Unauthorized, Unavailable, NotFound))]
pub async fn refund(
    State(state): State<AppState>,
    ctx: ApiContext,
    StaffMember(staff, ..): StaffMember,
    Path(id): Path<i64>,
    ValidForm(f): ValidForm<ReasonForm>,
) -> ApiResult<BillingSummary> {
    Ok(ApiOk::obj(
        actions::refund(&state.cx(), &state.gateways, &staff, id, &f.reason)
            .await
            .map_err(failed(&ctx))?,
    ))
}

/// `POST /console/customers/{id}/cancel` (`reason`).
#[utoipa::path(post, path = "/console/customers/{id}/cancel", tag = "console", security(("staffToken" = [])),
    params(("id" = i64, Path, description = "The customer's id")),
    request_body(content = ReasonForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Answer<BillingSummary>), BadRequest, Unauthorized, Unavailable, NotFound))]
pub async fn cancel(
    State(state): State<AppState>,
    ctx: ApiContext,
    StaffMember(staff, ..): StaffMember,
    Path(id): Path<i64>,
    ValidForm(f): ValidForm<ReasonForm>,
) -> ApiResult<BillingSummary> {
    Ok(ApiOk::obj(
        actions::cancel(&state.cx(), &state.gateways, &staff, id, &f.reason)
            .await
            .map_err(failed(&ctx))?,
    ))
}

/// `POST /console/customers/{id}/suspend` (`reason`; admins).
#[utoipa::path(post, path = "/console/customers/{id}/suspend", tag = "console", security(("staffToken" = [])),
    params(("id" = i64, Path, description = "The customer's id")),
    request_body(content = ReasonForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Answer<CustomerRow>), BadRequest, Unauthorized, Forbidden, NotFound))]
pub async fn suspend(
    State(state): State<AppState>,
    ctx: ApiContext,
    StaffMember(staff, ..): StaffMember<Admin>,
    Path(id): Path<i64>,
    ValidForm(f): ValidForm<ReasonForm>,
) -> ApiResult<CustomerRow> {
    Ok(ApiOk::obj(
        actions::suspend(&state.cx(), &staff, id, &f.reason)
            .await
            .map_err(failed(&ctx))?,
    ))
}

/// `POST /console/customers/{id}/reinstate` (`reason`; admins).
#[utoipa::path(post, path = "/console/customers/{id}/reinstate", tag = "console", security(("staffToken" = [])),
    params(("id" = i64, Path, description = "The customer's id")),
    request_body(content = ReasonForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Answer<CustomerRow>), BadRequest, Unauthorized, Forbidden, NotFound))]
pub async fn reinstate(
    State(state): State<AppState>,
    ctx: ApiContext,
    StaffMember(staff, ..): StaffMember<Admin>,
    Path(id): Path<i64>,
    ValidForm(f): ValidForm<ReasonForm>,
) -> ApiResult<CustomerRow> {
    Ok(ApiOk::obj(
        actions::reinstate(&state.cx(), &staff, id, &f.reason)
            .await
            .map_err(failed(&ctx))?,
    ))
}
