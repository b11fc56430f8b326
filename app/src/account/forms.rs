//! The account forms. Every form is a plain HTML form that posts to its own
//! page's path, so it works without JavaScript; the server answers with a
//! redirect on success or re-renders the page with a [`FormOutcome`].
use super::validation::FieldErrors;
use crate::i18n::Key;
use serde::{Deserialize, Serialize};

/// Name of the hidden anti-CSRF field (double-submitted with the `csrf` cookie).
pub const CSRF_FIELD: &str = "csrf";
/// Name of the cookie that carries the anti-CSRF token.
pub const CSRF_COOKIE: &str = "csrf";
/// Name of the HttpOnly cookie that carries the session token (spec §3 "session token cookie").
pub const SESSION_COOKIE: &str = "token";
/// Name of the client-readable cookie with e-mail and paymentCount (spec §3).
pub const USER_INFO_COOKIE: &str = "userInfo";
/// Lifetime of both account cookies: 90 days (spec §9).
pub const USER_INFO_MAX_AGE_SECS: i64 = 7_776_000;

/// Which form was posted (the hidden `form` field).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AuthForm {
    /// E-mail + password → session.
    Login,
    /// E-mail → a reset code by mail.
    SendCode,
    /// E-mail + code + new password.
    ResetWithCode,
    /// Old + new password, signed in.
    ChangePassword,
    /// Ends the session.
    Logout,
}

/// The anti-CSRF token of this render (server context), put into every form.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CsrfToken(pub String);

/// How the last post of a form went, when the server answers with the page
/// itself (errors, or a notice). Values the user typed come back, except
/// passwords and codes, so nothing but secrets has to be typed twice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormOutcome {
    /// The form that was posted.
    pub form: AuthForm,
    /// The e-mail typed (kept).
    pub email: String,
    /// Per-field messages (`emailErrorMsg`, …, and `Slot::Form`).
    pub errors: FieldErrors,
    /// A success notice to show instead of errors.
    pub notice: Option<Key>,
}

/// Where to go after signing in: only the known targets of spec §2, so the
/// `redirect` parameter can never send someone to another site.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AfterLogin {
    /// `/dashboard/locations` (the default).
    Dashboard,
    /// `/billing` (`redirect=billing`).
    Billing,
}

impl AfterLogin {
    /// Parses the `redirect` query/form value; unknown values mean the dashboard.
    pub fn from_param(value: Option<&str>) -> Self {
        match value {
            Some("billing") => AfterLogin::Billing,
            _ => AfterLogin::Dashboard,
        }
    }

    /// The parameter value, `None` for the default.
    pub const fn param(self) -> Option<&'static str> {
        match self {
            AfterLogin::Dashboard => None,
            AfterLogin::Billing => Some("billing"),
        }
    }
}
