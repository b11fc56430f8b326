//! The number a visitor searched before paying, carried through the
//! provider's checkout to the dashboard, where it is ready to send. It
//! travels in an HttpOnly cookie sealed with the service's key (never in a
//! URL, a log or the database): unreadable and unforgeable by the browser,
//! kept one day at most and spent by the dashboard that shows it.
use crate::secrets::Keyring;
use app_core::checkout::SearchedNumber;

/// The purpose the number is sealed for (a value sealed for another
/// purpose does not open here).
const PURPOSE: &str = "cookie.carried_number";
/// How long the number waits for the dashboard: a checkout takes minutes.
pub const CARRIED_FOR_SECS: i64 = 86_400;
/// Longest picker value (`+8816`) and number kept.
const MAX_COUNTRY_LEN: usize = 6;
const MAX_PHONE_LEN: usize = 32;

/// The number worth carrying: a picker value and something that may be a
/// phone number (digits and the signs people type with them).
pub fn accepted(country: &str, phone: &str) -> Option<SearchedNumber> {
    let (country, phone) = (country.trim(), phone.trim());
    let country_ok = country.len() <= MAX_COUNTRY_LEN
        && country
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'+');
    let phone_ok = phone.len() <= MAX_PHONE_LEN
        && phone.bytes().any(|b| b.is_ascii_digit())
        && phone
            .bytes()
            .all(|b| b.is_ascii_digit() || b" +-().".contains(&b));
    (country_ok && phone_ok).then(|| SearchedNumber {
        country: country.to_owned(),
        phone: phone.to_owned(),
    })
}

/// The cookie value of `number`.
pub fn seal(keys: &Keyring, number: &SearchedNumber) -> String {
    keys.seal(PURPOSE, &format!("{}\n{}", number.country, number.phone))
}

/// The number of a cookie value; `None` for anything not sealed here.
pub fn open(keys: &Keyring, stored: &str) -> Option<SearchedNumber> {
    let plain = keys.open(PURPOSE, stored).ok()?;
    let (country, phone) = plain.split_once('\n')?;
    accepted(country, phone)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_what_may_be_a_number_is_carried() {
        assert!(accepted("ID", "+62 812-3456 7890").is_some());
        assert!(accepted("+882", "(16) 123").is_some());
        assert!(accepted("ID", "").is_none());
        assert!(accepted("ID", "call me").is_none());
        assert!(accepted("ID<", "0812").is_none());
        assert!(accepted("ID", &"1".repeat(33)).is_none());
    }

    #[test]
    fn a_sealed_number_opens_only_as_sealed() {
        let keys = Keyring::development();
        let number = accepted("ID", "0812 3456").unwrap();
        let stored = seal(&keys, &number);
        assert!(!stored.contains("0812"), "the number is not readable");
        assert_eq!(open(&keys, &stored), Some(number));
        assert_eq!(open(&keys, "ID\n0812"), None);
        let other = keys.seal("another.purpose", "ID\n0812");
        assert_eq!(open(&keys, &other), None);
    }
}
