//! TOTP (RFC 6238 over RFC 4226): HMAC-SHA1, 6 digits, 30-second steps,
//! the secret shown to the authenticator app in base32 (RFC 4648, no
//! padding). The algorithm is `totp-rs`'s and the base32 `data-encoding`'s;
//! this module holds our rules: the drift allowed, and a code used once.
use crate::tokens;
use data_encoding::BASE32_NOPAD;
use rand_core::{OsRng, RngCore as _};
use totp_rs::{Builder, Totp};

/// Seconds per step.
pub const STEP_SECS: i64 = 30;
/// Steps either side of now a code may come from (clock drift).
pub const DRIFT_STEPS: i64 = 1;
/// Bytes of a secret: 160 bits, the size RFC 4226 recommends.
pub const KEY_BYTES: usize = 20;

/// A new secret of [`KEY_BYTES`], base32.
pub fn new_secret() -> String {
    let mut bytes = [0u8; KEY_BYTES];
    OsRng.fill_bytes(&mut bytes);
    BASE32_NOPAD.encode(&bytes)
}

/// The key of a base32 secret (case-insensitive, padding and spaces
/// ignored), if it is one of [`KEY_BYTES`].
pub fn key_of(secret_b32: &str) -> Option<[u8; KEY_BYTES]> {
    let canonical: String = secret_b32
        .chars()
        .filter(|c| *c != '=' && *c != ' ')
        .map(|c| c.to_ascii_uppercase())
        .collect();
    BASE32_NOPAD
        .decode(canonical.as_bytes())
        .ok()?
        .try_into()
        .ok()
}

/// The step an instant (ms since the epoch) falls in.
pub fn step_at(now_ms: i64) -> i64 {
    now_ms.div_euclid(1000).div_euclid(STEP_SECS)
}

/// SHA-1, 6 digits, 30-second steps: what every authenticator app reads.
fn totp(key: [u8; KEY_BYTES]) -> Option<Totp> {
    Builder::new()
        .with_secret(key)
        .with_step_duration(STEP_SECS.unsigned_abs())
        .with_skew(0)
        .build()
        .ok()
}

fn code_of(totp: &Totp, step: i64) -> Option<String> {
    let at = u64::try_from(step)
        .ok()?
        .checked_mul(STEP_SECS.unsigned_abs())?;
    Some(totp.generate(at).to_string())
}

/// The 6-digit code of `step` for `key` (`None` before the epoch).
pub fn code(key: [u8; KEY_BYTES], step: i64) -> Option<String> {
    code_of(&totp(key)?, step)
}

/// The step within ±[`DRIFT_STEPS`] of now whose code is `given` and that is
/// newer than `last_used` (a code works once), if any.
pub fn matching_step(secret_b32: &str, given: &str, now_ms: i64, last_used: i64) -> Option<i64> {
    let given = given.trim();
    if given.len() != 6 || !given.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let totp = totp(key_of(secret_b32)?)?;
    let now = step_at(now_ms);
    (now - DRIFT_STEPS..=now + DRIFT_STEPS)
        .filter(|step| *step > last_used)
        .find(|step| code_of(&totp, *step).is_some_and(|c| tokens::same_secret(&c, given)))
}

/// The `otpauth://` URI authenticator apps read (as a QR code or pasted).
pub fn otpauth_uri(email: &str, secret_b32: &str) -> String {
    // `:` and `@` may stand as they are in a URI path; everything else in
    // the address is percent-encoded.
    let label = format!(
        "CoolTracker:{}",
        app_core::api::encode(email).replace("%40", "@")
    );
    format!("otpauth://totp/{label}?secret={secret_b32}&issuer=CoolTracker&algorithm=SHA1&digits=6&period=30")
}

#[cfg(test)]
mod tests {
    use super::*;

    const RFC_KEY: [u8; KEY_BYTES] = *b"12345678901234567890";

    /// RFC 6238 appendix B, SHA-1 rows (8 digits there; the last 6 here).
    #[test]
    fn codes_match_the_rfc_test_vectors() {
        for (unix, expected) in [
            (59_i64, "287082"),
            (1_111_111_109, "081804"),
            (1_111_111_111, "050471"),
            (1_234_567_890, "005924"),
            (2_000_000_000, "279037"),
            (20_000_000_000, "353130"),
        ] {
            assert_eq!(
                code(RFC_KEY, step_at(unix * 1000)).as_deref(),
                Some(expected),
                "{unix}"
            );
        }
    }

    #[test]
    fn base32_round_trips() {
        assert_eq!(BASE32_NOPAD.encode(b"foobar"), "MZXW6YTBOI");
        let secret = BASE32_NOPAD.encode(&RFC_KEY);
        assert_eq!(key_of(&secret.to_lowercase()), Some(RFC_KEY));
        assert_eq!(
            key_of("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ===="),
            Some(RFC_KEY)
        );
        assert_eq!(key_of("mzxw6ytboi======"), None, "too short for a key");
        assert_eq!(key_of("not base32!"), None);
        let fresh = new_secret();
        assert_eq!(fresh.len(), 32);
        assert!(key_of(&fresh).is_some());
        assert_ne!(fresh, new_secret());
    }

    #[test]
    fn a_code_is_accepted_once_and_only_near_now() {
        let secret = BASE32_NOPAD.encode(&RFC_KEY);
        let now = 1_234_567_890_000;
        let step = step_at(now);
        let current = code(RFC_KEY, step).unwrap();
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
