//! Errors a service reports. Each maps to one localized message; internals
//! are logged, never shown.
use app::i18n::Key;

/// Why a service call failed.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    /// The input broke a rule; `Key` is the message the user sees.
    #[error("invalid input: {0:?}")]
    Invalid(Key),
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
            ServiceError::NotFound => Key::ErrorNotFound,
            ServiceError::Unauthorized => Key::ErrorInvalidLogin,
            ServiceError::Database(_) => Key::ErrorGeneric,
        }
    }
}
