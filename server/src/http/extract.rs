//! What a handler starts with, so its body is its own logic: the signed-in
//! member, a signed-in staff member holding a role, the id of a path, and a
//! form or query whose rejection answers the envelope's localized 400. Each rejects with the
//! envelope in the caller's language ([`ApiContext::locale`]).
use super::{ApiContext, ApiError};
use crate::services::accounts::{sessions, AuthSession};
use crate::services::console::{auth, Staff};
use crate::services::ServiceError;
use crate::state::AppState;
use app_core::i18n::Key;
use app_core::model::console::{StaffRole, STAFF_TOKEN_HEADER};
use axum::extract::{Form, FromRequest, FromRequestParts, Path, Query, Request};
use axum::http::{request::Parts, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use std::marker::PhantomData;

/// Highest page number a list call looks up; a higher one is past the last
/// page of anybody's list (caps keep lists far shorter) and answers an empty page.
pub const MAX_PAGE: u64 = 100_000;

/// `?page=&size=` of a list call: absent, or a whole number a `u64` holds
/// (each list clamps them to its own bounds); anything else is the 400.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    #[param(schema_with = super::doc::count)]
    pub page: Option<u64>,
    #[param(schema_with = super::doc::count)]
    pub size: Option<u64>,
}

/// Maps a service error to the envelope in the caller's language.
pub fn service_error(ctx: &ApiContext) -> impl Fn(ServiceError) -> ApiError + '_ {
    move |e| ApiError::from_service(ctx, e)
}

/// The caller's session, or the localized "login status is invalid" (401).
///
/// # Errors
/// No session, or a dead one.
pub async fn require_session(state: &AppState, ctx: &ApiContext) -> Result<AuthSession, ApiError> {
    sessions::authenticate(&state.db, ctx.token.as_deref(), state.now_ms())
        .await
        .map_err(service_error(ctx))
}

async fn context(parts: &mut Parts, state: &AppState) -> ApiContext {
    match ApiContext::from_request_parts(parts, state).await {
        Ok(ctx) => ctx,
        Err(never) => match never {},
    }
}

/// The signed-in member (the `token` header, or the session cookie with
/// `website_type`), or 401.
pub struct Member(pub AuthSession);

/// The session a page render recognised at its start, handed to the API
/// calls that render makes in-process with the same token (only the
/// in-process transport sets request extensions; the network cannot).
#[derive(Clone, Debug)]
pub struct PageSession {
    pub token: String,
    pub auth: AuthSession,
}

impl FromRequestParts<AppState> for Member {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let ctx = context(parts, state).await;
        if let Some(page) = parts.extensions.get::<PageSession>() {
            if ctx.token.as_deref() == Some(page.token.as_str()) {
                return Ok(Member(page.auth.clone()));
            }
        }
        require_session(state, &ctx).await.map(Member)
    }
}

/// A console failure: "sign in to the console" for a missing or dead staff
/// session (not the customers' message), else the one service mapping.
pub fn console_error(ctx: &ApiContext) -> impl Fn(ServiceError) -> ApiError + '_ {
    move |e| match e {
        ServiceError::Unauthorized => {
            ApiError::new(ctx, StatusCode::UNAUTHORIZED, Key::ConsoleApiUnauthorized)
        }
        other => ApiError::from_service(ctx, other),
    }
}

/// The staff token: the `staff_token` header, else the console's cookie.
fn staff_token(headers: &HeaderMap) -> Option<String> {
    let header = headers
        .get(STAFF_TOKEN_HEADER)
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .filter(|v| !v.is_empty());
    header
        .map(str::to_owned)
        .or_else(|| crate::cookies::staff_cookie(headers))
}

/// A role a handler asks of the staff member.
pub trait Role: Send + Sync + 'static {
    /// Whether a member with `role` holds this one.
    fn held_by(role: StaffRole) -> bool;
}

/// Every staff member (support or admin).
pub struct AnyRole;

impl Role for AnyRole {
    fn held_by(_: StaffRole) -> bool {
        true
    }
}

/// Admins only.
pub struct Admin;

impl Role for Admin {
    fn held_by(role: StaffRole) -> bool {
        role == StaffRole::Admin
    }
}

/// A signed-in staff member holding role `R`: 401 without a live staff
/// session, 403 with another role. The services check their own rules too.
pub struct StaffMember<R: Role = AnyRole>(pub Staff, pub PhantomData<R>);

impl<R: Role> FromRequestParts<AppState> for StaffMember<R> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let ctx = context(parts, state).await;
        let token = staff_token(&parts.headers);
        let staff = auth::authenticate(&state.db, token.as_deref(), state.now_ms())
            .await
            .map_err(console_error(&ctx))?;
        if !R::held_by(staff.role) {
            return Err(ApiError::from_service(&ctx, ServiceError::Forbidden));
        }
        Ok(StaffMember(staff, PhantomData))
    }
}

/// A form body (`application/x-www-form-urlencoded`); one that does not
/// parse answers the localized 400.
pub struct ValidForm<T>(pub T);

impl<T: DeserializeOwned + Send> FromRequest<AppState> for ValidForm<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &AppState) -> Result<Self, ApiError> {
        let (mut parts, body) = request.into_parts();
        let ctx = context(&mut parts, state).await;
        Form::<T>::from_request(Request::from_parts(parts, body), state)
            .await
            .map(|Form(form)| ValidForm(form))
            .map_err(|_| ApiError::bad_request(&ctx))
    }
}

/// The one id of a path (`/voice/messages/{id}`): a positive `i64`; anything
/// else names nothing, so it answers the localized "not found" (a segment
/// that is not UTF-8 keeps axum's own rejection, which the envelope layer
/// answers).
pub struct PathId(pub i64);

impl FromRequestParts<AppState> for PathId {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Response> {
        let Path(id) = Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(IntoResponse::into_response)?;
        match id.parse::<i64>().ok().filter(|id| *id > 0) {
            Some(id) => Ok(PathId(id)),
            None => {
                let ctx = context(parts, state).await;
                Err(ApiError::from_service(&ctx, ServiceError::NotFound).into_response())
            }
        }
    }
}

/// A query string; one that does not parse answers the localized 400.
pub struct ValidQuery<T>(pub T);

impl<T: DeserializeOwned + Send> FromRequestParts<AppState> for ValidQuery<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let ctx = context(parts, state).await;
        Query::<T>::from_request_parts(parts, state)
            .await
            .map(|Query(query)| ValidQuery(query))
            .map_err(|_| ApiError::bad_request(&ctx))
    }
}
