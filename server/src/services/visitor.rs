//! Which country a visitor probably dials from, to preselect the picker.
//! Local data only, never a remote call: an IP database when configured,
//! else the region of the browser's language, else the configured default.
use app::model::VisitorCountry;
use serde::Deserialize;
use std::net::IpAddr;

/// A MaxMind-format (mmdb) database, e.g. GeoLite2-Country or DB-IP Lite.
pub type GeoIpReader = maxminddb::Reader<Vec<u8>>;

#[derive(Deserialize)]
struct CountryRecord<'a> {
    #[serde(borrow)]
    country: Option<IsoCountry<'a>>,
}

#[derive(Deserialize)]
struct IsoCountry<'a> {
    iso_code: Option<&'a str>,
}

/// The visitor's country from the best source available.
pub fn national_country(
    geoip: Option<&GeoIpReader>,
    ip: Option<IpAddr>,
    accept_language: Option<&str>,
    default_country: &str,
) -> VisitorCountry {
    let found = |country: String, source: &str| VisitorCountry { national_country: country, source: source.to_owned() };
    if let Some(country) = geoip.zip(ip).and_then(|(db, ip)| country_for_ip(db, ip)) {
        return found(country, "ip");
    }
    if let Some(country) = accept_language.and_then(region_from_accept_language) {
        return found(country, "accept-language");
    }
    found(default_country.to_owned(), "default")
}

fn country_for_ip(db: &GeoIpReader, ip: IpAddr) -> Option<String> {
    let record: CountryRecord<'_> = db.lookup(ip).ok()?.decode().ok()??;
    record.country?.iso_code.map(str::to_ascii_uppercase).filter(|c| is_known_region(c))
}

/// The first language tag with a known region subtag: `id-ID` → `ID`.
fn region_from_accept_language(header: &str) -> Option<String> {
    header
        .split(',')
        .filter_map(|part| part.split(';').next())
        .filter_map(|tag| tag.trim().split(['-', '_']).nth(1).map(str::to_ascii_uppercase))
        .find(|region| is_known_region(region))
}

fn is_known_region(region: &str) -> bool {
    region.len() == 2 && app::countries::all().iter().any(|c| c.region == region)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn language_region_then_default() {
        let pick = |h: Option<&str>| national_country(None, None, h, "US");
        assert_eq!(pick(Some("id-ID,id;q=0.9")).national_country, "ID");
        assert_eq!(pick(Some("id-ID")).source, "accept-language");
        assert_eq!(pick(Some("zh-CN")).national_country, "CN");
        assert_eq!(pick(Some("en, fr-PH;q=0.5")).national_country, "PH");
        let fallback = pick(Some("id, en"));
        assert_eq!((fallback.national_country.as_str(), fallback.source.as_str()), ("US", "default"));
        assert_eq!(pick(Some("en-ZZ")).national_country, "US", "unknown regions are ignored");
        assert_eq!(pick(None).source, "default");
    }
}
