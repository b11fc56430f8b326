//! `/console/…`: the support console's API. Thin: read the request, find
//! the staff member behind the staff cookie (or the `staff_token` header),
//! call `services::console`, answer the envelope. Role checks are the
//! services'. Every answer is `Cache-Control: no-store` (the router layer).
use super::doc::{Answer, BadRequest, Limited, Unauthorized, Unavailable};
use super::extract::console_error as failed;
use super::extract::{StaffMember, ValidForm};
use super::{ApiContext, ApiError, ApiOk, ApiResult};
use crate::services::console::auth;
use crate::state::AppState;
use app_core::model::account::Done;
use app_core::model::console::{StaffView, STAFF_SESSION_TTL_MS, STAFF_TOKEN_HEADER};
use axum::extract::State;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

mod abuse;
mod audit;
mod chats;
mod customers;
pub use abuse::{__path_abuse_decide, __path_abuse_queue, abuse_decide, abuse_queue};
pub use audit::{__path_audit_log, audit_log};
pub use chats::{
    __path_chat_reply, __path_chat_thread, __path_chats, chat_reply, chat_thread, chats,
};
pub use customers::{
    __path_cancel, __path_customer, __path_refund, __path_reinstate, __path_search, __path_suspend,
    cancel, customer, refund, reinstate, search, suspend,
};

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
    ValidForm(f): ValidForm<SignInForm>,
) -> Result<Response, ApiError> {
    let input = auth::SignIn {
        email: &f.email,
        password: &f.password,
        totp: &f.totp,
    };
    let signed = auth::sign_in(&state.cx(), input, &ctx.client)
        .await
        .map_err(failed(&ctx))?;
    let mut response = ApiOk::obj(signed.staff.view()).into_response();
    let cookie = crate::cookies::cookie_policy(&state.config.public_base_url)
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
pub async fn current(StaffMember(staff, ..): StaffMember) -> ApiResult<StaffView> {
    Ok(ApiOk::obj(staff.view()))
}

/// `DELETE /console/session`: signs out and removes the cookie.
#[utoipa::path(delete, path = "/console/session", tag = "console", security(("staffToken" = [])),
    responses((status = 200, body = Answer<Done>), Unauthorized))]
pub async fn sign_out(
    State(state): State<AppState>,
    ctx: ApiContext,
    StaffMember(staff, ..): StaffMember,
) -> Result<Response, ApiError> {
    auth::sign_out(&state.cx(), &staff)
        .await
        .map_err(failed(&ctx))?;
    let mut response = ApiOk::obj(Done { done: true }).into_response();
    response.headers_mut().append(
        header::SET_COOKIE,
        crate::cookies::cookie_policy(&state.config.public_base_url).staff_session("", 0),
    );
    Ok(response)
}
