//! The payer's country, which decides the methods offered and is sent to
//! the provider: one rule for the JSON API and the no-JavaScript form. It
//! follows the payer, never the language of the page: the country chosen
//! on the form (the number to locate's, or the picker's), else the
//! address's country, else the browser's language region, else the
//! configured default.
use crate::services::visitor::{self, GeoIpReader};
use std::net::IpAddr;

/// What the request says about where the payer is.
#[derive(Clone, Copy, Debug, Default)]
pub struct PayerHints<'a> {
    /// The country posted or asked for (ISO alpha-2), if any.
    pub chosen: Option<&'a str>,
    /// The client's address.
    pub ip: Option<IpAddr>,
    /// The `Accept-Language` header.
    pub accept_language: Option<&'a str>,
}

/// The payer's country (ISO alpha-2, upper case).
pub fn payer_country(geoip: Option<&GeoIpReader>, hints: PayerHints<'_>, default: &str) -> String {
    let chosen = hints
        .chosen
        .map(str::trim)
        .filter(|c| c.len() == 2 && c.bytes().all(|b| b.is_ascii_alphabetic()));
    if let Some(country) = chosen {
        return country.to_ascii_uppercase();
    }
    visitor::national_country(geoip, hints.ip, hints.accept_language, default)
        .national_country
        .to_ascii_uppercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chosen_country_then_the_language_then_the_default() {
        let hints = |chosen, language| PayerHints {
            chosen,
            ip: None,
            accept_language: language,
        };
        assert_eq!(
            payer_country(None, hints(Some("ph"), Some("id-ID")), "US"),
            "PH"
        );
        assert_eq!(
            payer_country(None, hints(Some("PHL"), Some("id-ID")), "US"),
            "ID"
        );
        assert_eq!(payer_country(None, hints(Some("1'"), None), "us"), "US");
        assert_eq!(
            payer_country(None, hints(None, Some("en-US,en")), "ID"),
            "US"
        );
        assert_eq!(payer_country(None, hints(Some(""), None), "ID"), "ID");
    }
}
