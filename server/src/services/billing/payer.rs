//! The payer's country, which decides the prices shown and charged, the
//! methods offered and what is sent to the provider: one rule for the JSON
//! API, the no-JavaScript form and the pages. It follows the payer, never
//! the language of the page or of the browser: the country chosen (the
//! number to locate's, else the picker's), else the address's country
//! (the IP database), else the configured default.
use crate::persistence::entities::price_plan;
use crate::services::pricing;
use crate::services::visitor::{self, GeoIpReader};
use crate::services::ServiceError;
use app_core::i18n::Key;
use sea_orm::DatabaseConnection;
use std::net::IpAddr;

/// What the request says about where the payer is.
#[derive(Clone, Copy, Debug, Default)]
pub struct PayerHints<'a> {
    /// The country posted or asked for (ISO alpha-2), if any: the number
    /// to locate's, else the one picked on the form.
    pub chosen: Option<&'a str>,
    /// The client's address.
    pub ip: Option<IpAddr>,
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
    // The browser's language names no place: a visitor reading English in
    // Jakarta pays Indonesian prices.
    visitor::national_country(geoip, hints.ip, None, default)
        .national_country
        .to_ascii_uppercase()
}

/// Countries with prices of their own, and the suffix of their channel
/// (`cpl2` → `cpl2_id`). Every other country pays the family's prices.
const COUNTRY_CHANNELS: [(&str, &str); 2] = [("ID", "id"), ("CN", "zh")];

/// The family of a channel: `cpl2_id` → `cpl2`.
pub fn family_of(channel: &str) -> &str {
    channel.split('_').next().unwrap_or(channel)
}

/// The channel of `family` whose prices a payer of `country` sees, before
/// checking it has plans: `("cpl2", "ID")` → `cpl2_id`.
pub fn channel_for(family: &str, country: &str) -> String {
    let country = country.to_ascii_uppercase();
    COUNTRY_CHANNELS
        .iter()
        .find(|(c, _)| *c == country)
        .map_or_else(|| family.to_owned(), |(_, s)| format!("{family}_{s}"))
}

/// The channel a payer of `country` is offered within `family`: the
/// country's own when it offers plans, else the family's.
///
/// # Errors
/// As [`pricing::PlansCache::list`].
pub async fn offered_channel(
    plans: &pricing::PlansCache,
    db: &DatabaseConnection,
    family: &str,
    country: &str,
    now: i64,
) -> Result<String, ServiceError> {
    let own = channel_for(family, country);
    if own == family || !plans.list(db, &own, true, now).await?.is_empty() {
        return Ok(own);
    }
    Ok(family.to_owned())
}

/// Refuses a plan that is not the payer's: its price was shown to a payer
/// of another country, and the order would charge another amount than the
/// page shows this payer.
///
/// # Errors
/// [`Key::ErrorPlanCountry`]; database errors.
pub async fn check_plan_country(
    db: &DatabaseConnection,
    plan: &price_plan::Model,
    country: &str,
    now: i64,
) -> Result<(), ServiceError> {
    let family = family_of(&plan.channel);
    // Read fresh, not through a process's cache: the refusal must not
    // depend on which instance answers.
    let offered =
        offered_channel(&pricing::PlansCache::default(), db, family, country, now).await?;
    if offered == plan.channel {
        Ok(())
    } else {
        Err(ServiceError::Invalid(Key::ErrorPlanCountry))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chosen_country_then_the_default_never_the_language() {
        let hints = |chosen| PayerHints { chosen, ip: None };
        assert_eq!(payer_country(None, hints(Some("ph")), "US"), "PH");
        assert_eq!(payer_country(None, hints(Some("PHL")), "US"), "US");
        assert_eq!(payer_country(None, hints(Some("1'")), "us"), "US");
        assert_eq!(payer_country(None, hints(Some("")), "ID"), "ID");
        assert_eq!(payer_country(None, hints(None), "ID"), "ID");
    }

    #[test]
    fn a_country_with_its_own_prices_has_its_channel() {
        assert_eq!(channel_for("cpl2", "id"), "cpl2_id");
        assert_eq!(channel_for("cpl2", "CN"), "cpl2_zh");
        assert_eq!(channel_for("cpl2", "US"), "cpl2");
        assert_eq!(channel_for("cpl2", "TW"), "cpl2");
        assert_eq!(family_of("cpl2_id"), "cpl2");
        assert_eq!(family_of("cpl2"), "cpl2");
    }
}
