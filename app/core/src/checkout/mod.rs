//! Checkout rules the pages share, as plain functions: where the way to
//! pay lives (keeping the searched number), what the pay button promises,
//! and the idempotency key of a payment attempt.
mod terms;

pub use terms::{cycle_word, decline_key, method_label, plan_option_text, CheckoutTerms};

use crate::account::payment_fields::PaymentFormInput;
use crate::api::encode;
use crate::i18n::Locale;
use crate::model::billing::{MethodChoice, PayField};
use crate::routes::{href, Page};

/// The number a visitor searched for, carried from the home page to
/// checkout (`?country=ID&phone=…`).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SearchedNumber {
    /// The picker's value (`ID`, `+882`), possibly empty.
    pub country: String,
    /// The number as typed (or in E.164).
    pub phone: String,
}

/// The number a member searched before paying, carried through checkout
/// (a page's context on the dashboard it opens): ready to send.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CarriedNumber(pub SearchedNumber);

impl SearchedNumber {
    /// Whether a number was searched.
    pub fn is_some(&self) -> bool {
        !self.phone.trim().is_empty()
    }

    /// The number's country when a number was searched with a region
    /// (`+882` is none): the payer's country before any other guess.
    pub fn number_country(&self) -> Option<&str> {
        let c = self.country.trim();
        let region = c.len() == 2 && c.bytes().all(|b| b.is_ascii_alphabetic());
        (self.is_some() && region).then_some(c)
    }

    /// `country=…&phone=…` (without the country when none was given), or empty.
    pub fn query(&self) -> String {
        match (self.is_some(), self.country.is_empty()) {
            (false, _) => String::new(),
            (true, true) => format!("phone={}", encode(self.phone.trim())),
            (true, false) => format!(
                "country={}&phone={}",
                encode(&self.country),
                encode(self.phone.trim())
            ),
        }
    }
}

/// `/pay-method` in `locale` for `plan_id` (the first plan when `None`),
/// keeping the searched number.
pub fn pay_method_href(locale: Locale, plan_id: Option<i64>, searched: &SearchedNumber) -> String {
    let mut params: Vec<String> = plan_id
        .map(|id| format!("planId={id}"))
        .into_iter()
        .collect();
    let number = searched.query();
    if !number.is_empty() {
        params.push(number);
    }
    let path = href(locale, Page::PayMethod);
    if params.is_empty() {
        path
    } else {
        format!("{path}?{}", params.join("&"))
    }
}

/// A link to checkout, completed at click time with the number the visitor
/// searched since the page loaded: `location_search` is the address bar's
/// query (`?country=ID&phone=…`, which the search writes). Links that name
/// a number already, and other links, are left alone.
pub fn keep_search(link: &str, location_search: &str) -> String {
    let (path, query) = link.split_once('?').unwrap_or((link, ""));
    let names = |q: &str| {
        q.split('&')
            .filter_map(|p| p.split('=').next())
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    if names(query).iter().any(|n| n == "phone") {
        return link.to_owned();
    }
    let carried: Vec<&str> = location_search
        .trim_start_matches('?')
        .split('&')
        .filter(|pair| {
            matches!(pair.split('=').next(), Some("country" | "phone")) && pair.contains('=')
        })
        .collect();
    if !carried
        .iter()
        .any(|p| p.starts_with("phone=") && p.len() > "phone=".len())
    {
        return link.to_owned();
    }
    let mut params: Vec<&str> = query.split('&').filter(|p| !p.is_empty()).collect();
    params.extend(carried);
    format!("{path}?{}", params.join("&"))
}

/// The form as it goes to the provider: the e-mail and the fields `method`
/// needs; what was typed for another method stays behind.
pub fn only_method_fields(method: MethodChoice, input: PaymentFormInput) -> PaymentFormInput {
    let keep = |field: PayField, value: String| {
        if method.fields().contains(&field) {
            value
        } else {
            String::new()
        }
    };
    PaymentFormInput {
        email: input.email,
        zip: keep(PayField::Zip, input.zip),
        name: keep(PayField::Name, input.name),
        document: keep(PayField::Document, input.document),
        phone: keep(PayField::Phone, input.phone),
    }
}

/// Whether the browser may be sent to `url` after placing an order: a web
/// address or a path on this site, never `javascript:` or another scheme.
pub fn is_safe_redirect(url: &str) -> bool {
    url.starts_with("https://")
        || url.starts_with("http://")
        || (url.starts_with('/') && !url.starts_with("//"))
}

/// Whether `key` is a well-formed idempotency key: 16–64 of `[A-Za-z0-9_-]`.
pub fn is_idempotency_key(key: &str) -> bool {
    (16..=64).contains(&key.len())
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// What a rendering shared between visitors carries where a form's
/// idempotency key goes: the server puts a fresh key there for each
/// response, so no two visitors share one.
#[derive(Clone, Debug)]
pub struct IdempotencyStandIn(pub String);

/// A fresh, unguessable idempotency key: the key names the order, so
/// nobody may be able to guess someone else's.
pub fn new_idempotency_key() -> String {
    #[cfg(feature = "ssr")]
    {
        if let Some(stand_in) = leptos::prelude::use_context::<IdempotencyStandIn>() {
            return stand_in.0;
        }
        let mut bytes = [0_u8; 16];
        if getrandom::fill(&mut bytes).is_ok() {
            return bytes.iter().map(|b| format!("{b:02x}")).collect();
        }
    }
    #[cfg(all(feature = "browser", not(feature = "ssr")))]
    if let Some(uuid) = web_sys::window()
        .and_then(|w| w.crypto().ok())
        .map(|c| c.random_uuid())
    {
        return uuid;
    }
    // No randomness source at all: an empty key is refused by the server
    // rather than risking a shared one.
    String::new()
}

#[cfg(test)]
mod tests;
