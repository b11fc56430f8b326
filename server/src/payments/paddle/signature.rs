//! Paddle's `Paddle-Signature` check on the raw body, and Paddle's own
//! age tolerance for it.
use crate::payments::WebhookError;
use crate::signing::{hex, hmac_sha256, same};

/// The signature header (lower case, as `HeaderMap` stores names).
pub const SIGNATURE_HEADER: &str = "paddle-signature";

/// Paddle's own tolerance (its SDKs' default, which its docs ask manual
/// checks to apply): a signature older than this is refused. A `ts` ahead
/// of our clock is not, as the SDKs do not refuse it either.
pub const MAX_AGE_MS: i64 = 5_000;

/// Checks a `Paddle-Signature` value (`ts=…;h1=…[;h1=…]`, unknown keys
/// ignored, several `h1` during a secret rotation) against the raw body,
/// then Paddle's tolerance of [`MAX_AGE_MS`] before `now_ms`.
///
/// # Errors
/// [`WebhookError::MissingSignature`] without `ts` or `h1`,
/// [`WebhookError::BadSignature`], [`WebhookError::Stale`].
pub fn check_signature(
    secret: &[u8],
    header: &str,
    body: &[u8],
    now_ms: i64,
) -> Result<(), WebhookError> {
    let mut ts = None;
    let mut h1 = Vec::new();
    for part in header.split(';') {
        match part.trim().split_once('=') {
            Some(("ts", value)) => ts = Some(value),
            Some(("h1", value)) => h1.push(value),
            _ => {}
        }
    }
    let Some(ts) = ts else {
        return Err(WebhookError::MissingSignature);
    };
    let Ok(seconds) = ts.parse::<i64>() else {
        return Err(WebhookError::MissingSignature);
    };
    if h1.is_empty() {
        return Err(WebhookError::MissingSignature);
    }
    let expected = hex(&hmac_sha256(secret, &[ts.as_bytes(), b":", body]));
    if !h1
        .iter()
        .any(|given| same(expected.as_bytes(), given.as_bytes()))
    {
        return Err(WebhookError::BadSignature);
    }
    if now_ms > seconds.saturating_mul(1000).saturating_add(MAX_AGE_MS) {
        return Err(WebhookError::Stale);
    }
    Ok(())
}
