//! Signature primitives the adapters share: HMAC-SHA256, hex and base64
//! forms, constant-time comparison, and the replay window; plus the wire
//! forms signed messages carry: RFC 3339 instants and decimal amounts.
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;
use subtle::ConstantTimeEq;

/// Webhooks signed longer ago than this (or this far in the future) are
/// refused even with a valid signature, so a captured one cannot be replayed.
pub const REPLAY_WINDOW_MS: i64 = 5 * 60 * 1000;

/// HMAC-SHA256 of `parts` concatenated, under `key`.
pub fn hmac_sha256(key: &[u8], parts: &[&[u8]]) -> [u8; 32] {
    let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(key).expect("HMAC takes keys of any length");
    for part in parts {
        mac.update(part);
    }
    mac.finalize().into_bytes().into()
}

/// Lower-case hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// `bytes` random bytes from the OS, as hex (references, tokens).
pub fn random_hex(bytes: usize) -> String {
    use rand_core::{OsRng, RngCore as _};
    let mut buf = vec![0u8; bytes];
    OsRng.fill_bytes(&mut buf);
    hex(&buf)
}

/// Whether `expected` equals `given`, in constant time (lengths may differ).
pub fn same(expected: &[u8], given: &[u8]) -> bool {
    expected.len() == given.len() && bool::from(expected.ct_eq(given))
}

/// Whether a signing instant (ms) is inside the replay window around `now_ms`.
pub fn fresh(signed_at_ms: i64, now_ms: i64) -> bool {
    (now_ms - signed_at_ms).abs() <= REPLAY_WINDOW_MS
}

/// Minor units of a provider's decimal amount text (`"9.99"` at exponent 2
/// is 999, `"10000"` at exponent 0 is 10000), read digit by digit so no
/// float ever touches it. Digits below the minor unit must be zeros
/// (`"300.00"` IDR is 300); anything else (exponents, signs in the middle,
/// a fraction of a cent) is `None`.
pub fn parse_minor(text: &str, exponent: u32) -> Option<i64> {
    let (negative, unsigned) = match text.trim().strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.trim()),
    };
    let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if (whole.is_empty() && fraction.is_empty()) || !digits(whole) || !digits(fraction) {
        return None;
    }
    if unsigned.ends_with('.') {
        return None;
    }
    let width = exponent as usize;
    let (kept, dropped) = fraction.split_at(fraction.len().min(width));
    if dropped.bytes().any(|b| b != b'0') {
        return None;
    }
    let mut minor: i64 = 0;
    for b in whole.bytes().chain(kept.bytes()).chain(std::iter::repeat_n(b'0', width - kept.len())) {
        minor = minor.checked_mul(10)?.checked_add(i64::from(b - b'0'))?;
    }
    Some(if negative { -minor } else { minor })
}

/// Decimal places of a currency's minor unit as providers count them.
/// IDR is 0 here, as our prices are whole rupiah and the wallets take it so.
pub fn exponent_of(currency: &str) -> u32 {
    const ZERO: [&str; 17] = [
        "BIF", "CLP", "DJF", "GNF", "IDR", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "VND", "VUV", "XAF",
        "XOF", "XPF",
    ];
    const THREE: [&str; 7] = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"];
    let code = currency.to_ascii_uppercase();
    if ZERO.contains(&code.as_str()) {
        0
    } else if THREE.contains(&code.as_str()) {
        3
    } else {
        2
    }
}

/// An RFC 3339 instant in ms since the Unix epoch. Tolerates what providers
/// actually send: `T` or a space between date and time, any fraction,
/// `Z`, `+07:00`, `+0700` and a space before the offset.
pub fn parse_rfc3339_ms(text: &str) -> Option<i64> {
    let text = text.trim();
    let num = |s: &str| -> Option<i64> { s.bytes().all(|b| b.is_ascii_digit()).then(|| s.parse().ok()).flatten() };
    let (date, rest) = (text.get(..10)?, text.get(10..)?);
    let (y, mo, d) = (num(date.get(..4)?)?, num(date.get(5..7)?)?, num(date.get(8..10)?)?);
    if !rest.starts_with(['T', 't', ' ']) || &date[4..5] != "-" || &date[7..8] != "-" {
        return None;
    }
    let (h, mi, s) = (num(rest.get(1..3)?)?, num(rest.get(4..6)?)?, num(rest.get(7..9)?)?);
    let mut rest = rest.get(9..)?;
    let mut millis = 0;
    if let Some(fraction) = rest.strip_prefix('.') {
        let len = fraction.bytes().take_while(u8::is_ascii_digit).count();
        let padded = format!("{:0<3}", &fraction[..len.min(3)]);
        millis = num(&padded)?;
        rest = &fraction[len..];
    }
    let offset_min = match rest.trim_start() {
        "Z" | "z" => 0,
        zone => {
            let sign = match zone.get(..1)? { "+" => 1, "-" => -1, _ => return None };
            let digits = zone[1..].replace(':', "");
            (digits.len() == 4).then_some(())?;
            sign * (num(&digits[..2])? * 60 + num(&digits[2..])?)
        }
    };
    let valid = (1..=12).contains(&mo) && (1..=31).contains(&d) && h < 24 && mi < 60 && s <= 60;
    valid.then_some(())?;
    let days = days_from_civil(y, mo, d);
    Some(((days * 24 + h) * 60 + mi - offset_min) * 60_000 + s * 1000 + millis)
}

/// `ms` as `2024-01-10T09:34:56.434+00:00` (the form PayerMax asks for;
/// PayPal takes it too).
pub fn rfc3339_ms(ms: i64) -> String {
    let (days, in_day) = (ms.div_euclid(86_400_000), ms.rem_euclid(86_400_000));
    let (y, mo, d) = civil_from_days(days);
    let (h, mi, s, milli) = (in_day / 3_600_000, in_day / 60_000 % 60, in_day / 1000 % 60, in_day % 1000);
    format!("{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}.{milli:03}+00:00")
}

/// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d - 1;
    era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468
}

fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paddle_published_vector() {
        let mac = hmac_sha256(b"VALID_SECRET", &[b"1698796800", b":", br#"{"data": ["1", "2"]}"#]);
        assert_eq!(hex(&mac), "a300428748dce5c70e4da19bffd60769591ea969c99dea3105d0ec9612cf43f9");
    }

    #[test]
    fn comparison_and_window() {
        assert!(same(b"abc", b"abc"));
        assert!(!same(b"abc", b"abd"));
        assert!(!same(b"abc", b"ab"));
        assert!(fresh(1_000_000, 1_000_000 + REPLAY_WINDOW_MS));
        assert!(!fresh(1_000_000, 1_000_001 + REPLAY_WINDOW_MS));
    }

    #[test]
    fn decimal_amounts_read_exactly() {
        assert_eq!(parse_minor("9.99", 2), Some(999));
        assert_eq!(parse_minor("21.0", 2), Some(2100));
        assert_eq!(parse_minor("0.1", 2), Some(10));
        assert_eq!(parse_minor(".5", 2), Some(50));
        assert_eq!(parse_minor("10000", 0), Some(10_000));
        assert_eq!(parse_minor("300.00", 0), Some(300));
        assert_eq!(parse_minor("-0.01", 2), Some(-1));
        assert_eq!(parse_minor("1.005", 2), None, "a fraction of a cent is not money we can book");
        assert_eq!(parse_minor("300.5", 0), None);
        for bad in ["", ".", "5.", "1e3", "1,00", "+1", "--1", "0x10", "99999999999999999999"] {
            assert_eq!(parse_minor(bad, 2), None, "{bad:?}");
        }
        assert_eq!(exponent_of("usd"), 2);
        assert_eq!(exponent_of("IDR"), 0);
        assert_eq!(exponent_of("KWD"), 3);
    }

    #[test]
    fn instants_round_trip_and_tolerate_provider_forms() {
        assert_eq!(parse_rfc3339_ms("1970-01-01T00:00:00Z"), Some(0));
        assert_eq!(parse_rfc3339_ms("2016-09-21T22:00:45Z"), Some(1_474_495_245_000));
        let ms = 1_704_879_296_434;
        assert_eq!(rfc3339_ms(ms), "2024-01-10T09:34:56.434+00:00");
        assert_eq!(parse_rfc3339_ms(&rfc3339_ms(ms)), Some(ms));
        assert_eq!(parse_rfc3339_ms("2024-01-10T16:34:56.434+07:00"), Some(ms));
        assert_eq!(parse_rfc3339_ms("2024-01-10T09:34:56.434123Z"), Some(ms));
        assert_eq!(parse_rfc3339_ms("2025-02-27T09:41:12 +0000"), Some(1_740_649_272_000));
        assert_eq!(parse_rfc3339_ms("2000-02-29T00:00:00Z"), Some(951_782_400_000));
        for bad in ["", "2024-01-10", "2024-13-01T00:00:00Z", "2024-01-10T09:34:56", "yesterday"] {
            assert_eq!(parse_rfc3339_ms(bad), None, "{bad:?}");
        }
    }
}
