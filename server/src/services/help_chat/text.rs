//! The rules every message body follows, whoever writes it.
use crate::services::ServiceError;
use app_core::account::validation::{FieldErrors, Slot};
use app_core::i18n::Key;
use app_core::model::chat::MESSAGE_MAX_CHARS;

/// The body as stored: control characters other than line breaks and tabs
/// dropped (PostgreSQL refuses NUL; the others only hide text), surrounding
/// space trimmed, at most [`MESSAGE_MAX_CHARS`] characters.
///
/// # Errors
/// `messageErrorMsg`: empty, or too long (nothing is cut: the writer decides).
pub(super) fn clean_body(raw: &str) -> Result<String, ServiceError> {
    let body: String = raw
        .chars()
        .filter(|c| !c.is_control() || matches!(c, '\n' | '\t'))
        .collect();
    let body = body.trim();
    let key = if body.is_empty() {
        Some(Key::ChatMessageRequired)
    } else if body.chars().count() > MESSAGE_MAX_CHARS {
        Some(Key::ChatMessageTooLong)
    } else {
        None
    };
    match key {
        Some(key) => {
            let mut errors = FieldErrors::default();
            errors.set(Slot::Message, Some(key));
            Err(ServiceError::Fields(errors))
        }
        None => Ok(body.to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_go_and_the_cap_counts_characters() {
        assert_eq!(clean_body(" a\u{0}b\u{7}\r\nc\t ").unwrap(), "ab\nc");
        assert!(clean_body(" \u{0} ").is_err());
        assert!(clean_body(&"é".repeat(MESSAGE_MAX_CHARS)).is_ok());
        assert!(clean_body(&"é".repeat(MESSAGE_MAX_CHARS + 1)).is_err());
    }
}
