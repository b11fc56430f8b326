//! Errors a service reports. Each maps to one localized message; internals
//! are logged, never shown.
use app_core::account::validation::FieldErrors;
use app_core::i18n::Key;

/// Why a service call failed.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    /// The input broke a rule; `Key` is the message the user sees.
    #[error("invalid input: {0:?}")]
    Invalid(Key),
    /// Form fields broke rules: a message per field slot (`emailErrorMsg`, …).
    #[error("invalid fields: {0:?}")]
    Fields(FieldErrors),
    /// Too many attempts; try again after this many seconds.
    #[error("rate limited for {retry_after_secs}s")]
    RateLimited { retry_after_secs: u64 },
    /// The thing asked for does not exist (or the caller may not see it).
    #[error("not found")]
    NotFound,
    /// The session token is missing, expired or unknown.
    #[error("unauthorized")]
    Unauthorized,
    /// Too much work in flight (password hashing, database connections):
    /// try again after this many seconds. Nothing was changed.
    #[error("busy, retry after {retry_after_secs}s")]
    Busy { retry_after_secs: u64 },
    /// A payment provider could not be reached or answered with an error;
    /// nothing was charged (or an uncertain call is being reconciled).
    #[error("payment provider unavailable")]
    Provider,
    /// A part of the service is down (speech synthesis, the call provider);
    /// `Key` says which in the user's words. Nothing was changed.
    #[error("unavailable: {0:?}")]
    Unavailable(Key),
    /// The action needs a trialing or active subscription.
    #[error("subscription required")]
    NeedsSubscription,
    /// Signed in, but the role does not allow the action (the console's
    /// support staff asking for an admin's action).
    #[error("forbidden")]
    Forbidden,
    /// Tracking the visitor has not allowed in the cookie banner.
    #[error("no consent")]
    NoConsent,
    /// The database failed; details go to the log only.
    #[error("database: {0}")]
    Database(sea_orm::DbErr),
}

impl From<sea_orm::DbErr> for ServiceError {
    /// A pool with no free connection in time is load, not a fault: the
    /// caller hears "busy" and may retry.
    fn from(error: sea_orm::DbErr) -> Self {
        match error {
            sea_orm::DbErr::ConnectionAcquire(sea_orm::error::ConnAcquireErr::Timeout) => {
                ServiceError::Busy {
                    retry_after_secs: 1,
                }
            }
            other => ServiceError::Database(other),
        }
    }
}

impl ServiceError {
    /// The message key shown to the user.
    pub fn message_key(&self) -> Key {
        match self {
            ServiceError::Invalid(key) => *key,
            ServiceError::Fields(errors) => errors.first().unwrap_or(Key::ErrorBadRequest),
            ServiceError::RateLimited { .. } => Key::ErrorTooManyAttempts,
            ServiceError::NotFound => Key::ErrorNotFound,
            ServiceError::Unauthorized => Key::ErrorInvalidLogin,
            ServiceError::Busy { .. } => Key::ErrorUnavailable,
            ServiceError::Provider => Key::ErrorPaymentProvider,
            ServiceError::Unavailable(key) => *key,
            ServiceError::NeedsSubscription => Key::ErrorNeedsSubscription,
            ServiceError::NoConsent => Key::ErrorNoConsent,
            ServiceError::Forbidden => Key::ConsoleApiForbidden,
            ServiceError::Database(_) => Key::ErrorGeneric,
        }
    }
}
