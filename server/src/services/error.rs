//! Errors a service reports. Each maps to one localized message; internals
//! are logged, never shown.
use app::account::validation::FieldErrors;
use app::i18n::Key;

/// Why a service call failed.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    /// The input broke a rule; `Key` is the message the user sees.
    #[error("invalid input: {0:?}")]
    Invalid(Key),
    /// Form fields broke rules: a message per field slot (spec §5).
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
    /// The database failed; details go to the log only.
    #[error("database: {0}")]
    Database(#[from] sea_orm::DbErr),
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
            ServiceError::Database(_) => Key::ErrorGeneric,
        }
    }
}
