//! Which country a visitor probably dials from, to preselect the picker.
//! Local data only, never a remote call: an IP database when configured,
//! else the region of the browser's language, else the configured default.
use app_core::model::VisitorCountry;
use serde::Deserialize;
use std::net::IpAddr;

/// A MaxMind-format (mmdb) database: ip-location-db's country database (what
/// the scripts install), GeoLite2-Country or DB-IP Lite.
pub type GeoIpReader = maxminddb::Reader<Vec<u8>>;

/// Both record layouts in use: ip-location-db's country-only databases store
/// the ISO code at top level (`country_code`), MaxMind and DB-IP nest it
/// (`country.iso_code`). Either one is read; the nested one wins when both are.
#[derive(Deserialize)]
struct CountryRecord<'a> {
    #[serde(borrow)]
    country: Option<IsoCountry<'a>>,
    #[serde(borrow)]
    country_code: Option<&'a str>,
}

impl CountryRecord<'_> {
    fn iso_code(&self) -> Option<String> {
        let nested = self.country.as_ref().and_then(|c| c.iso_code);
        nested
            .or(self.country_code)
            .map(str::to_ascii_uppercase)
            .filter(|c| is_known_region(c))
    }
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
    let found = |country: String, source: &str| VisitorCountry {
        national_country: country,
        source: source.to_owned(),
    };
    if let Some(country) = geoip.zip(ip).and_then(|(db, ip)| country_for_ip(db, ip)) {
        return found(country, "ip");
    }
    if let Some(country) = accept_language.and_then(region_from_accept_language) {
        return found(country, "accept-language");
    }
    found(default_country.to_owned(), "default")
}

fn country_for_ip(db: &GeoIpReader, ip: IpAddr) -> Option<String> {
    if !is_public(ip) {
        return None;
    }
    let record: CountryRecord<'_> = db.lookup(ip).ok()?.decode().ok()??;
    record.iso_code()
}

/// Only public addresses say where a visitor is. Private, loopback, link-local
/// and shared (carrier NAT) ranges are reused everywhere, and free databases
/// still map some of them to one country (192.168.0.0/24 → AU in one release).
fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            let carrier_nat = v4.octets()[0] == 100 && (v4.octets()[1] & 0xc0) == 64;
            !(v4.is_private()
                || v4.is_loopback()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_broadcast()
                || v4.is_documentation()
                || carrier_nat)
        }
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => is_public(IpAddr::V4(v4)),
            None => {
                let first = v6.segments()[0];
                let unique_local = first & 0xfe00 == 0xfc00;
                let link_local = first & 0xffc0 == 0xfe80;
                !(v6.is_loopback() || v6.is_unspecified() || unique_local || link_local)
            }
        },
    }
}

/// The first language tag with a known region subtag: `id-ID` → `ID`.
fn region_from_accept_language(header: &str) -> Option<String> {
    header
        .split(',')
        .filter_map(|part| part.split(';').next())
        .filter_map(|tag| {
            tag.trim()
                .split(['-', '_'])
                .nth(1)
                .map(str::to_ascii_uppercase)
        })
        .find(|region| is_known_region(region))
}

fn is_known_region(region: &str) -> bool {
    region.len() == 2
        && app_core::countries::all()
            .iter()
            .any(|c| c.region == region)
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
        assert_eq!(
            (fallback.national_country.as_str(), fallback.source.as_str()),
            ("US", "default")
        );
        assert_eq!(
            pick(Some("en-ZZ")).national_country,
            "US",
            "unknown regions are ignored"
        );
        assert_eq!(pick(None).source, "default");
    }

    #[test]
    fn only_public_addresses_are_looked_up() {
        let public = |ip: &str| is_public(ip.parse().unwrap());
        for ip in [
            "8.8.8.8",
            "36.64.0.1",
            "100.128.0.1",
            "2001:4860:4860::8888",
            "::ffff:8.8.8.8",
        ] {
            assert!(public(ip), "{ip}");
        }
        let reused = [
            "10.1.2.3",
            "172.16.0.1",
            "192.168.0.10",
            "127.0.0.1",
            "169.254.1.1",
            "100.64.0.1",
            "0.0.0.0",
        ];
        for ip in
            reused
                .into_iter()
                .chain(["::1", "::", "fd00::1", "fe80::1", "::ffff:192.168.1.1"])
        {
            assert!(!public(ip), "{ip}");
        }
    }

    fn iso_of(record_json: &str) -> Option<String> {
        serde_json::from_str::<CountryRecord<'_>>(record_json)
            .unwrap()
            .iso_code()
    }

    #[test]
    fn ip_location_db_records_keep_the_code_at_top_level() {
        assert_eq!(iso_of(r#"{"country_code":"ID"}"#).as_deref(), Some("ID"));
        assert_eq!(
            iso_of(r#"{"country_code":"zz"}"#),
            None,
            "unknown regions are ignored"
        );
    }

    #[test]
    fn maxmind_records_nest_the_code_under_country() {
        let geolite = r#"{"continent":{"code":"AS"},"country":{"geoname_id":1643084,"iso_code":"ID","names":{"en":"Indonesia"}}}"#;
        assert_eq!(iso_of(geolite).as_deref(), Some("ID"));
        assert_eq!(
            iso_of(r#"{"country":{"iso_code":"US"},"country_code":"ID"}"#).as_deref(),
            Some("US")
        );
        assert_eq!(
            iso_of(r#"{"continent":{"code":"EU"}}"#),
            None,
            "a record without a country"
        );
    }
}
