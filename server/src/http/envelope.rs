//! Turning service results into the envelope `{success, msg, obj, page, result}`.
use super::ApiContext;
use crate::services::ServiceError;
use app_core::account::validation::{FieldErrors, Slot};
use app_core::api::Envelope;
use app_core::i18n::{t, Key, Locale};
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
        ApiOk {
            envelope: Envelope::ok(obj),
            token: None,
        }
    }

    /// Adds paging (list calls).
    pub fn with_page(mut self, page: app_core::api::Page) -> Self {
        self.envelope.page = Some(page);
        self
    }

    /// Adds the envelope's `result` value.
    pub fn with_result(mut self, result: serde_json::Value) -> Self {
        self.envelope.result = Some(result);
        self
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
    /// Per-field messages, sent as `obj: {emailErrorMsg: …}` (one slot per field).
    fields: Option<FieldErrors>,
    retry_after_secs: Option<u64>,
}

impl ApiError {
    /// An error with an explicit status and message.
    pub fn new(ctx: &ApiContext, status: StatusCode, key: Key) -> Self {
        ApiError {
            status,
            key,
            locale: ctx.locale,
            fields: None,
            retry_after_secs: None,
        }
    }

    /// Malformed input (bad query, form or path).
    pub fn bad_request(ctx: &ApiContext) -> Self {
        Self::new(ctx, StatusCode::BAD_REQUEST, Key::ErrorBadRequest)
    }

    /// A service error, logged when it is ours and not the caller's.
    pub fn from_service(ctx: &ApiContext, error: ServiceError) -> Self {
        let mut api_error = Self::new(ctx, status_of(&error, Surface::Api), error.message_key());
        api_error.retry_after_secs = retry_after(&error);
        if let ServiceError::Fields(fields) = error {
            api_error.fields = Some(fields);
        }
        api_error
    }
}

/// Who renders a failed use case: the REST API or a page form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Surface {
    Api,
    Form,
}

/// The one table from a failed use case to an HTTP status, for the REST API
/// and the no-JavaScript forms alike. Logs the failures that are ours.
pub fn status_of(error: &ServiceError, surface: Surface) -> StatusCode {
    match error {
        // Understood and wrong: for the API an answer (`success: 0`, no
        // console error in the browser); a form re-renders with 422.
        ServiceError::Invalid(_) | ServiceError::Fields(_) => match surface {
            Surface::Api => StatusCode::OK,
            Surface::Form => StatusCode::UNPROCESSABLE_ENTITY,
        },
        ServiceError::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
        ServiceError::NotFound => StatusCode::NOT_FOUND,
        ServiceError::Unauthorized => StatusCode::UNAUTHORIZED,
        ServiceError::Busy { .. } => {
            tracing::warn!("busy: request refused with 503");
            StatusCode::SERVICE_UNAVAILABLE
        }
        ServiceError::Provider => {
            tracing::warn!("payment provider unavailable: request refused with 503");
            StatusCode::SERVICE_UNAVAILABLE
        }
        ServiceError::Unavailable(key) => {
            tracing::warn!(
                ?key,
                "a part of the service is unavailable: request refused with 503"
            );
            StatusCode::SERVICE_UNAVAILABLE
        }
        // 402: the caller may fix it by subscribing (the UI leads to billing).
        ServiceError::NeedsSubscription => StatusCode::PAYMENT_REQUIRED,
        // The visitor said no (or nothing yet): nothing was stored.
        ServiceError::NoConsent | ServiceError::Forbidden => StatusCode::FORBIDDEN,
        ServiceError::Database(e) => {
            tracing::error!(error = %e, "database error");
            StatusCode::INTERNAL_SERVER_ERROR
        }
    }
}

/// The `Retry-After` seconds of a refusal that passes with time.
pub fn retry_after(error: &ServiceError) -> Option<u64> {
    match error {
        ServiceError::RateLimited { retry_after_secs }
        | ServiceError::Busy { retry_after_secs } => Some(*retry_after_secs),
        ServiceError::Provider => Some(5),
        ServiceError::Unavailable(_) => Some(30),
        _ => None,
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = Envelope::<serde_json::Value>::error(t(self.locale, self.key));
        body.obj = self.fields.map(|fields| {
            Slot::ALL
                .into_iter()
                .filter_map(|slot| {
                    Some((
                        slot.name().to_owned(),
                        t(self.locale, fields.get(slot)?).into(),
                    ))
                })
                .collect::<serde_json::Map<_, _>>()
                .into()
        });
        let mut response = (self.status, Json(body)).into_response();
        if let Some(secs) = self.retry_after_secs {
            response
                .headers_mut()
                .insert(axum::http::header::RETRY_AFTER, HeaderValue::from(secs));
        }
        response
    }
}

/// The result type of API handlers.
pub type ApiResult<T> = Result<ApiOk<T>, ApiError>;

/// Fallback for unknown API paths.
pub async fn not_found(ctx: ApiContext) -> ApiError {
    ApiError::new(&ctx, StatusCode::NOT_FOUND, Key::ErrorNotFound)
}
