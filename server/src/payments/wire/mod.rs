//! What the HTTP adapters share at the edge: one HTTP client shape, how a
//! transport failure maps to [`PaymentError`], exact decimal ⇄ minor-unit
//! conversion, and ISO 8601 instants.
mod time;

pub use time::{iso_ms, iso_ms_offset, rfc3339_ms};

use super::PaymentError;
use serde_json::value::RawValue;
use std::{collections::HashMap, time::Duration};

/// A client that gives up after `timeout` and never follows redirects (a
/// redirect could carry the credentials to another host).
///
/// # Errors
/// The TLS backend cannot be initialised.
pub fn http_client(timeout: Duration) -> anyhow::Result<reqwest::Client> {
    Ok(reqwest::Client::builder()
        .timeout(timeout)
        .connect_timeout(timeout)
        .redirect(reqwest::redirect::Policy::none())
        .build()?)
}

/// Reduces a transport error to what the caller may do next. Only a failed
/// connect is certain to have sent nothing; any other failure after the
/// request left may have taken effect, so it is uncertain. The error's text
/// names the URL and is never kept.
pub fn transport_error(error: &reqwest::Error) -> PaymentError {
    if error.is_timeout() {
        PaymentError::Timeout
    } else if error.is_connect() {
        PaymentError::Connection { kind: "connect" }
    } else if error.is_builder() {
        PaymentError::Connection { kind: "request" }
    } else {
        PaymentError::BadResponse
    }
}

/// Sends `request` and reads the whole answer.
///
/// # Errors
/// [`transport_error`].
pub async fn exchange(request: reqwest::RequestBuilder) -> Result<(u16, Vec<u8>), PaymentError> {
    let response = request.send().await.map_err(|e| transport_error(&e))?;
    let status = response.status().as_u16();
    let body = response.bytes().await.map_err(|e| transport_error(&e))?;
    Ok((status, body.to_vec()))
}

/// `id` as one URL path segment when it is ASCII letters and digits and the
/// provider's `punctuation` only; anything else is refused before it can
/// reach the URL.
///
/// # Errors
/// `Rejected` (`invalid_id`, certain: nothing was sent).
pub fn path_segment<'a>(id: &'a str, punctuation: &[u8]) -> Result<&'a str, PaymentError> {
    if !id.is_empty()
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || punctuation.contains(&b))
    {
        Ok(id)
    } else {
        Err(PaymentError::Rejected {
            status: 400,
            code: "invalid_id".into(),
        })
    }
}

/// Decimal places of `currency` as the providers count them. IDR is kept at
/// 0 like our price plans (nobody prices in sen); the rest follows ISO 4217.
pub fn exponent_of(currency: &str) -> u32 {
    const ZERO: [&str; 18] = [
        "IDR", "JPY", "KRW", "VND", "CLP", "PYG", "UGX", "ISK", "XAF", "XOF", "XPF", "BIF", "DJF",
        "GNF", "KMF", "MGA", "RWF", "VUV",
    ];
    const THREE: [&str; 7] = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"];
    let currency = currency.to_ascii_uppercase();
    if ZERO.contains(&currency.as_str()) {
        0
    } else if THREE.contains(&currency.as_str()) {
        3
    } else {
        2
    }
}

/// Minor units of a plain decimal (`"72"`, `"72.5"`, `"72.00"`) with
/// `exponent` places, read digit by digit. `None` for anything that is not
/// such a decimal, or whose value has more places than the currency
/// (`"0.999"` in USD cannot be an amount).
pub fn decimal_minor(text: &str, exponent: u32) -> Option<i64> {
    let (negative, unsigned) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty()
        || !digits(whole)
        || !digits(fraction)
        || (unsigned.contains('.') && fraction.is_empty())
    {
        return None;
    }
    let places = exponent as usize;
    let (kept, dropped) = fraction.split_at(fraction.len().min(places));
    if dropped.bytes().any(|b| b != b'0') {
        return None;
    }
    let mut minor: i64 = 0;
    for b in whole
        .bytes()
        .chain(kept.bytes())
        .chain(std::iter::repeat_n(b'0', places - kept.len()))
    {
        minor = minor.checked_mul(10)?.checked_add(i64::from(b - b'0'))?;
    }
    Some(if negative { -minor } else { minor })
}

/// Minor units of a JSON amount as written on the wire, a number (`72.00`)
/// or a string (`"72.00"`): the literal text is read, never an `f64`.
pub fn raw_minor(raw: &RawValue, exponent: u32) -> Option<i64> {
    let text = raw.get().trim();
    let text = text
        .strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .unwrap_or(text);
    decimal_minor(text, exponent)
}

/// The decimal a JSON body carries for `minor` units (`72.00` for 7200 at
/// 2 places), as a raw JSON number so no float ever holds it. Serialize it
/// from a struct field: `json!` would parse it into an `f64` `Value`.
pub fn json_decimal(minor: i64, exponent: u32) -> Box<RawValue> {
    let money = super::Money {
        minor,
        currency: String::new(),
        exponent,
    };
    RawValue::from_string(money.decimal()).expect("a decimal is a JSON number")
}

/// The price object a checkout sells: the plan's usual one, or for a
/// payer who already had the plan's trial its no-trial twin (the provider
/// bills its own price objects, whose first cycle would be the trial again).
pub fn price_for<'a>(
    usual: &'a HashMap<i64, String>,
    without_trial: &'a HashMap<i64, String>,
    plan_id: i64,
    skips_trial: bool,
) -> Option<&'a String> {
    if skips_trial {
        without_trial.get(&plan_id)
    } else {
        usual.get(&plan_id)
    }
}

#[cfg(test)]
mod tests;
