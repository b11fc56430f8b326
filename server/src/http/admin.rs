//! `/admin/*` and `/portal/user/*`: account calls. Handlers only
//! translate HTTP to `services::accounts` and back.
use super::context::{require_session, service_error};
use super::{ApiContext, ApiError, ApiOk, ApiResult};
use crate::services::accounts::{passwords, sessions, users, AuthSession};
use crate::services::ServiceError;
use crate::state::AppState;
use app::model::account::{Done, EmailCheck, LoginResult, RegisterCheck, SessionInfo};
use axum::extract::{rejection::FormRejection, Form, Path, State};
use serde::Deserialize;

/// Body of `POST /admin/userSession`.
#[derive(Debug, Deserialize)]
pub struct LoginForm {
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
}

/// Body of `PUT /admin/user/password`: the current password and the new one.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChangePasswordForm {
    #[serde(default)]
    password: String,
    #[serde(default)]
    new_password: String,
}

/// Body of `PUT /admin/userSession/{forgetPassword|restPassword}/{email}`.
/// `password` is accepted for `newPassword` (older clients send it so).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ResetForm {
    #[serde(default)]
    code: String,
    #[serde(default)]
    new_password: Option<String>,
    #[serde(default)]
    password: Option<String>,
}



fn session_info(auth: &AuthSession, session: &crate::persistence::entities::session::Model) -> SessionInfo {
    SessionInfo {
        id: session.id,
        email: auth.user.email.clone(),
        payment_count: i64::from(auth.user.payment_count),
        vip_time: auth.user.vip_time,
        created_at: session.created_at,
        expires_at: session.expires_at,
        last_seen_at: session.last_seen_at,
        user_agent: session.user_agent.clone(),
        current: session.id == auth.session.id,
    }
}

/// `POST /admin/userSession` (form `email`, `password`): log in.
pub async fn login(
    State(state): State<AppState>,
    ctx: ApiContext,
    form: Result<Form<LoginForm>, FormRejection>,
) -> ApiResult<LoginResult> {
    let Form(form) = form.map_err(|_| ApiError::bad_request(&ctx))?;
    let new = sessions::login(&state.cx(), &form.email, &form.password, &ctx.client)
        .await
        .map_err(service_error(&ctx))?;
    signed_in(new)
}

/// `DELETE /admin/userSession`: log out (ends the calling session).
pub async fn logout(State(state): State<AppState>, ctx: ApiContext) -> ApiResult<Done> {
    let auth = require_session(&state, &ctx).await?;
    sessions::logout(&state.db, &auth).await.map_err(service_error(&ctx))?;
    Ok(ApiOk::obj(Done { done: true }))
}

/// `GET /admin/userSession/{id}`: one of the caller's sessions.
pub async fn session_detail(
    State(state): State<AppState>,
    ctx: ApiContext,
    Path(id): Path<String>,
) -> ApiResult<SessionInfo> {
    let auth = require_session(&state, &ctx).await?;
    let id = id.parse::<i64>().map_err(|_| ApiError::from_service(&ctx, ServiceError::NotFound))?;
    let session = sessions::detail(&state.db, &auth, id).await.map_err(service_error(&ctx))?;
    Ok(ApiOk::obj(session_info(&auth, &session)))
}

/// `PUT /admin/user/password` (form `password`, `newPassword`).
pub async fn change_password(
    State(state): State<AppState>,
    ctx: ApiContext,
    form: Result<Form<ChangePasswordForm>, FormRejection>,
) -> ApiResult<Done> {
    let auth = require_session(&state, &ctx).await?;
    let Form(form) = form.map_err(|_| ApiError::bad_request(&ctx))?;
    passwords::change(&state.cx(), &auth, &form.password, &form.new_password)
        .await
        .map_err(service_error(&ctx))?;
    Ok(ApiOk::obj(Done { done: true }))
}

/// `GET /admin/userSession/forgetPassword/{email}`: e-mails a code when the
/// address has an account; the answer is the same when it has none.
pub async fn send_reset_code(
    State(state): State<AppState>,
    ctx: ApiContext,
    Path(email): Path<String>,
) -> ApiResult<Done> {
    passwords::send_reset_code(&state.cx(), &email, &ctx.client)
        .await
        .map_err(service_error(&ctx))?;
    Ok(ApiOk::obj(Done { done: true }))
}

/// `PUT /admin/userSession/forgetPassword/{email}` and `…/restPassword/{email}`
/// (form `code`, `newPassword`): sets a new password with the code and signs
/// in, answering like a login (`{token, session}`, `token` header).
pub async fn reset_with_code(
    State(state): State<AppState>,
    ctx: ApiContext,
    Path(email): Path<String>,
    form: Result<Form<ResetForm>, FormRejection>,
) -> ApiResult<LoginResult> {
    let Form(form) = form.map_err(|_| ApiError::bad_request(&ctx))?;
    let new_password = form.new_password.or(form.password).unwrap_or_default();
    let new = passwords::reset_with_code(&state.cx(), &email, &form.code, &new_password, &ctx.client)
        .await
        .map_err(service_error(&ctx))?;
    signed_in(new)
}

/// The answer of a call that opened a session: `{token, session}` and the `token` header.
fn signed_in(new: sessions::NewSession) -> ApiResult<LoginResult> {
    let session = session_info(&new.auth, &new.auth.session);
    Ok(ApiOk::obj(LoginResult { token: new.token.clone(), session }).with_token(new.token))
}

/// `GET /portal/user/checkEmail/{email}`: whether the address is usable
/// (format only; never whether it has an account).
pub async fn check_email(ctx: ApiContext, Path(email): Path<String>) -> ApiResult<EmailCheck> {
    users::check_email(&email).map_err(service_error(&ctx))?;
    Ok(ApiOk::obj(EmailCheck { valid: true }))
}

/// `GET /portal/user/checkRegister/{code}`: whether the order whose one-time
/// claim is `code` has been paid and its account created. Codes are
/// unguessable, so the answer tells strangers nothing.
pub async fn check_register(State(state): State<AppState>, ctx: ApiContext, Path(code): Path<String>) -> ApiResult<RegisterCheck> {
    let well_formed = (8..=64).contains(&code.len()) && code.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
    if !well_formed {
        return Err(ApiError::bad_request(&ctx));
    }
    let registered = crate::services::billing::checkout::is_registered(&state.cx(), &code).await.map_err(service_error(&ctx))?;
    Ok(ApiOk::obj(RegisterCheck { registered }))
}
