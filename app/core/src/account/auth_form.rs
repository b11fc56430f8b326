//! The account forms by name: the hidden `form` field that tells the server
//! which form was posted, and the fields each form checks (the same rules in
//! the browser and on the server).
use super::slots::validate_slot;
use super::validation::{FieldErrors, Slot};
use serde::{Deserialize, Serialize};

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
    /// A new locate request (`country`, `phone`, `note`) on the dashboard.
    LocateCreate,
    /// Resend, cancel, clear or rename a request (`id`, `action`, `label`).
    LocateAction,
    /// The owner's no-JS decline / block (`decision`, `t`) on the reveal page.
    Reveal,
    /// Do-not-locate: send a confirmation code to `country` + `phone`.
    DnlCode,
    /// Do-not-locate: confirm with `country`, `phone` and `code`.
    DnlConfirm,
    /// Checkout on `/pay-method`: plan, method, e-mail and the method's fields.
    PayOrder,
    /// One-click cancel on `/billing`.
    BillingCancel,
    /// Refund the charge `chargeId` on `/billing`.
    BillingRefund,
    /// Pay the next period by pay link on `/billing` (the wallet's fields).
    BillingRenew,
    /// Hear a voice message draft on `/voice-sms` (`country`, `phone`,
    /// `message`, `language`, `voice`).
    VoicePreview,
    /// Send the draft as a call (the same fields and `idempotencyKey`).
    VoiceSend,
    /// Report `country` + `phone` as spam (`category`, `comment`) on `/telecom`.
    SpamReport,
    /// Number owner: text a code to `country` + `phone` on `/telecom/owner`.
    OwnerCode,
    /// Number owner: prove the number with `code`; starts an owner session.
    OwnerConfirm,
    /// Number owner: hide the visible reports until review.
    OwnerDispute,
    /// Number owner: publish `name` and `city` in the directory.
    OwnerDirectory,
    /// Number owner: remove the directory entry.
    OwnerUnpublish,
    /// Number owner: opt out of lookups (`optOut=1`) or back in.
    OwnerOptOut,
    /// `/contact-us`: `message` (and a visitor's optional `email`) to the help chat inbox.
    ContactMessage,
    /// The cookie banner on any page (`choice`, `analytics`, `marketing`).
    CookieConsent,
}

impl AuthForm {
    /// Every form.
    pub const ALL: [AuthForm; 25] = [
        AuthForm::Login,
        AuthForm::SendCode,
        AuthForm::ResetWithCode,
        AuthForm::ChangePassword,
        AuthForm::Logout,
        AuthForm::LocateCreate,
        AuthForm::LocateAction,
        AuthForm::Reveal,
        AuthForm::DnlCode,
        AuthForm::DnlConfirm,
        AuthForm::PayOrder,
        AuthForm::BillingCancel,
        AuthForm::BillingRefund,
        AuthForm::BillingRenew,
        AuthForm::VoicePreview,
        AuthForm::VoiceSend,
        AuthForm::SpamReport,
        AuthForm::OwnerCode,
        AuthForm::OwnerConfirm,
        AuthForm::OwnerDispute,
        AuthForm::OwnerDirectory,
        AuthForm::OwnerUnpublish,
        AuthForm::OwnerOptOut,
        AuthForm::ContactMessage,
        AuthForm::CookieConsent,
    ];

    /// The value of the hidden `form` field (the serde name).
    pub const fn param(self) -> &'static str {
        match self {
            AuthForm::Login => "login",
            AuthForm::SendCode => "send_code",
            AuthForm::ResetWithCode => "reset_with_code",
            AuthForm::ChangePassword => "change_password",
            AuthForm::Logout => "logout",
            AuthForm::LocateCreate => "locate_create",
            AuthForm::LocateAction => "locate_action",
            AuthForm::Reveal => "reveal",
            AuthForm::DnlCode => "dnl_code",
            AuthForm::DnlConfirm => "dnl_confirm",
            AuthForm::PayOrder => "pay_order",
            AuthForm::BillingCancel => "billing_cancel",
            AuthForm::BillingRefund => "billing_refund",
            AuthForm::BillingRenew => "billing_renew",
            AuthForm::VoicePreview => "voice_preview",
            AuthForm::VoiceSend => "voice_send",
            AuthForm::SpamReport => "spam_report",
            AuthForm::OwnerCode => "owner_code",
            AuthForm::OwnerConfirm => "owner_confirm",
            AuthForm::OwnerDispute => "owner_dispute",
            AuthForm::OwnerDirectory => "owner_directory",
            AuthForm::OwnerUnpublish => "owner_unpublish",
            AuthForm::OwnerOptOut => "owner_opt_out",
            AuthForm::ContactMessage => "contact_message",
            AuthForm::CookieConsent => "cookie_consent",
        }
    }

    /// Parses the hidden `form` field.
    pub fn from_param(value: &str) -> Option<AuthForm> {
        AuthForm::ALL.into_iter().find(|f| f.param() == value)
    }

    /// The checked input fields of the form, by error slot, in page order.
    pub const fn slots(self) -> &'static [Slot] {
        match self {
            AuthForm::Login => &[Slot::Email, Slot::Password],
            AuthForm::SendCode => &[Slot::Email],
            AuthForm::ResetWithCode => &[Slot::Email, Slot::Code, Slot::NewPassword],
            AuthForm::ChangePassword => &[Slot::Password, Slot::NewPassword],
            // The payment form's fields depend on the method chosen
            // (`PaymentFormInput::validate`), so they are not a fixed list.
            AuthForm::Logout
            | AuthForm::LocateAction
            | AuthForm::Reveal
            | AuthForm::PayOrder
            | AuthForm::BillingCancel
            | AuthForm::BillingRefund
            | AuthForm::BillingRenew
            | AuthForm::OwnerDispute
            | AuthForm::OwnerUnpublish
            | AuthForm::OwnerOptOut
            | AuthForm::CookieConsent => &[],
            AuthForm::LocateCreate => &[Slot::Phone, Slot::Note],
            AuthForm::DnlCode => &[Slot::Phone],
            AuthForm::DnlConfirm => &[Slot::Phone, Slot::Code],
            // The text's rules need the language and run on the server.
            AuthForm::VoicePreview | AuthForm::ContactMessage => &[Slot::Message],
            AuthForm::VoiceSend => &[Slot::Phone, Slot::Message],
            AuthForm::SpamReport => &[Slot::Phone, Slot::Comment],
            AuthForm::OwnerCode => &[Slot::Phone],
            AuthForm::OwnerConfirm => &[Slot::Phone, Slot::Code],
            AuthForm::OwnerDirectory => &[Slot::Name, Slot::City],
        }
    }

    /// Runs the field validators over every field of the form; `value`
    /// reads a field by its `name` (missing fields count as empty). The
    /// browser and the server call this with the same rules.
    pub fn validate(self, value: impl Fn(&str) -> Option<String>) -> FieldErrors {
        let mut errors = FieldErrors::default();
        for &slot in self.slots() {
            let field = slot.field().unwrap_or_default();
            validate_slot(slot, &value(field).unwrap_or_default(), &mut errors);
        }
        errors
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::account::forms::FormOutcome;
    use crate::i18n::Key;

    #[test]
    fn form_params_are_the_serde_names() {
        for form in AuthForm::ALL {
            assert_eq!(
                serde_json::to_string(&form).ok(),
                Some(format!("\"{}\"", form.param()))
            );
            assert_eq!(AuthForm::from_param(form.param()), Some(form));
        }
        assert_eq!(AuthForm::from_param("Login"), None);
    }

    #[test]
    fn validate_checks_exactly_the_fields_of_the_form() {
        let fields = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| (*v).to_owned())
            }
        };
        let errors =
            AuthForm::Login.validate(fields(&[("email", "me@mail.com"), ("password", "123")]));
        assert_eq!(errors.get(Slot::Password), Some(Key::ValidatePassword));
        assert_eq!(errors.get(Slot::Email), None);
        let errors = AuthForm::ResetWithCode.validate(fields(&[("email", "me@mail.com")]));
        assert_eq!(errors.get(Slot::Code), Some(Key::ValidateCode));
        assert_eq!(errors.get(Slot::NewPassword), Some(Key::ValidatePassword));
        let errors = AuthForm::ChangePassword.validate(fields(&[
            ("password", "old-secret"),
            ("newPassword", "new-secret"),
        ]));
        assert!(errors.is_empty());
        assert!(AuthForm::SendCode
            .validate(fields(&[("password", "x")]))
            .get(Slot::Email)
            .is_some());
        assert!(AuthForm::Logout.validate(fields(&[])).is_empty());
        let errors = AuthForm::LocateCreate.validate(fields(&[
            ("phone", "0812 3456 7890"),
            ("note", "www.x.com"),
        ]));
        assert_eq!(
            (errors.get(Slot::Phone), errors.get(Slot::Note)),
            (None, Some(Key::LocateNoteInvalid))
        );
        let errors = AuthForm::DnlConfirm.validate(fields(&[("phone", "x")]));
        assert_eq!(
            (errors.get(Slot::Phone), errors.get(Slot::Code)),
            (Some(Key::PhoneInvalid), Some(Key::ValidateCode))
        );
        assert!(AuthForm::Reveal.validate(fields(&[])).is_empty());
    }

    #[test]
    fn locate_forms_use_snake_case_names_and_outcomes_keep_values() {
        assert_eq!(
            AuthForm::from_param("locate_create"),
            Some(AuthForm::LocateCreate)
        );
        assert_eq!(
            AuthForm::from_param("locate_action"),
            Some(AuthForm::LocateAction)
        );
        assert_eq!(AuthForm::from_param("reveal"), Some(AuthForm::Reveal));
        assert_eq!(AuthForm::from_param("dnl_code"), Some(AuthForm::DnlCode));
        assert_eq!(
            AuthForm::from_param("dnl_confirm"),
            Some(AuthForm::DnlConfirm)
        );
        let outcome = FormOutcome {
            form: AuthForm::DnlCode,
            email: String::new(),
            errors: FieldErrors::default(),
            notice: None,
            values: vec![("phone".into(), "0812".into())],
        };
        assert_eq!(outcome.value("phone"), Some("0812"));
        assert_eq!(outcome.value("country"), None);
    }
}
