//! The account forms. Every form is a plain HTML form that posts to its own
//! page's path, so it works without JavaScript; the server answers with a
//! redirect on success or re-renders the page with a [`FormOutcome`].
use super::validation::FieldErrors;
use crate::i18n::Key;

pub use super::auth_form::AuthForm;
pub use super::cookie_names::*;

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
    /// Other values typed that the page shows again (`country`, `phone`,
    /// `note`, `id`, …); never passwords or codes.
    pub values: Vec<(String, String)>,
}

impl FormOutcome {
    /// The value typed into the field `name`, if the server sent it back.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.values
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// What was typed into the field `name` of the form `outcome` answers (none
/// when the page answers no form, or the server did not send it back).
pub fn kept_value(outcome: Option<&FormOutcome>, name: &str) -> Option<String> {
    outcome.and_then(|o| o.value(name)).map(str::to_owned)
}

/// Where to go after signing in: only known targets, so the
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn after_login_only_knows_billing() {
        assert_eq!(AfterLogin::from_param(Some("billing")), AfterLogin::Billing);
        assert_eq!(
            AfterLogin::from_param(Some("https://evil.example")),
            AfterLogin::Dashboard
        );
        assert_eq!(AfterLogin::Billing.param(), Some("billing"));
        assert_eq!(AfterLogin::Dashboard.param(), None);
    }
}
