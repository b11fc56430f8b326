//! The field validators. Each writes its message into its field's error
//! slot and returns it; the browser runs them for instant feedback and the
//! server runs them again, because it never trusts the browser.
use crate::i18n::Key;
use crate::model::reason::LocateReason;
use serde::{Deserialize, Serialize};

/// Password length bounds in characters.
pub const PASSWORD_LEN: std::ops::RangeInclusive<usize> = 6..=30;
/// Fewest digits of a code.
pub const CODE_MIN_DIGITS: usize = 5;
/// Longest code accepted: codes are 6 digits; anything far longer is not one.
pub const CODE_MAX_DIGITS: usize = 12;
/// Longest e-mail address (RFC 5321 path limit).
pub const EMAIL_MAX_LEN: usize = 254;
/// Fewest and most digits a phone number can have (E.164 allows 15; a
/// national number typed with a trunk prefix may have one more).
pub const PHONE_DIGITS: std::ops::RangeInclusive<usize> = 4..=17;
/// Longest phone input accepted.
pub const PHONE_INPUT_MAX_LEN: usize = 250;

/// The error slot of a form field, named as the API names it (`emailErrorMsg`, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Slot {
    /// `emailErrorMsg`
    Email,
    /// `passwordErrorMsg`
    Password,
    /// `newPasswordErrorMsg`
    NewPassword,
    /// `codeErrorMsg`
    Code,
    /// `phoneErrorMsg` (locate requests, do-not-locate list)
    Phone,
    /// `noteErrorMsg` (the requester's note to the owner)
    Note,
    /// `zipErrorMsg` (payment form)
    Zip,
    /// `nameErrorMsg` (payment form)
    Name,
    /// `documentErrorMsg` (payment form: ID number)
    Document,
    /// `messageErrorMsg` (the text of a voice message)
    Message,
    /// `commentErrorMsg` (the optional comment of a spam report)
    Comment,
    /// `cityErrorMsg` (the city an owner publishes in the directory)
    City,
    /// A message about the whole form (wrong credentials, rate limit).
    Form,
}

impl Slot {
    /// Every slot, in display order.
    pub const ALL: [Slot; 13] = [
        Slot::Email,
        Slot::Password,
        Slot::NewPassword,
        Slot::Code,
        Slot::Phone,
        Slot::Note,
        Slot::Zip,
        Slot::Name,
        Slot::Document,
        Slot::Message,
        Slot::Comment,
        Slot::City,
        Slot::Form,
    ];

    /// The slot's name in API answers (`emailErrorMsg`, …).
    pub const fn name(self) -> &'static str {
        match self {
            Slot::Email => "emailErrorMsg",
            Slot::Password => "passwordErrorMsg",
            Slot::NewPassword => "newPasswordErrorMsg",
            Slot::Code => "codeErrorMsg",
            Slot::Phone => "phoneErrorMsg",
            Slot::Note => "noteErrorMsg",
            Slot::Zip => "zipErrorMsg",
            Slot::Name => "nameErrorMsg",
            Slot::Document => "documentErrorMsg",
            Slot::Message => "messageErrorMsg",
            Slot::Comment => "commentErrorMsg",
            Slot::City => "cityErrorMsg",
            Slot::Form => "formErrorMsg",
        }
    }

    /// The form field (`name` attribute) whose message goes into this slot.
    pub const fn field(self) -> Option<&'static str> {
        match self {
            Slot::Email => Some("email"),
            Slot::Password => Some("password"),
            Slot::NewPassword => Some("newPassword"),
            Slot::Code => Some("code"),
            Slot::Phone => Some("phone"),
            Slot::Note => Some("note"),
            Slot::Zip => Some("zip"),
            Slot::Name => Some("name"),
            Slot::Document => Some("document"),
            Slot::Message => Some("message"),
            Slot::Comment => Some("comment"),
            Slot::City => Some("city"),
            Slot::Form => None,
        }
    }

    /// The slot of a form field, by its `name` attribute.
    pub fn from_field(name: &str) -> Option<Slot> {
        Slot::ALL.into_iter().find(|s| s.field() == Some(name))
    }
}

/// A form's error slots: at most one message per slot.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FieldErrors(Vec<(Slot, Key)>);

impl FieldErrors {
    /// Puts `key` into `slot` (replacing an older message), or clears it with `None`.
    pub fn set(&mut self, slot: Slot, key: Option<Key>) {
        self.0.retain(|(s, _)| *s != slot);
        if let Some(key) = key {
            self.0.push((slot, key));
        }
    }

    /// The message in `slot`.
    pub fn get(&self, slot: Slot) -> Option<Key> {
        self.0.iter().find(|(s, _)| *s == slot).map(|(_, k)| *k)
    }

    /// Whether every slot is empty.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The first message (in the order they were set).
    pub fn first(&self) -> Option<Key> {
        self.0.first().map(|(_, k)| *k)
    }
}

/// An e-mail address as the HTML standard's `type=email` accepts it (the
/// local part's characters, `@`, dot-separated domain labels of letters,
/// digits and inner hyphens), with two refinements for a mailbox on the
/// internet: the domain has at least one dot and a top-level label that is
/// not a number, and internationalized domain labels may hold any letter
/// (a browser turns them into punycode before checking).
pub fn is_email(value: &str) -> bool {
    let Some((local, domain)) = value.split_once('@') else {
        return false;
    };
    let labels: Vec<&str> = domain.split('.').collect();
    value.chars().count() <= EMAIL_MAX_LEN
        && (1..=64).contains(&local.len())
        && local.chars().all(is_local_char)
        && labels.len() >= 2
        && labels.iter().all(|label| is_domain_label(label))
        && labels
            .last()
            .is_some_and(|top| !top.chars().all(|c| c.is_ascii_digit()))
}

/// A character the HTML standard allows before the `@`.
fn is_local_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || ".!#$%&'*+/=?^_`{|}~-".contains(c)
}

/// 1–63 letters, digits or hyphens, neither first nor last a hyphen.
fn is_domain_label(label: &str) -> bool {
    let is_letter_or_digit = |c: char| c.is_alphanumeric();
    (1..=63).contains(&label.chars().count())
        && label.chars().all(|c| is_letter_or_digit(c) || c == '-')
        && label.chars().next().is_some_and(is_letter_or_digit)
        && label.chars().last().is_some_and(is_letter_or_digit)
}

/// Checks an e-mail into its default slot (`emailErrorMsg`).
pub fn validate_email(value: &str, errors: &mut FieldErrors) -> Option<Key> {
    let key = (!is_email(value.trim())).then_some(Key::ValidateEmail);
    errors.set(Slot::Email, key);
    key
}

/// Checks a password into `slot` (`passwordErrorMsg` or `newPasswordErrorMsg`).
pub fn validate_password_into(value: &str, slot: Slot, errors: &mut FieldErrors) -> Option<Key> {
    let key = (!PASSWORD_LEN.contains(&value.chars().count())).then_some(Key::ValidatePassword);
    errors.set(slot, key);
    key
}

/// Checks a password into its default slot (`passwordErrorMsg`).
pub fn validate_password(value: &str, errors: &mut FieldErrors) -> Option<Key> {
    validate_password_into(value, Slot::Password, errors)
}

/// Checks a code into its default slot (`codeErrorMsg`): digits only, at least 5.
pub fn validate_code(value: &str, errors: &mut FieldErrors) -> Option<Key> {
    let value = value.trim();
    let ok = (CODE_MIN_DIGITS..=CODE_MAX_DIGITS).contains(&value.len())
        && value.bytes().all(|b| b.is_ascii_digit());
    let key = (!ok).then_some(Key::ValidateCode);
    errors.set(Slot::Code, key);
    key
}

/// A quick shape check of a typed number: digits with the usual separators
/// (spaces, `-`, `.`, `(`, `)`, a leading `+`). The server checks the number
/// against the numbering plan; this only catches obvious typos early.
pub fn is_phone_input(value: &str) -> bool {
    let value = value.trim();
    let body = value.strip_prefix('+').unwrap_or(value);
    let digits = body.bytes().filter(u8::is_ascii_digit).count();
    value.len() <= PHONE_INPUT_MAX_LEN
        && PHONE_DIGITS.contains(&digits)
        && body
            .bytes()
            .all(|b| b.is_ascii_digit() || b" -.()".contains(&b))
}

/// Checks a phone number into its slot (`phoneErrorMsg`).
pub fn validate_phone(value: &str, errors: &mut FieldErrors) -> Option<Key> {
    let key = (!is_phone_input(value)).then_some(Key::PhoneInvalid);
    errors.set(Slot::Phone, key);
    key
}

/// Checks a note into `noteErrorMsg`: it must be exactly one reason code
/// (or empty for "no reason given"); see [`LocateReason`]. Free text is
/// refused whatever it contains.
pub fn validate_note(value: &str, errors: &mut FieldErrors) -> Option<Key> {
    let key = LocateReason::from_code(value)
        .is_none()
        .then_some(Key::LocateNoteInvalid);
    errors.set(Slot::Note, key);
    key
}

#[cfg(test)]
#[path = "validation_tests.rs"]
mod tests;
