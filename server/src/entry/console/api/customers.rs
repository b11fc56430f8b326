//! The console's customers: search, one customer's file, and the account
//! actions (refund, cancel, suspend, reinstate), each with its reason.
use super::failed;
use crate::http::doc::{Answer, BadRequest, Forbidden, List, NotFound, Unauthorized, Unavailable};
use crate::http::extract::{Admin, AnyRole, Role, StaffMember, ValidForm, ValidQuery};
use crate::http::{ApiContext, ApiOk, ApiResult};
use crate::services::console::{actions, customers, Staff};
use crate::state::AppState;
use app_core::model::billing::BillingSummary;
use app_core::model::console::{CustomerDetail, CustomerRow};
use axum::extract::{FromRequest, FromRequestParts, Path, Request, State};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use std::marker::PhantomData;

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

/// What every account action starts with: who (the staff member holding
/// role `R`), on what (the id of the path) and why (the form's reason). Each
/// part refuses as its own extractor does, in this order.
pub struct AccountAction<R: Role = AnyRole>(Staff, i64, String, PhantomData<R>);

impl<R: Role> FromRequest<AppState> for AccountAction<R> {
    type Rejection = Response;

    async fn from_request(request: Request, state: &AppState) -> Result<Self, Response> {
        let (mut parts, body) = request.into_parts();
        let StaffMember(staff, role) = StaffMember::<R>::from_request_parts(&mut parts, state)
            .await
            .map_err(IntoResponse::into_response)?;
        let Path(id) = Path::<i64>::from_request_parts(&mut parts, state)
            .await
            .map_err(IntoResponse::into_response)?;
        let ValidForm(form) =
            ValidForm::<ReasonForm>::from_request(Request::from_parts(parts, body), state)
                .await
                .map_err(IntoResponse::into_response)?;
        Ok(AccountAction(staff, id, form.reason, role))
    }
}

/// `POST /console/charges/{id}/refund` (`reason`).
#[utoipa::path(post, path = "/console/charges/{id}/refund", tag = "console", security(("staffToken" = [])),
    params(("id" = i64, Path, description = "The charge's id")),
    request_body(content = ReasonForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Answer<BillingSummary>), BadRequest, Unauthorized, Unavailable, NotFound))]
pub async fn refund(
    State(state): State<AppState>,
    ctx: ApiContext,
    AccountAction(staff, id, reason, ..): AccountAction,
) -> ApiResult<BillingSummary> {
    let done = actions::refund(&state.cx(), &state.gateways, &staff, id, &reason).await;
    Ok(ApiOk::obj(done.map_err(failed(&ctx))?))
}

/// `POST /console/customers/{id}/cancel` (`reason`).
#[utoipa::path(post, path = "/console/customers/{id}/cancel", tag = "console", security(("staffToken" = [])),
    params(("id" = i64, Path, description = "The customer's id")),
    request_body(content = ReasonForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Answer<BillingSummary>), BadRequest, Unauthorized, Unavailable, NotFound))]
pub async fn cancel(
    State(state): State<AppState>,
    ctx: ApiContext,
    AccountAction(staff, id, reason, ..): AccountAction,
) -> ApiResult<BillingSummary> {
    let done = actions::cancel(&state.cx(), &state.gateways, &staff, id, &reason).await;
    Ok(ApiOk::obj(done.map_err(failed(&ctx))?))
}

/// `POST /console/customers/{id}/suspend` (`reason`; admins).
#[utoipa::path(post, path = "/console/customers/{id}/suspend", tag = "console", security(("staffToken" = [])),
    params(("id" = i64, Path, description = "The customer's id")),
    request_body(content = ReasonForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Answer<CustomerRow>), BadRequest, Unauthorized, Forbidden, NotFound))]
pub async fn suspend(
    State(state): State<AppState>,
    ctx: ApiContext,
    AccountAction(staff, id, reason, ..): AccountAction<Admin>,
) -> ApiResult<CustomerRow> {
    let done = actions::suspend(&state.cx(), &staff, id, &reason).await;
    Ok(ApiOk::obj(done.map_err(failed(&ctx))?))
}

/// `POST /console/customers/{id}/reinstate` (`reason`; admins).
#[utoipa::path(post, path = "/console/customers/{id}/reinstate", tag = "console", security(("staffToken" = [])),
    params(("id" = i64, Path, description = "The customer's id")),
    request_body(content = ReasonForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Answer<CustomerRow>), BadRequest, Unauthorized, Forbidden, NotFound))]
pub async fn reinstate(
    State(state): State<AppState>,
    ctx: ApiContext,
    AccountAction(staff, id, reason, ..): AccountAction<Admin>,
) -> ApiResult<CustomerRow> {
    let done = actions::reinstate(&state.cx(), &staff, id, &reason).await;
    Ok(ApiOk::obj(done.map_err(failed(&ctx))?))
}
