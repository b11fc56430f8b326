//! Tracking with consent: nothing here runs for a visitor who has not
//! allowed its category in the cookie banner. Click points and the
//! operation log need analytics; campaign attribution and Meta conversions
//! need marketing. Adapters pass the consent they read from the
//! `acceptCookie` cookie; the rule is applied here, once.
pub mod attribution;
pub mod conversions;
pub mod delivery;
pub mod events;

use crate::services::ServiceError;
pub use app_core::consent::Consent;

/// `Ok` when `consent` grants what `category` asks for, else
/// [`ServiceError::NoConsent`].
///
/// # Errors
/// [`ServiceError::NoConsent`].
pub fn require(
    consent: Option<Consent>,
    category: fn(&Consent) -> bool,
) -> Result<Consent, ServiceError> {
    consent.filter(category).ok_or(ServiceError::NoConsent)
}

/// Whether `value` is 1 to `max` characters of `[A-Za-z0-9_.-]`.
fn is_token(value: &str, max: usize) -> bool {
    !value.is_empty()
        && value.len() <= max
        && value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'))
}

/// Whether `value` is at most `max` characters without control characters.
fn is_plain(value: &str, max: usize) -> bool {
    value.chars().count() <= max && !value.chars().any(char::is_control)
}
