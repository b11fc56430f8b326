//! The support console: staff sign in with password and TOTP, look
//! customers up, refund, cancel, suspend, decide abuse reports and answer
//! the help chat. Every action writes one row of the append-only audit log
//! ([`audit`]), in the transaction of the change where there is one. Role
//! checks live here, not in the adapters.
pub mod abuse;
pub mod actions;
pub mod audit;
pub mod auth;
pub mod chat;
pub mod customers;
pub mod lockout;
pub mod reported;
pub mod search_number;
pub mod staff;
pub mod totp;

use crate::services::ServiceError;
use app_core::i18n::Key;
use app_core::model::console::{StaffRole, StaffView};

/// The status of an abuse report nobody decided yet.
pub use crate::services::abuse_reports::OPEN as OPEN_REPORT;

/// A signed-in staff member (from a valid staff session).
#[derive(Clone, Debug)]
pub struct Staff {
    pub id: i64,
    pub email: String,
    pub role: StaffRole,
    pub session_id: i64,
}

impl Staff {
    /// As the wire shows them.
    pub fn view(&self) -> StaffView {
        StaffView {
            id: self.id,
            email: self.email.clone(),
            role: self.role,
        }
    }

    /// Refuses anyone but an admin.
    ///
    /// # Errors
    /// [`ServiceError::Forbidden`].
    pub fn require_admin(&self) -> Result<(), ServiceError> {
        if self.role == StaffRole::Admin {
            Ok(())
        } else {
            Err(ServiceError::Forbidden)
        }
    }
}

/// The longest reason or note kept with an action.
pub const REASON_MAX_CHARS: usize = 500;

/// A reason as kept in the audit log: trimmed, required, bounded.
///
/// # Errors
/// [`Key::ConsoleApiReasonRequired`], [`Key::ConsoleApiReasonTooLong`].
pub fn reason(text: &str) -> Result<String, ServiceError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ServiceError::Invalid(Key::ConsoleApiReasonRequired));
    }
    if text.chars().count() > REASON_MAX_CHARS {
        return Err(ServiceError::Invalid(Key::ConsoleApiReasonTooLong));
    }
    Ok(text.to_owned())
}
