//! What the service knows about a number (`GET /other/location/info/{phone}`):
//! the rows of the locating animation plus type and formats. Nothing here is
//! a position: where the phone is can only come from its owner's consent.
use serde::{Deserialize, Serialize};

/// Facts about a valid number, from the numbering plan (not from the phone).
/// The example is the answer for `+6281234567890` in English at
/// 2026-01-15 08:04 UTC (`server/site/tests/it/api_examples.rs` checks it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({
    "carrier": "Telkomsel",
    "country": "Indonesia",
    "displayName": "Western Indonesia Time (UTC+7), 15:04",
    "city": "",
    "location": "",
    "region": "ID",
    "callingCode": 62,
    "numberType": "MOBILE",
    "e164": "+6281234567890",
    "international": "+62 812-3456-7890",
    "national": "0812-3456-7890",
    "rfc3966": "tel:+62-812-3456-7890"
})))]
#[serde(rename_all = "camelCase")]
pub struct NumberInfo {
    /// Carrier the number was allocated to (mobile numbers), empty if unknown.
    pub carrier: String,
    /// Country (or non-geographic service) name in the page's language.
    pub country: String,
    /// The time zones of the numbering area as people say them, in the
    /// request's language, each with its UTC offset and the local time now,
    /// joined by "; " (`Western Indonesia Time (UTC+7), 15:04`).
    pub display_name: String,
    /// Area of the numbering plan (city or province), empty if not geographic or unknown.
    pub city: String,
    /// Always empty: the position is known only after the owner consents.
    pub location: String,
    /// ISO region of the number (`001` for non-geographic plans).
    pub region: String,
    /// Country calling code.
    pub calling_code: u16,
    /// libphonenumber type name, e.g. `MOBILE`.
    pub number_type: String,
    /// `+6281234567890`
    pub e164: String,
    /// `+62 812-3456-7890`
    pub international: String,
    /// `0812-3456-7890`
    pub national: String,
    /// `tel:+62-812-3456-7890`
    pub rfc3966: String,
}

/// The visitor's likely country (`GET /other/ipInfo`). The example is the
/// answer to a browser asking in Indonesian from an address the IP database
/// does not know (`server/site/tests/it/api_examples.rs` checks it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({
    "nationalCountry": "ID",
    "source": "accept-language"
})))]
#[serde(rename_all = "camelCase")]
pub struct VisitorCountry {
    /// ISO 3166-1 alpha-2 region to preselect in the country picker.
    pub national_country: String,
    /// Where it came from: `ip`, `accept-language` or `default`.
    pub source: String,
}
