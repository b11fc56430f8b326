//! Turning service results into the spec's envelope `{success, msg, obj, page, result}`.
use super::ApiContext;
use crate::services::ServiceError;
use app::api::Envelope;
use app::i18n::{t, Key, Locale};
use axum::{
    http::{HeaderValue, StatusCode},
    response::{IntoResponse, Response},
    Json,
};
use serde::Serialize;

/// A successful answer; may carry a freshly issued session token.
pub struct ApiOk<T> {
    envelope: Envelope<T>,
    token: Option<String>,
}

impl<T> ApiOk<T> {
    /// `success: 1` with `obj`.
    pub fn obj(obj: T) -> Self {
        ApiOk { envelope: Envelope::ok(obj), token: None }
    }

    /// Sends `token` back in the `token` response header (login).
    pub fn with_token(mut self, token: String) -> Self {
        self.token = Some(token);
        self
    }
}

impl<T: Serialize> IntoResponse for ApiOk<T> {
    fn into_response(self) -> Response {
        let mut response = Json(self.envelope).into_response();
        if let Some(value) = self.token.and_then(|t| HeaderValue::from_str(&t).ok()) {
            response.headers_mut().insert("token", value);
        }
        response
    }
}

/// A failed answer: a status and a message key, localized on the way out.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    key: Key,
    locale: Locale,
}

impl ApiError {
    /// An error with an explicit status and message.
    pub fn new(ctx: &ApiContext, status: StatusCode, key: Key) -> Self {
        ApiError { status, key, locale: ctx.locale }
    }

    /// Malformed input (bad query, form or path).
    pub fn bad_request(ctx: &ApiContext) -> Self {
        Self::new(ctx, StatusCode::BAD_REQUEST, Key::ErrorBadRequest)
    }

    /// A service error, logged when it is ours and not the caller's.
    pub fn from_service(ctx: &ApiContext, error: ServiceError) -> Self {
        let status = match &error {
            // The input was understood and is wrong: an answer, not a failed
            // request. `success: 0` carries it (spec §7), without a console error.
            ServiceError::Invalid(_) => StatusCode::OK,
            ServiceError::NotFound => StatusCode::NOT_FOUND,
            ServiceError::Unauthorized => StatusCode::UNAUTHORIZED,
            ServiceError::Database(e) => {
                tracing::error!(error = %e, "database error");
                StatusCode::INTERNAL_SERVER_ERROR
            }
        };
        Self::new(ctx, status, error.message_key())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = Envelope::<()>::error(t(self.locale, self.key));
        (self.status, Json(body)).into_response()
    }
}

/// The result type of API handlers.
pub type ApiResult<T> = Result<ApiOk<T>, ApiError>;

/// Fallback for unknown API paths.
pub async fn not_found(ctx: ApiContext) -> ApiError {
    ApiError::new(&ctx, StatusCode::NOT_FOUND, Key::ErrorNotFound)
}
