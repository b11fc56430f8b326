//! `/console/…`: the support console's API. Thin: read the request, find
//! the staff member behind the staff cookie (or the `staff_token` header),
//! call `services::console`, answer the envelope. Role checks are the
//! services'. Every answer is `Cache-Control: no-store` (the router layer).
use super::doc::{
    Answer, BadRequest, Forbidden, Limited, List, NotFound, Unauthorized, Unavailable,
};
use super::{ApiContext, ApiError, ApiOk, ApiResult};
use crate::services::console::{abuse, actions, audit, auth, chat, customers, Staff};
use crate::services::ServiceError;
use crate::state::AppState;
use app::i18n::Key;
use app::model::account::Done;
use app::model::billing::BillingSummary;
use app::model::chat::ChatMessageView;
use app::model::console::{
    AbuseAction, AbuseDecision, AbuseReportView, AuditEntry, ChatInboxRow, ChatThreadView,
    CustomerDetail, CustomerRow, StaffView, STAFF_SESSION_TTL_MS, STAFF_TOKEN_HEADER,
};
use axum::extract::{
    rejection::FormRejection, rejection::QueryRejection, Form, Path, Query, State,
};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

/// A console failure: "sign in to the console" for a missing or dead staff
/// session (not the customers' message), else the one service mapping.
fn failed(ctx: &ApiContext) -> impl Fn(ServiceError) -> ApiError + '_ {
    move |e| match e {
        ServiceError::Unauthorized => {
            ApiError::new(ctx, StatusCode::UNAUTHORIZED, Key::ConsoleApiUnauthorized)
        }
        other => ApiError::from_service(ctx, other),
    }
}

fn staff_token(headers: &HeaderMap) -> Option<String> {
    let header = headers
        .get(STAFF_TOKEN_HEADER)
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .filter(|v| !v.is_empty());
    header
        .map(str::to_owned)
        .or_else(|| crate::web::staff_cookie(headers))
}

/// The signed-in staff member, or 401.
async fn require_staff(
    state: &AppState,
    ctx: &ApiContext,
    headers: &HeaderMap,
) -> Result<Staff, ApiError> {
    auth::authenticate(
        &state.db,
        staff_token(headers).as_deref(),
        crate::clock::now_ms(),
    )
    .await
    .map_err(failed(ctx))
}

/// Body of `POST /console/session`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct SignInForm {
    email: String,
    password: String,
    totp: String,
}

/// `POST /console/session` (`email`, `password`, `totp`): signs in; sets the
/// staff cookie and answers the token in the `staff_token` header too.
#[utoipa::path(post, path = "/console/session", tag = "console",
    request_body(content = SignInForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, description = "The staff member (token in the cookie and the header), or the one generic refusal.", body = Answer<StaffView>,
        headers(("staff_token" = String, description = "The staff session token (only on success)."))), BadRequest, Limited, Unavailable))]
pub async fn sign_in(
    State(state): State<AppState>,
    ctx: ApiContext,
    form: Result<Form<SignInForm>, FormRejection>,
) -> Result<Response, ApiError> {
    let Form(f) = form.map_err(|_| ApiError::bad_request(&ctx))?;
    let input = auth::SignIn {
        email: &f.email,
        password: &f.password,
        totp: &f.totp,
    };
    let signed = auth::sign_in(&state.cx(), input, &ctx.client)
        .await
        .map_err(failed(&ctx))?;
    let mut response = ApiOk::obj(signed.staff.view()).into_response();
    let cookie = crate::web::cookie_policy(&state.config.public_base_url)
        .staff_session(&signed.token, STAFF_SESSION_TTL_MS / 1000);
    response.headers_mut().append(header::SET_COOKIE, cookie);
    if let Ok(value) = HeaderValue::from_str(&signed.token) {
        response.headers_mut().insert(STAFF_TOKEN_HEADER, value);
    }
    Ok(response)
}

/// `GET /console/session`: who is signed in.
#[utoipa::path(get, path = "/console/session", tag = "console", security(("staffToken" = [])),
    responses((status = 200, body = Answer<StaffView>), Unauthorized))]
pub async fn current(
    State(state): State<AppState>,
    ctx: ApiContext,
    headers: HeaderMap,
) -> ApiResult<StaffView> {
    Ok(ApiOk::obj(
        require_staff(&state, &ctx, &headers).await?.view(),
    ))
}

/// `DELETE /console/session`: signs out and removes the cookie.
#[utoipa::path(delete, path = "/console/session", tag = "console", security(("staffToken" = [])),
    responses((status = 200, body = Answer<Done>), Unauthorized))]
pub async fn sign_out(
    State(state): State<AppState>,
    ctx: ApiContext,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let staff = require_staff(&state, &ctx, &headers).await?;
    auth::sign_out(&state.cx(), &staff)
        .await
        .map_err(failed(&ctx))?;
    let mut response = ApiOk::obj(Done { done: true }).into_response();
    response.headers_mut().append(
        header::SET_COOKIE,
        crate::web::cookie_policy(&state.config.public_base_url).staff_session("", 0),
    );
    Ok(response)
}

/// `?q=` of the customer search.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct SearchQuery {
    /// An e-mail (or part of one), a phone number or an order number.
    q: String,
}

/// `GET /console/customers?q=`: by e-mail, phone number or order number.
#[utoipa::path(get, path = "/console/customers", tag = "console", security(("staffToken" = [])), params(SearchQuery),
    responses((status = 200, description = "At most a page of customers, each once.", body = Answer<List<CustomerRow>>), BadRequest, Unauthorized))]
pub async fn search(
    State(state): State<AppState>,
    ctx: ApiContext,
    headers: HeaderMap,
    query: Result<Query<SearchQuery>, QueryRejection>,
) -> ApiResult<Vec<CustomerRow>> {
    let staff = require_staff(&state, &ctx, &headers).await?;
    let Query(q) = query.map_err(|_| ApiError::bad_request(&ctx))?;
    Ok(ApiOk::obj(
        customers::search(&state.cx(), &staff, &q.q)
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
    headers: HeaderMap,
    Path(id): Path<i64>,
) -> ApiResult<CustomerDetail> {
    let staff = require_staff(&state, &ctx, &headers).await?;
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
    headers: HeaderMap,
    Path(id): Path<i64>,
    form: Result<Form<ReasonForm>, FormRejection>,
) -> ApiResult<BillingSummary> {
    let staff = require_staff(&state, &ctx, &headers).await?;
    let Form(f) = form.map_err(|_| ApiError::bad_request(&ctx))?;
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
    headers: HeaderMap,
    Path(id): Path<i64>,
    form: Result<Form<ReasonForm>, FormRejection>,
) -> ApiResult<BillingSummary> {
    let staff = require_staff(&state, &ctx, &headers).await?;
    let Form(f) = form.map_err(|_| ApiError::bad_request(&ctx))?;
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
    headers: HeaderMap,
    Path(id): Path<i64>,
    form: Result<Form<ReasonForm>, FormRejection>,
) -> ApiResult<CustomerRow> {
    let staff = require_staff(&state, &ctx, &headers).await?;
    let Form(f) = form.map_err(|_| ApiError::bad_request(&ctx))?;
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
    headers: HeaderMap,
    Path(id): Path<i64>,
    form: Result<Form<ReasonForm>, FormRejection>,
) -> ApiResult<CustomerRow> {
    let staff = require_staff(&state, &ctx, &headers).await?;
    let Form(f) = form.map_err(|_| ApiError::bad_request(&ctx))?;
    Ok(ApiOk::obj(
        actions::reinstate(&state.cx(), &staff, id, &f.reason)
            .await
            .map_err(failed(&ctx))?,
    ))
}

/// `?status=` of the abuse queue.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum QueueStatus {
    Open,
    Closed,
}

/// The abuse queue's query.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct QueueQuery {
    /// `open` (the default) or `closed`.
    #[param(inline)]
    status: Option<QueueStatus>,
}

/// `GET /console/abuse?status=open|closed` (open when left out).
#[utoipa::path(get, path = "/console/abuse", tag = "console", security(("staffToken" = [])), params(QueueQuery),
    responses((status = 200, description = "Open reports oldest first, closed ones newest first.", body = Answer<List<AbuseReportView>>), BadRequest, Unauthorized))]
pub async fn abuse_queue(
    State(state): State<AppState>,
    ctx: ApiContext,
    headers: HeaderMap,
    query: Result<Query<QueueQuery>, QueryRejection>,
) -> ApiResult<Vec<AbuseReportView>> {
    let staff = require_staff(&state, &ctx, &headers).await?;
    let Query(q) = query.map_err(|_| ApiError::bad_request(&ctx))?;
    let open = !matches!(q.status, Some(QueueStatus::Closed));
    Ok(ApiOk::obj(
        abuse::list(&state.cx(), &staff, open)
            .await
            .map_err(failed(&ctx))?,
    ))
}

/// Body of `POST /console/abuse/{id}`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct DecisionForm {
    action: AbuseAction,
    #[serde(default)]
    note: String,
}

/// `POST /console/abuse/{id}` (`action` = `dismiss` | `block_requester` |
/// `suspend_account` | `uphold_dispute`, `note`).
#[utoipa::path(post, path = "/console/abuse/{id}", tag = "console", security(("staffToken" = [])),
    params(("id" = i64, Path, description = "The report's id")),
    request_body(content = DecisionForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Answer<AbuseReportView>), BadRequest, Unauthorized, Forbidden, NotFound))]
pub async fn abuse_decide(
    State(state): State<AppState>,
    ctx: ApiContext,
    headers: HeaderMap,
    Path(id): Path<i64>,
    form: Result<Form<DecisionForm>, FormRejection>,
) -> ApiResult<AbuseReportView> {
    let staff = require_staff(&state, &ctx, &headers).await?;
    let Form(f) = form.map_err(|_| ApiError::bad_request(&ctx))?;
    let decision = AbuseDecision {
        action: f.action,
        note: f.note,
    };
    Ok(ApiOk::obj(
        abuse::decide(&state.cx(), &staff, id, &decision)
            .await
            .map_err(failed(&ctx))?,
    ))
}

/// `GET /console/chats`.
#[utoipa::path(get, path = "/console/chats", tag = "console", security(("staffToken" = [])),
    responses((status = 200, description = "Conversations, newest message first.", body = Answer<List<ChatInboxRow>>), Unauthorized))]
pub async fn chats(
    State(state): State<AppState>,
    ctx: ApiContext,
    headers: HeaderMap,
) -> ApiResult<Vec<ChatInboxRow>> {
    let staff = require_staff(&state, &ctx, &headers).await?;
    Ok(ApiOk::obj(
        chat::inbox(&state.cx(), &staff)
            .await
            .map_err(failed(&ctx))?,
    ))
}

/// `GET /console/chats/{id}`.
#[utoipa::path(get, path = "/console/chats/{id}", tag = "console", security(("staffToken" = [])),
    params(("id" = i64, Path, description = "The conversation's id")),
    responses((status = 200, body = Answer<ChatThreadView>), BadRequest, Unauthorized, NotFound))]
pub async fn chat_thread(
    State(state): State<AppState>,
    ctx: ApiContext,
    headers: HeaderMap,
    Path(id): Path<i64>,
) -> ApiResult<ChatThreadView> {
    let staff = require_staff(&state, &ctx, &headers).await?;
    Ok(ApiOk::obj(
        chat::thread(&state.cx(), &staff, id)
            .await
            .map_err(failed(&ctx))?,
    ))
}

/// Body of `POST /console/chats/{id}/reply`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct ReplyForm {
    body: String,
}

/// `POST /console/chats/{id}/reply` (`body`).
#[utoipa::path(post, path = "/console/chats/{id}/reply", tag = "console", security(("staffToken" = [])),
    params(("id" = i64, Path, description = "The conversation's id")),
    request_body(content = ReplyForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Answer<ChatMessageView>), BadRequest, Unauthorized, NotFound))]
pub async fn chat_reply(
    State(state): State<AppState>,
    ctx: ApiContext,
    headers: HeaderMap,
    Path(id): Path<i64>,
    form: Result<Form<ReplyForm>, FormRejection>,
) -> ApiResult<ChatMessageView> {
    let staff = require_staff(&state, &ctx, &headers).await?;
    let Form(f) = form.map_err(|_| ApiError::bad_request(&ctx))?;
    Ok(ApiOk::obj(
        chat::reply(&state.cx(), &staff, id, &f.body)
            .await
            .map_err(failed(&ctx))?,
    ))
}

/// `?before=` of the audit log.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct AuditQuery {
    /// Entries older than this id (the last id of the previous page).
    before: Option<i64>,
}

/// `GET /console/audit?before=ID`: a page of the log, newest first.
#[utoipa::path(get, path = "/console/audit", tag = "console", security(("staffToken" = [])), params(AuditQuery),
    responses((status = 200, body = Answer<List<AuditEntry>>), BadRequest, Unauthorized))]
pub async fn audit_log(
    State(state): State<AppState>,
    ctx: ApiContext,
    headers: HeaderMap,
    query: Result<Query<AuditQuery>, QueryRejection>,
) -> ApiResult<Vec<AuditEntry>> {
    let staff = require_staff(&state, &ctx, &headers).await?;
    let Query(q) = query.map_err(|_| ApiError::bad_request(&ctx))?;
    Ok(ApiOk::obj(
        audit::list(&state.db, &staff, q.before)
            .await
            .map_err(failed(&ctx))?,
    ))
}
