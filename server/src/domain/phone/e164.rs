//! E.164 at a glance, without the library: whether a number is already in
//! E.164 (what may be handed to a provider) and its country calling code
//! (all a log may say about a recipient).

/// `+` then 8 to 15 digits, the first not 0 (ITU-T E.164). Callers normalize
/// numbers before; this only keeps garbage away from the provider.
pub fn is_e164(number: &str) -> bool {
    number.strip_prefix('+').is_some_and(|digits| {
        (8..=15).contains(&digits.len())
            && digits.bytes().all(|b| b.is_ascii_digit())
            && !digits.starts_with('0')
    })
}

/// The country calling code of an E.164 number (`+6281…` → `+62`): all a log
/// may say about a recipient. Calling codes are prefix-free (ITU-T E.164):
/// `1` and `7` have one digit, the two-digit ones are listed, all others
/// have three. Anything that is not E.164 is `(invalid)`.
pub fn country_code(number: &str) -> &str {
    const TWO_DIGIT: [&str; 44] = [
        "20", "27", "30", "31", "32", "33", "34", "36", "39", "40", "41", "43", "44", "45", "46",
        "47", "48", "49", "51", "52", "53", "54", "55", "56", "57", "58", "60", "61", "62", "63",
        "64", "65", "66", "81", "82", "84", "86", "90", "91", "92", "93", "94", "95", "98",
    ];
    if !is_e164(number) {
        return "(invalid)";
    }
    let digits = &number[1..];
    let len = if digits.starts_with('1') || digits.starts_with('7') {
        1
    } else if TWO_DIGIT.contains(&&digits[..2]) {
        2
    } else {
        3
    };
    &number[..=len]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn logs_name_only_the_country_code() {
        assert_eq!(country_code("+6281234567890"), "+62");
        assert_eq!(country_code("+8613800138000"), "+86");
        assert_eq!(country_code("+85291234567"), "+852");
        assert_eq!(country_code("+14155550100"), "+1");
        assert_eq!(country_code("+79161234567"), "+7");
        assert_eq!(country_code("08123"), "(invalid)");
    }

    #[test]
    fn e164_is_plus_and_digits() {
        assert!(is_e164("+6281234567890"));
        assert!(!is_e164("6281234567890"));
        assert!(!is_e164("+62 812 3456"));
        assert!(!is_e164("+0812345678"));
        assert!(!is_e164("+1234567890123456"));
    }
}
