//! Secrets handed to people and browsers: session tokens, six-digit codes,
//! and the digests they are stored as (a secret is only ever stored hashed
//! and compared in constant time).
use crate::signing::{hex, random_hex, same};
use rand_core::{OsRng, RngCore as _};
use sha2::{Digest as _, Sha256};

/// A new session token: 256 random bits, hex (header- and cookie-safe).
pub fn new_token() -> String {
    random_hex(32)
}

/// A 6-digit code, uniformly drawn (rejection sampling, no modulo bias).
pub fn new_code() -> String {
    loop {
        let value = OsRng.next_u32();
        // 4_294_000_000 is the largest multiple of 1_000_000 below 2^32.
        if value < 4_294_000_000 {
            return format!("{:06}", value % 1_000_000);
        }
    }
}

/// SHA-256 of `parts` joined by NUL, hex. Tokens carry 256 bits of entropy,
/// so a fast hash is enough; codes are keyed with the user id.
pub fn digest(parts: &[&str]) -> String {
    let mut hasher = Sha256::new();
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            hasher.update([0u8]);
        }
        hasher.update(part.as_bytes());
    }
    hex(&hasher.finalize())
}

/// Whether two secrets (or their digests) are equal, in constant time.
pub fn same_secret(a: &str, b: &str) -> bool {
    same(a.as_bytes(), b.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_256_bit_hex_and_distinct() {
        let (a, b) = (new_token(), new_token());
        assert_eq!(a.len(), 64);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }

    #[test]
    fn codes_are_six_digits() {
        for _ in 0..200 {
            let code = new_code();
            assert_eq!(code.len(), 6);
            assert!(code.bytes().all(|c| c.is_ascii_digit()));
        }
    }

    #[test]
    fn digest_separates_parts() {
        assert_eq!(
            digest(&["abc"]),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_ne!(digest(&["1", "23"]), digest(&["12", "3"]));
    }

    #[test]
    fn secrets_compare_exactly() {
        assert!(same_secret("abc", "abc"));
        assert!(!same_secret("abc", "abd"));
        assert!(!same_secret("abc", "abcd"));
    }
}
