//! Phone numbers as the features read them: the number a form sends (the
//! country picker and the typed number), validation (one message for every
//! failure), then carrier, country, area and time zones from libphonenumber's
//! data, in the caller's language.
use super::ServiceError;
use crate::domain::phone::{self, Phone, PhoneFormat};
use crate::domain::phone_data::{Lang, PhoneData};
use app_core::i18n::{t, Key, Locale};
use app_core::model::NumberInfo;

/// Extensions of up to 7 digits; longer ones are not a number we call.
const MAX_EXTENSION_DIGITS: usize = 7;

/// Parses a number from the country picker's value (a region, or a
/// non-geographic `+882`-style code) and the typed number: `(E.164, region)`.
pub fn parse_target(country: &str, phone: &str) -> Result<(String, String), ServiceError> {
    let (number, region) = match country.strip_prefix('+') {
        Some(_) if !phone.trim_start().starts_with('+') => (format!("{country}{phone}"), None),
        _ => (phone.to_owned(), Some(country).filter(|c| !c.is_empty())),
    };
    let parsed = validate(&number, region)?;
    let e164 = parsed.format(PhoneFormat::E164);
    Ok((e164, parsed.region().unwrap_or_else(|| "001".to_owned())))
}

/// Parses and validates `input` (a `+` number, or national with `region`).
///
/// # Errors
/// [`ServiceError::Invalid`] with "Please enter the correct number" for
/// anything that is not a valid number.
pub fn validate(input: &str, region: Option<&str>) -> Result<Phone, ServiceError> {
    let invalid = || ServiceError::Invalid(Key::PhoneInvalid);
    let phone = phone::parse(input, region).map_err(|_| invalid())?;
    let extension_ok = phone
        .extension()
        .is_none_or(|e| e.len() <= MAX_EXTENSION_DIGITS);
    if phone.is_valid() && extension_ok {
        Ok(phone)
    } else {
        Err(invalid())
    }
}

/// Everything the numbering plan tells about `input`, in `locale`; the
/// local time of its zones at `now_ms`.
///
/// # Errors
/// As [`validate`].
pub fn number_info(
    data: &PhoneData,
    input: &str,
    region: Option<&str>,
    locale: Locale,
    now_ms: i64,
) -> Result<NumberInfo, ServiceError> {
    let phone = validate(input, region)?;
    let lang = match locale {
        Locale::En => Lang::En,
        Locale::Id => Lang::Id,
        Locale::Zh => Lang::Zh,
    };
    let region = phone.region().unwrap_or_else(|| "001".to_owned());
    let country = country_name(&region, locale);
    let digits = phone.e164_digits();
    let number_type = phone.number_type();
    let carrier = if number_type.has_carrier() {
        carrier_name(data, &digits, lang)
    } else {
        String::new()
    };
    let geographical = phone.is_geographical();
    let city = if geographical {
        area_name(data, &digits, lang, &country)
    } else {
        String::new()
    };
    // As libphonenumber: non-geographic numbers get their country's zones.
    let zone_key = if geographical {
        digits.clone()
    } else {
        phone.calling_code().to_string()
    };
    let display_name = readable_zones(data.time_zones(&zone_key), &region, lang, now_ms);
    Ok(NumberInfo {
        carrier,
        country,
        display_name,
        city,
        location: String::new(),
        calling_code: phone.calling_code(),
        number_type: number_type.name().to_owned(),
        e164: phone.format(PhoneFormat::E164),
        international: phone.format(PhoneFormat::International),
        national: phone.format(PhoneFormat::National),
        rfc3966: phone.format(PhoneFormat::Rfc3966),
        region,
    })
}

/// The carrier of `digits` in `lang`. Product rule: every language falls
/// back to English, then to the country row (libphonenumber itself shows no
/// English to zh readers).
fn carrier_name(data: &PhoneData, digits: &str, lang: Lang) -> String {
    data.carrier(digits, lang)
        .or_else(|| data.carrier(digits, Lang::En))
        .unwrap_or_default()
        .to_owned()
}

/// The area of a geographic number in `lang` (English as fallback). The
/// country is already a row of its own; an area equal to it adds nothing.
fn area_name(data: &PhoneData, digits: &str, lang: Lang, country: &str) -> String {
    data.area(digits, lang)
        .or_else(|| data.area(digits, Lang::En))
        .filter(|area| *area != country)
        .unwrap_or_default()
        .to_owned()
}

fn country_name(region: &str, locale: Locale) -> String {
    app_core::countries::all()
        .iter()
        .find(|c| c.region == region)
        .and_then(|c| c.name(locale))
        .unwrap_or_else(|| t(locale, Key::CountryNongeo))
        .to_owned()
}

/// The zones as people say them, each once: "Western Indonesia Time
/// (UTC+7), 15:04; Central Indonesia Time (UTC+8), 16:04". Zones of the
/// number's own country come alone when there are any: a UK mobile reads
/// "United Kingdom Time", not also Guernsey, Jersey and the Isle of Man,
/// which share its numbering plan.
fn readable_zones(zones: &[Box<str>], region: &str, lang: Lang, now_ms: i64) -> String {
    let own: Vec<&Box<str>> = zones
        .iter()
        .filter(|z| crate::domain::zones::territory(z) == Some(region))
        .collect();
    let shown: Vec<&Box<str>> = if own.is_empty() {
        zones.iter().collect()
    } else {
        own
    };
    let mut out: Vec<String> = Vec::with_capacity(shown.len());
    for zone in shown {
        let text =
            crate::domain::zones::describe(zone, lang, now_ms).unwrap_or_else(|| zone.to_string());
        if !out.contains(&text) {
            out.push(text);
        }
    }
    out.join("; ")
}
