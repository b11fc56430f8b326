//! Validators of the payment form's own fields. Which fields a method needs
//! is [`crate::model::billing::MethodChoice::fields`]; the e-mail uses
//! [`super::validation::validate_email`].
use super::validation::{is_phone_input, FieldErrors, Slot};
use crate::i18n::Key;
use crate::model::billing::{MethodChoice, PayField};

/// Longest zip / postal code.
pub const ZIP_MAX_LEN: usize = 15;
/// Longest name or ID-document number kept.
pub const TEXT_MAX_LEN: usize = 100;

/// `zipErrorMsg`: present, at most 15 letters, digits, spaces or hyphens
/// (every country's postal code fits: "10110", "SW1A 1AA", "1000-001").
pub fn validate_zip(value: &str, errors: &mut FieldErrors) -> Option<Key> {
    let value = value.trim();
    let fits = value.chars().count() <= ZIP_MAX_LEN
        && value
            .chars()
            .all(|c| c.is_alphanumeric() || c == ' ' || c == '-');
    let key = (value.is_empty() || !fits).then_some(Key::ValidateZip);
    errors.set(Slot::Zip, key);
    key
}

/// `nameErrorMsg` / `documentErrorMsg`: required (and not absurdly long).
pub fn validate_required(slot: Slot, value: &str, errors: &mut FieldErrors) -> Option<Key> {
    let value = value.trim();
    let key =
        (value.is_empty() || value.chars().count() > TEXT_MAX_LEN).then_some(Key::ValidateRequired);
    errors.set(slot, key);
    key
}

/// `phoneErrorMsg` of the payment form: "Invalid phone number".
pub fn validate_pay_phone(value: &str, errors: &mut FieldErrors) -> Option<Key> {
    let key = (!is_phone_input(value)).then_some(Key::ValidatePayPhone);
    errors.set(Slot::Phone, key);
    key
}

/// `documentErrorMsg` in Indonesia: the NIK, 16 digits (spaces allowed),
/// which dLocal requires of every Indonesian payer.
pub fn validate_nik(value: &str, errors: &mut FieldErrors) -> Option<Key> {
    let digits: Vec<char> = value.chars().filter(|c| *c != ' ').collect();
    let ok = digits.len() == 16 && digits.iter().all(char::is_ascii_digit);
    let key = (!ok).then_some(Key::ValidateNik);
    errors.set(Slot::Document, key);
    key
}

/// Runs the validator of one payment field of `method`.
pub fn validate_pay_field(
    method: MethodChoice,
    field: PayField,
    value: &str,
    errors: &mut FieldErrors,
) -> Option<Key> {
    match field {
        PayField::Zip => validate_zip(value, errors),
        PayField::Name => validate_required(Slot::Name, value, errors),
        PayField::Document if method.country() == Some("ID") => validate_nik(value, errors),
        PayField::Document => validate_required(Slot::Document, value, errors),
        PayField::Phone => validate_pay_phone(value, errors),
    }
}

/// The payment form as typed: every field a method may need.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PaymentFormInput {
    pub email: String,
    pub zip: String,
    pub name: String,
    pub document: String,
    pub phone: String,
}

impl PaymentFormInput {
    fn value(&self, field: PayField) -> &str {
        match field {
            PayField::Zip => &self.zip,
            PayField::Name => &self.name,
            PayField::Document => &self.document,
            PayField::Phone => &self.phone,
        }
    }

    /// Checks the e-mail and exactly the fields `method` needs.
    pub fn validate(&self, method: MethodChoice) -> FieldErrors {
        let mut errors = FieldErrors::default();
        super::validation::validate_email(&self.email, &mut errors);
        for field in method.fields() {
            validate_pay_field(method, *field, self.value(*field), &mut errors);
        }
        errors
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> PaymentFormInput {
        PaymentFormInput {
            email: "a.b@example.com".into(),
            ..PaymentFormInput::default()
        }
    }

    #[test]
    fn each_method_checks_only_its_fields() {
        assert!(form().validate(MethodChoice::Paypal).is_empty());
        let card = form().validate(MethodChoice::Card);
        assert_eq!(card.get(Slot::Zip), Some(Key::ValidateZip));
        let wallet = form().validate(MethodChoice::Gcash);
        assert_eq!(wallet.get(Slot::Name), Some(Key::ValidateRequired));
        assert_eq!(wallet.get(Slot::Phone), Some(Key::ValidatePayPhone));
        assert_eq!(wallet.get(Slot::Zip), None);
        let dlocal = form().validate(MethodChoice::Grabpay);
        assert_eq!(dlocal.get(Slot::Document), Some(Key::ValidateRequired));
        let qris = PaymentFormInput {
            document: "3171 2345 6789 0123".into(),
            name: "Siti".into(),
            ..form()
        };
        assert!(qris.validate(MethodChoice::Qris).is_empty());
        let short = PaymentFormInput {
            document: "12345".into(),
            ..qris
        };
        assert_eq!(
            short.validate(MethodChoice::Ovo).get(Slot::Document),
            Some(Key::ValidateNik)
        );
        assert_eq!(
            short.validate(MethodChoice::Gopay).get(Slot::Document),
            None
        );
    }

    #[test]
    fn zip_is_at_most_fifteen_characters() {
        let mut errors = FieldErrors::default();
        assert_eq!(validate_zip("123456789012345", &mut errors), None);
        assert_eq!(
            validate_zip("1234567890123456", &mut errors),
            Some(Key::ValidateZip)
        );
        assert_eq!(errors.get(Slot::Zip), Some(Key::ValidateZip));
        for ok in ["10110", "SW1A 1AA", "1000-001", "K1A 0B1"] {
            assert_eq!(validate_zip(ok, &mut errors), None, "{ok}");
        }
        for bad in ["<b>", "10110;", "a/b"] {
            assert_eq!(
                validate_zip(bad, &mut errors),
                Some(Key::ValidateZip),
                "{bad}"
            );
        }
    }

    #[test]
    fn a_bad_email_is_reported_with_the_fields() {
        let input = PaymentFormInput {
            email: "nope".into(),
            zip: "10110".into(),
            ..PaymentFormInput::default()
        };
        let errors = input.validate(MethodChoice::Card);
        assert_eq!(errors.get(Slot::Email), Some(Key::ValidateEmail));
        assert_eq!(errors.get(Slot::Zip), None);
    }
}
