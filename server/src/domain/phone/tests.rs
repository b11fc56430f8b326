//! The number rules, one by one, against the real metadata.
use super::*;

#[test]
fn parses_national_input_with_a_region_in_every_format() {
    let phone = parse("0812-3456-7890", Some("ID")).unwrap();
    assert!(phone.is_valid());
    assert_eq!(phone.number_type(), NumberType::Mobile);
    assert_eq!(phone.calling_code(), 62);
    assert_eq!(phone.region().as_deref(), Some("ID"));
    assert_eq!(phone.format(PhoneFormat::E164), "+6281234567890");
    assert_eq!(
        phone.format(PhoneFormat::International),
        "+62 812-3456-7890"
    );
    assert_eq!(phone.format(PhoneFormat::National), "0812-3456-7890");
    assert_eq!(phone.format(PhoneFormat::Rfc3966), "tel:+62-812-3456-7890");
    assert_eq!(phone.e164_digits(), "6281234567890");
}

#[test]
fn a_leading_plus_needs_no_region_and_the_region_is_case_insensitive() {
    assert!(parse("+1 (201) 555-0123", None).is_ok());
    assert!(parse("(201) 555-0123", Some("us")).is_ok());
}

#[test]
fn without_plus_a_valid_region_is_required() {
    assert_eq!(
        parse("0812 3456 7890", None).unwrap_err(),
        PhoneError::InvalidCountryCode
    );
    assert_eq!(
        parse("0812 3456 7890", Some("XX")).unwrap_err(),
        PhoneError::InvalidCountryCode
    );
    assert_eq!(
        parse("0812 3456 7890", Some("nonsense")).unwrap_err(),
        PhoneError::InvalidCountryCode
    );
}

#[test]
fn the_calling_code_must_be_known() {
    assert_eq!(
        parse("+999 1234 5678", None).unwrap_err(),
        PhoneError::InvalidCountryCode
    );
}

#[test]
fn input_length_limits() {
    assert_eq!(parse("1", Some("US")).unwrap_err(), PhoneError::NotANumber);
    assert_eq!(
        parse(&"1".repeat(251), Some("US")).unwrap_err(),
        PhoneError::TooLong
    );
    assert_eq!(parse("", Some("US")).unwrap_err(), PhoneError::NotANumber);
    assert_eq!(
        parse("hello", Some("US")).unwrap_err(),
        PhoneError::NotANumber
    );
}

#[test]
fn national_number_is_two_to_seventeen_digits() {
    assert_eq!(parse("+62 1", None).unwrap_err(), PhoneError::TooShortNsn);
    assert!(
        parse("+62 12", None).is_ok(),
        "2 digits parse (and are not valid)"
    );
    assert!(!parse("+62 12", None).unwrap().is_valid());
    assert!(parse(&format!("+62 {}", "1".repeat(17)), None).is_ok());
    assert_eq!(
        parse(&format!("+62 {}", "1".repeat(18)), None).unwrap_err(),
        PhoneError::TooLong
    );
}

#[test]
fn extensions_are_parsed() {
    let phone = parse("+1 201-555-0123 ext. 1234567", None).unwrap();
    assert_eq!(phone.extension(), Some("1234567"));
    assert_eq!(
        phone.format(PhoneFormat::International),
        "+1 201-555-0123 ext. 1234567"
    );
    assert_eq!(parse("+1 201-555-0123", None).unwrap().extension(), None);
}

#[test]
fn length_results_cover_every_code() {
    let check = |s: &str| parse(s, None).unwrap().length_check();
    assert_eq!(check("+1 201 555 0123"), LengthCheck::IsPossible);
    assert_eq!(check("+1 555 0123"), LengthCheck::IsPossibleLocalOnly);
    assert_eq!(check("+1 20"), LengthCheck::TooShort);
    assert_eq!(check("+1 201 555 0123 4567"), LengthCheck::TooLong);
    assert_eq!(check("+44 7400 1234"), LengthCheck::IsPossibleLocalOnly);
    assert_eq!(
        check("+65 1234 56789"),
        LengthCheck::InvalidLength,
        "between SG lengths"
    );
    assert_eq!(
        LengthCheck::InvalidCountryCode.name(),
        "INVALID_COUNTRY_CODE"
    );
}

#[test]
fn number_types() {
    let kind = |s: &str| parse(s, None).unwrap().number_type();
    assert_eq!(kind("+1 800 234 5678"), NumberType::TollFree);
    assert_eq!(kind("+1 201 555 0123"), NumberType::FixedLineOrMobile);
    assert_eq!(kind("+62 21 1234 5678"), NumberType::FixedLine);
    assert_eq!(
        kind("+39 06 1234 5678"),
        NumberType::FixedLine,
        "Italian leading zero kept"
    );
    assert_eq!(kind("+44 7400 123456"), NumberType::Mobile);
    assert_eq!(
        kind("+62 218 3501 2329"),
        NumberType::Unknown,
        "prefix-only matches are not valid"
    );
}

#[test]
fn helpers_swallow_errors() {
    assert!(!is_valid_or_false("not a number", Some("ID")));
    assert!(!is_valid_or_false("0812", None));
    assert!(is_valid_or_false("0812 3456 7890", Some("ID")));
    assert_eq!(format_or_empty("garbage", None, PhoneFormat::E164), "");
    assert_eq!(
        format_or_empty("8 800 555-35-35", Some("RU"), PhoneFormat::E164),
        "+78005553535"
    );
}
