//! `/admin/*` and `/portal/user/*`: account calls. Handlers only
//! translate HTTP to `services::accounts` and back.
use super::doc::{Answer, BadRequest, Limited, NotFound, Unauthorized, Unavailable};
use super::extract::{require_session, service_error, Member, PathId, ValidForm};
use super::{ApiContext, ApiError, ApiOk, ApiResult};
use crate::services::accounts::{passwords, sessions, users, AuthSession};
use crate::state::AppState;
use app_core::model::account::{Done, EmailCheck, LoginResult, RegisterCheck, SessionInfo};
use axum::extract::{Path, State};
use serde::Deserialize;

/// Body of `POST /admin/userSession`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct LoginForm {
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
}

/// Body of `PUT /admin/user/password`: the current password and the new one.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangePasswordForm {
    #[serde(default)]
    password: String,
    #[serde(default)]
    new_password: String,
}

/// Body of `PUT /admin/userSession/{forgetPassword|restPassword}/{email}`.
/// `password` is accepted for `newPassword` (older clients send it so).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResetForm {
    #[serde(default)]
    code: String,
    #[serde(default)]
    new_password: Option<String>,
    #[serde(default)]
    password: Option<String>,
}

fn session_info(
    auth: &AuthSession,
    session: &crate::persistence::entities::session::Model,
) -> SessionInfo {
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
#[utoipa::path(post, path = "/admin/userSession", tag = "account",
    request_body(content = LoginForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, description = "The new session; its token also in the `token` header.", body = Answer<LoginResult>,
        headers(("token" = String, description = "The session token (only on success)."))), BadRequest, Limited, Unavailable))]
pub async fn login(
    State(state): State<AppState>,
    ctx: ApiContext,
    ValidForm(form): ValidForm<LoginForm>,
) -> ApiResult<LoginResult> {
    let new = sessions::login(&state.cx(), &form.email, &form.password, &ctx.client)
        .await
        .map_err(service_error(&ctx))?;
    signed_in(new)
}

/// `DELETE /admin/userSession`: log out (ends the calling session).
#[utoipa::path(delete, path = "/admin/userSession", tag = "account", security(("token" = [])),
    responses((status = 200, body = Answer<Done>), Unauthorized))]
pub async fn logout(State(state): State<AppState>, ctx: ApiContext) -> ApiResult<Done> {
    let auth = require_session(&state, &ctx).await?;
    sessions::logout(&state.db, &auth)
        .await
        .map_err(service_error(&ctx))?;
    Ok(ApiOk::obj(Done { done: true }))
}

/// `GET /admin/userSession/{id}`: one of the caller's sessions.
#[utoipa::path(get, path = "/admin/userSession/{id}", tag = "account", security(("token" = [])),
    params(("id" = String, Path, description = "The session's id")),
    responses((status = 200, body = Answer<SessionInfo>), Unauthorized, NotFound))]
pub async fn session_detail(
    State(state): State<AppState>,
    ctx: ApiContext,
    Member(auth): Member,
    PathId(id): PathId,
) -> ApiResult<SessionInfo> {
    let session = sessions::detail(&state.db, &auth, id)
        .await
        .map_err(service_error(&ctx))?;
    Ok(ApiOk::obj(session_info(&auth, &session)))
}

/// `PUT /admin/user/password` (form `password`, `newPassword`).
#[utoipa::path(put, path = "/admin/user/password", tag = "account", security(("token" = [])),
    request_body(content = ChangePasswordForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Answer<Done>), BadRequest, Unauthorized, Limited, Unavailable))]
pub async fn change_password(
    State(state): State<AppState>,
    ctx: ApiContext,
    Member(auth): Member,
    ValidForm(form): ValidForm<ChangePasswordForm>,
) -> ApiResult<Done> {
    passwords::change(&state.cx(), &auth, &form.password, &form.new_password)
        .await
        .map_err(service_error(&ctx))?;
    Ok(ApiOk::obj(Done { done: true }))
}

/// `GET /admin/userSession/forgetPassword/{email}`: e-mails a code when the
/// address has an account; the answer is the same when it has none.
#[utoipa::path(get, path = "/admin/userSession/forgetPassword/{email}", tag = "account",
    params(("email" = String, Path, description = "The account's e-mail address")),
    responses((status = 200, body = Answer<Done>), Limited, Unavailable))]
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
#[utoipa::path(put, path = "/admin/userSession/forgetPassword/{email}", tag = "account",
    params(("email" = String, Path, description = "The account's e-mail address")),
    request_body(content = ResetForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, description = "Signed in, like a login.", body = Answer<LoginResult>,
        headers(("token" = String, description = "The session token (only on success)."))), BadRequest, Limited, Unavailable))]
pub async fn reset_with_code(
    State(state): State<AppState>,
    ctx: ApiContext,
    Path(email): Path<String>,
    ValidForm(form): ValidForm<ResetForm>,
) -> ApiResult<LoginResult> {
    let new_password = form.new_password.or(form.password).unwrap_or_default();
    let new =
        passwords::reset_with_code(&state.cx(), &email, &form.code, &new_password, &ctx.client)
            .await
            .map_err(service_error(&ctx))?;
    signed_in(new)
}

/// `PUT /admin/userSession/restPassword/{email}`: the same as
/// [`reset_with_code`], under the path older clients call.
#[utoipa::path(put, path = "/admin/userSession/restPassword/{email}", tag = "account",
    params(("email" = String, Path, description = "The account's e-mail address")),
    request_body(content = ResetForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, description = "Signed in, like a login.", body = Answer<LoginResult>,
        headers(("token" = String, description = "The session token (only on success)."))), BadRequest, Limited, Unavailable))]
pub async fn reset_with_code_again(
    state: State<AppState>,
    ctx: ApiContext,
    email: Path<String>,
    form: ValidForm<ResetForm>,
) -> ApiResult<LoginResult> {
    reset_with_code(state, ctx, email, form).await
}

/// The answer of a call that opened a session: `{token, session}` and the `token` header.
fn signed_in(new: sessions::NewSession) -> ApiResult<LoginResult> {
    let session = session_info(&new.auth, &new.auth.session);
    Ok(ApiOk::obj(LoginResult {
        token: new.token.clone(),
        session,
    })
    .with_token(new.token))
}

/// `GET /portal/user/checkEmail/{email}`: whether the address is usable
/// (format only; never whether it has an account).
#[utoipa::path(get, path = "/portal/user/checkEmail/{email}", tag = "account",
    params(("email" = String, Path, description = "The address to check")),
    responses((status = 200, body = Answer<EmailCheck>)))]
pub async fn check_email(ctx: ApiContext, Path(email): Path<String>) -> ApiResult<EmailCheck> {
    users::check_email(&email).map_err(service_error(&ctx))?;
    Ok(ApiOk::obj(EmailCheck { valid: true }))
}

/// `GET /portal/user/checkRegister/{code}`: whether the order whose one-time
/// claim is `code` has been paid and its account created. Codes are
/// unguessable, so the answer tells strangers nothing.
#[utoipa::path(get, path = "/portal/user/checkRegister/{code}", tag = "account",
    params(("code" = String, Path, pattern = "^[A-Za-z0-9-]{8,64}$", description = "The order's claim code")),
    responses((status = 200, body = Answer<RegisterCheck>), BadRequest))]
pub async fn check_register(
    State(state): State<AppState>,
    ctx: ApiContext,
    Path(code): Path<String>,
) -> ApiResult<RegisterCheck> {
    let well_formed = (8..=64).contains(&code.len())
        && code.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
    if !well_formed {
        return Err(ApiError::bad_request(&ctx));
    }
    let registered = crate::services::billing::claims::is_registered(&state.cx(), &code)
        .await
        .map_err(service_error(&ctx))?;
    Ok(ApiOk::obj(RegisterCheck { registered }))
}
