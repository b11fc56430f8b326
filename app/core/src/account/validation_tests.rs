use super::*;
use crate::account::slots::validate_slot;
use crate::i18n::{t, Locale};

#[test]
fn email_rule_of_the_html_standard() {
    for ok in [
        "a@b.co",
        "john.doe@mail.com",
        "j_d.x1@sub.domain.org",
        "A1@B2.id",
        "x@y.z.cn",
        "jean-luc@example.com",
        "me@shop.online",
        "info@site.info",
        "first+tag@mail.email",
        "o'brien@example.ie",
        "a@b-c.com",
        "a..b@c.com",
        "user@bücher.de",
        "x@例子.中国",
        "x@xn--bcher-kva.de",
    ] {
        assert!(is_email(ok), "{ok}");
    }
    for bad in [
        "",
        "plain",
        "@b.co",
        "a@",
        "a@b",
        "a@.b.com",
        "a@b..com",
        "a@-b.com",
        "a@b-.com",
        "a b@c.com",
        "a@b c.com",
        "a@@b.com",
        "a@b@c.com",
        "a@b.123",
        "a(b)@c.com",
        "a@b.com.",
        "用户@例子.中国",
    ] {
        assert!(!is_email(bad), "{bad}");
    }
    assert!(!is_email(&format!("{}@b.com", "a".repeat(65))));
    assert!(!is_email(&format!("a@{}.com", "b".repeat(64))));
    assert!(!is_email(&format!("a@{}.com", "b.".repeat(130))));
}

#[test]
fn validators_fill_their_slot_and_return_the_message() {
    let mut errors = FieldErrors::default();
    assert_eq!(
        validate_email("nope", &mut errors),
        Some(Key::ValidateEmail)
    );
    assert_eq!(errors.get(Slot::Email), Some(Key::ValidateEmail));
    assert_eq!(
        validate_password("12345", &mut errors),
        Some(Key::ValidatePassword)
    );
    assert_eq!(errors.get(Slot::Password), Some(Key::ValidatePassword));
    assert_eq!(validate_code("12a45", &mut errors), Some(Key::ValidateCode));
    assert_eq!(errors.get(Slot::Code), Some(Key::ValidateCode));
    assert_eq!(
        validate_password_into("x", Slot::NewPassword, &mut errors),
        Some(Key::ValidatePassword)
    );
    assert_eq!(errors.get(Slot::NewPassword), Some(Key::ValidatePassword));
    // Fixing a field clears its slot only.
    assert_eq!(validate_email(" me@mail.com ", &mut errors), None);
    assert_eq!(errors.get(Slot::Email), None);
    assert_eq!(errors.get(Slot::Code), Some(Key::ValidateCode));
    assert_eq!(Slot::Email.name(), "emailErrorMsg");
    assert_eq!(Slot::Password.name(), "passwordErrorMsg");
    assert_eq!(Slot::Code.name(), "codeErrorMsg");
}

#[test]
fn slots_map_to_field_names_and_validators() {
    for slot in [Slot::Email, Slot::Password, Slot::NewPassword, Slot::Code] {
        let field = slot.field().expect("input slots have a field");
        assert_eq!(Slot::from_field(field), Some(slot));
        let mut errors = FieldErrors::default();
        assert!(
            validate_slot(slot, "", &mut errors).is_some(),
            "{field}: empty is invalid"
        );
        assert!(
            errors.get(slot).is_some(),
            "{field}: message lands in its own slot"
        );
    }
    assert_eq!(Slot::from_field("csrf"), None);
    let mut errors = FieldErrors::default();
    assert_eq!(
        validate_slot(Slot::NewPassword, "secret1", &mut errors),
        None
    );
    assert_eq!(validate_slot(Slot::Form, "", &mut errors), None);
}

#[test]
fn phone_slot_checks_the_shape_of_a_number() {
    assert_eq!(Slot::Phone.name(), "phoneErrorMsg");
    assert_eq!(Slot::from_field("phone"), Some(Slot::Phone));
    let mut errors = FieldErrors::default();
    for ok in [
        "0812 3456 7890",
        "+62 812-3456-7890",
        "(021) 555.1234",
        "88213",
    ] {
        assert_eq!(validate_phone(ok, &mut errors), None, "{ok}");
    }
    for bad in ["", "123", "0812abc", "+", "++62812345", &"1".repeat(18)] {
        assert_eq!(
            validate_phone(bad, &mut errors),
            Some(Key::PhoneInvalid),
            "{bad}"
        );
        assert_eq!(errors.get(Slot::Phone), Some(Key::PhoneInvalid));
    }
}

#[test]
fn note_is_a_reason_code_and_nothing_else() {
    assert_eq!(Slot::Note.name(), "noteErrorMsg");
    assert_eq!(Slot::from_field("note"), Some(Slot::Note));
    let mut errors = FieldErrors::default();
    for ok in [
        "",
        "worried",
        "phone_lost",
        "arrived_safely",
        "agreed",
        "none",
    ] {
        assert_eq!(validate_note(ok, &mut errors), None, "{ok}");
    }
    for bad in [
        "Hi Mum, it's Budi",
        "http://192.168.0.1/x",
        "3232235521",
        "xn--80ak6aa92e.com",
        "раypal.com",
        "go\u{200b}ogle.com",
        "evil\u{ff0e}com",
        "evil[.]com",
        "worried\u{200d}",
    ] {
        assert_eq!(
            validate_note(bad, &mut errors),
            Some(Key::LocateNoteInvalid),
            "{bad:?}"
        );
    }
    assert_eq!(errors.get(Slot::Note), Some(Key::LocateNoteInvalid));
    assert_eq!(Slot::ALL.len(), 13);
    assert_eq!(Slot::ALL.last(), Some(&Slot::Form));
}

#[test]
fn password_is_counted_in_characters() {
    let mut errors = FieldErrors::default();
    assert_eq!(validate_password("123456", &mut errors), None);
    assert_eq!(validate_password(&"x".repeat(30), &mut errors), None);
    assert_eq!(
        validate_password(&"x".repeat(31), &mut errors),
        Some(Key::ValidatePassword)
    );
    assert_eq!(validate_password("密码密码密码", &mut errors), None);
    assert_eq!(
        validate_password("密码密码密", &mut errors),
        Some(Key::ValidatePassword)
    );
}

#[test]
fn code_is_at_least_five_digits() {
    let mut errors = FieldErrors::default();
    assert_eq!(validate_code("12345", &mut errors), None);
    assert_eq!(validate_code("123456", &mut errors), None);
    assert_eq!(validate_code("1234", &mut errors), Some(Key::ValidateCode));
    assert_eq!(validate_code("", &mut errors), Some(Key::ValidateCode));
    assert_eq!(validate_code("١٢٣٤٥", &mut errors), Some(Key::ValidateCode));
}

#[test]
fn messages_are_the_spec_texts_and_translated() {
    assert_eq!(
        t(Locale::En, Key::ValidateEmail),
        "Check the e-mail address: it needs a name, @ and a domain, like name@example.com"
    );
    assert_eq!(
        t(Locale::En, Key::ValidatePassword),
        "Password must be between 6 to 30 characters"
    );
    assert_eq!(
        t(Locale::En, Key::ValidateCode),
        "The code format is wrong, it must be a number and no less than 5 digits"
    );
    for key in [Key::ValidateEmail, Key::ValidatePassword, Key::ValidateCode] {
        assert_ne!(t(Locale::Id, key), t(Locale::En, key));
        assert_ne!(t(Locale::Zh, key), t(Locale::En, key));
    }
}
