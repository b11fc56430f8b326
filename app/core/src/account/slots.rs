//! Which validator checks a field, by its slot: the one place the account
//! forms and the payment form's own fields meet.
use super::payment_fields::{validate_required, validate_zip};
use super::validation::{
    validate_code, validate_email, validate_note, validate_password, validate_password_into,
    validate_phone, FieldErrors, Slot,
};
use crate::i18n::Key;

/// Runs the validator of `slot`'s field on `value` (nothing for [`Slot::Form`],
/// nor for a voice message's text: its rules need the language and a word
/// list that stays on the server).
pub fn validate_slot(slot: Slot, value: &str, errors: &mut FieldErrors) -> Option<Key> {
    match slot {
        Slot::Email => validate_email(value, errors),
        Slot::Password => validate_password(value, errors),
        Slot::NewPassword => validate_password_into(value, Slot::NewPassword, errors),
        Slot::Code => validate_code(value, errors),
        Slot::Phone => validate_phone(value, errors),
        Slot::Note => validate_note(value, errors),
        Slot::Zip => validate_zip(value, errors),
        Slot::Name | Slot::Document => validate_required(slot, value, errors),
        // Free text whose rules (links, contacts) run on the server.
        Slot::Message | Slot::Comment | Slot::City | Slot::Form => None,
    }
}
