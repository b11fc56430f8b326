//! TOTP (RFC 6238 over RFC 4226): HMAC-SHA1, 6 digits, 30-second steps,
//! the secret shown to the authenticator app in base32 (RFC 4648, no
//! padding).
use crate::tokens;
use hmac::{Hmac, KeyInit, Mac as _};
use rand_core::{OsRng, RngCore as _};
use sha1::Sha1;

/// Seconds per step.
pub const STEP_SECS: i64 = 30;
/// Steps either side of now a code may come from (clock drift).
pub const DRIFT_STEPS: i64 = 1;

const ALPHABET: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/// A new 160-bit secret (the size RFC 4226 recommends), base32.
pub fn new_secret() -> String {
    let mut bytes = [0u8; 20];
    OsRng.fill_bytes(&mut bytes);
    base32_encode(&bytes)
}

/// Base32 without padding.
pub fn base32_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(5) * 8);
    let (mut buffer, mut bits) = (0u32, 0u32);
    for &b in bytes {
        buffer = (buffer << 8) | u32::from(b);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(char::from(ALPHABET[((buffer >> bits) & 31) as usize]));
        }
    }
    if bits > 0 {
        out.push(char::from(ALPHABET[((buffer << (5 - bits)) & 31) as usize]));
    }
    out
}

/// Base32 (case-insensitive, padding and spaces ignored); `None` if malformed.
pub fn base32_decode(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    let (mut buffer, mut bits) = (0u32, 0u32);
    for c in text.bytes().filter(|c| *c != b'=' && *c != b' ') {
        let value = ALPHABET.iter().position(|a| *a == c.to_ascii_uppercase())?;
        buffer = (buffer << 5) | u32::try_from(value).ok()?;
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            out.push(u8::try_from((buffer >> bits) & 0xff).ok()?);
        }
    }
    Some(out)
}

/// The step an instant (ms since the epoch) falls in.
pub fn step_at(now_ms: i64) -> i64 {
    now_ms.div_euclid(1000).div_euclid(STEP_SECS)
}

/// The 6-digit code of `step` for `key`.
pub fn code(key: &[u8], step: i64) -> String {
    let mut mac =
        <Hmac<Sha1> as KeyInit>::new_from_slice(key).expect("HMAC takes keys of any length");
    mac.update(&step.to_be_bytes());
    let digest = mac.finalize().into_bytes();
    let offset = usize::from(digest[19] & 0x0f);
    let binary = u32::from_be_bytes([
        digest[offset] & 0x7f,
        digest[offset + 1],
        digest[offset + 2],
        digest[offset + 3],
    ]);
    format!("{:06}", binary % 1_000_000)
}

/// The step within ±[`DRIFT_STEPS`] of now whose code is `given` and that is
/// newer than `last_used` (a code works once), if any.
pub fn matching_step(secret_b32: &str, given: &str, now_ms: i64, last_used: i64) -> Option<i64> {
    let given = given.trim();
    if given.len() != 6 || !given.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let key = base32_decode(secret_b32)?;
    let now = step_at(now_ms);
    (now - DRIFT_STEPS..=now + DRIFT_STEPS)
        .filter(|step| *step > last_used)
        .find(|step| tokens::same_secret(&code(&key, *step), given))
}

/// The `otpauth://` URI authenticator apps read (as a QR code or pasted).
pub fn otpauth_uri(email: &str, secret_b32: &str) -> String {
    // `:` and `@` may stand as they are in a URI path; everything else in
    // the address is percent-encoded.
    let label = format!(
        "CoolTracker:{}",
        app::api::encode(email).replace("%40", "@")
    );
    format!("otpauth://totp/{label}?secret={secret_b32}&issuer=CoolTracker&algorithm=SHA1&digits=6&period=30")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 6238 appendix B, SHA-1 rows (8 digits there; the last 6 here).
    #[test]
    fn codes_match_the_rfc_test_vectors() {
        let key = b"12345678901234567890";
        for (unix, expected) in [
            (59_i64, "287082"),
            (1_111_111_109, "081804"),
            (1_234_567_890, "005924"),
            (2_000_000_000, "279037"),
        ] {
            assert_eq!(code(key, step_at(unix * 1000)), expected, "{unix}");
        }
    }

    #[test]
    fn base32_round_trips() {
        assert_eq!(base32_encode(b"foobar"), "MZXW6YTBOI");
        assert_eq!(base32_decode("mzxw6ytboi======").unwrap(), b"foobar");
        let secret = new_secret();
        assert_eq!(secret.len(), 32);
        assert_eq!(base32_decode(&secret).unwrap().len(), 20);
    }

    #[test]
    fn a_code_is_accepted_once_and_only_near_now() {
        let secret = base32_encode(b"12345678901234567890");
        let now = 1_234_567_890_000;
        let step = step_at(now);
        let current = code(b"12345678901234567890", step);
        assert_eq!(matching_step(&secret, &current, now, 0), Some(step));
        assert_eq!(
            matching_step(&secret, &current, now, step),
            None,
            "replayed"
        );
        assert_eq!(
            matching_step(&secret, &current, now + 30_000, 0),
            Some(step),
            "one step of drift"
        );
        assert_eq!(
            matching_step(&secret, &current, now + 90_000, 0),
            None,
            "too old"
        );
        assert_eq!(matching_step(&secret, "12345", now, 0), None);
    }
}
