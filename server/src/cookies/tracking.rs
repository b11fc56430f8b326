//! The consent cookie and the marketing cookies it allows. Pages set the
//! campaign cookies only after marketing consent; withdrawing it removes
//! them in the same answer.
//!
//! - `acceptCookie` (necessary, readable by scripts, 180 days): the granted
//!   categories joined by dots ([`app_core::consent::Consent::encode`]).
//! - `ct_attr_first`, `ct_attr_last` (marketing, HttpOnly, 90 days): the
//!   tracked parameters of the first and the latest ad visit, URL-encoded,
//!   with `at` (ms).
//! - `_fbp`, `_fbc` (marketing, readable by scripts, 90 days): Meta's
//!   browser id `fb.1.<ms>.<random>` and click id `fb.1.<ms>.<fbclid>`.
use crate::cookies::{self, CookiePolicy};
use crate::services::tracking::attribution::{Attribution, OrderTracking, Touch};
use crate::tokens;
use app_core::consent::{Consent, ACCEPT_COOKIE};
use axum::http::{HeaderMap, HeaderValue, Uri};

pub const FIRST_TOUCH_COOKIE: &str = "ct_attr_first";
pub const LAST_TOUCH_COOKIE: &str = "ct_attr_last";
pub const FBP_COOKIE: &str = "_fbp";
pub const FBC_COOKIE: &str = "_fbc";
/// Lifetime of the marketing cookies: 90 days.
const MARKETING_MAX_AGE_SECS: i64 = 7_776_000;

/// The visitor's choice, `None` before they made one.
pub fn consent(headers: &HeaderMap) -> Option<Consent> {
    cookies::read(headers, ACCEPT_COOKIE).and_then(|v| Consent::decode(&v))
}

fn query_of(uri: &Uri) -> Vec<(String, String)> {
    uri.query()
        .and_then(|q| serde_urlencoded::from_str(q).ok())
        .unwrap_or_default()
}

/// The marketing cookies a page visit at `uri` sets, when marketing is
/// allowed: the campaign touches (first kept, latest replaced) and Meta's ids.
pub fn on_visit(
    policy: CookiePolicy,
    headers: &HeaderMap,
    uri: &Uri,
    consent: Option<Consent>,
    now: i64,
) -> Vec<HeaderValue> {
    if !consent.is_some_and(|c| c.marketing) {
        return Vec::new();
    }
    let query = query_of(uri);
    let mut set = Vec::new();
    if let Some(touch) = Touch::of_query(&query, now) {
        let value = touch.encode();
        if cookies::read(headers, FIRST_TOUCH_COOKIE)
            .and_then(|v| Touch::decode(&v))
            .is_none()
        {
            set.push(policy.tracking(FIRST_TOUCH_COOKIE, &value, MARKETING_MAX_AGE_SECS, true));
        }
        set.push(policy.tracking(LAST_TOUCH_COOKIE, &value, MARKETING_MAX_AGE_SECS, true));
    }
    if cookies::read(headers, FBP_COOKIE).is_none() {
        let random =
            u64::from_str_radix(&tokens::new_token()[..12], 16).unwrap_or(0) % 10_000_000_000;
        set.push(policy.tracking(
            FBP_COOKIE,
            &format!("fb.1.{now}.{random}"),
            MARKETING_MAX_AGE_SECS,
            false,
        ));
    }
    let fbclid = query
        .iter()
        .find(|(k, _)| k == "fbclid")
        .map(|(_, v)| v.as_str());
    let fbclid = fbclid.filter(|v| {
        !v.is_empty()
            && v.len() <= 200
            && v.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    });
    if let Some(click) = fbclid {
        let known =
            cookies::read(headers, FBC_COOKIE).is_some_and(|c| c.ends_with(&format!(".{click}")));
        if !known {
            set.push(policy.tracking(
                FBC_COOKIE,
                &format!("fb.1.{now}.{click}"),
                MARKETING_MAX_AGE_SECS,
                false,
            ));
        }
    }
    set
}

/// Answer to a banner choice: the consent cookie, and either the marketing
/// cookies of this visit or — marketing refused — their removal.
pub fn on_choice(
    policy: CookiePolicy,
    headers: &HeaderMap,
    uri: &Uri,
    consent: Consent,
    now: i64,
) -> Vec<HeaderValue> {
    let mut set = vec![policy.tracking(
        ACCEPT_COOKIE,
        &consent.encode(),
        app_core::consent::ACCEPT_COOKIE_MAX_AGE_SECS,
        false,
    )];
    if consent.marketing {
        set.extend(on_visit(policy, headers, uri, Some(consent), now));
    } else {
        for (name, http_only) in [
            (FIRST_TOUCH_COOKIE, true),
            (LAST_TOUCH_COOKIE, true),
            (FBP_COOKIE, false),
            (FBC_COOKIE, false),
        ] {
            if cookies::read(headers, name).is_some() {
                set.push(policy.tracking(name, "", 0, http_only));
            }
        }
    }
    set
}

/// What an order placed by this browser carries for attribution; the
/// checkout keeps it only with marketing consent.
pub fn order_tracking(headers: &HeaderMap, source_url: Option<String>) -> OrderTracking {
    let touch = |name| cookies::read(headers, name).and_then(|v| Touch::decode(&v));
    OrderTracking {
        consent: consent(headers),
        attribution: Attribution {
            first: touch(FIRST_TOUCH_COOKIE),
            last: touch(LAST_TOUCH_COOKIE),
            fbc: cookies::read(headers, FBC_COOKIE),
            fbp: cookies::read(headers, FBP_COOKIE),
            source_url,
        },
    }
}
