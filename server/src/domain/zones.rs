//! Time zones as people say them: a zone's name in the reader's language
//! (CLDR, generated into `server/data/phone/zone-names.tsv.gz` by
//! `scripts/gen-zone-names.py`), its offset from UTC and the local time now —
//! "Western Indonesia Time (UTC+7), 15:04" rather than `Asia/Jakarta`.
use super::phone_data::Lang;
use std::collections::HashMap;
use std::io::Read as _;
use std::sync::OnceLock;

const NAMES_GZ: &[u8] = include_bytes!("../../data/phone/zone-names.tsv.gz");

/// Zone id → names in English, Indonesian, Chinese, and its territory.
fn names() -> &'static HashMap<String, [String; 4]> {
    static NAMES: OnceLock<HashMap<String, [String; 4]>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let mut text = String::new();
        // The file is embedded and checked by the tests: unreadable means empty.
        let _ = flate2::read::GzDecoder::new(NAMES_GZ).read_to_string(&mut text);
        text.lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|line| {
                let mut parts = line.split('\t');
                let zone = parts.next()?.to_owned();
                let names = [
                    parts.next()?.to_owned(),
                    parts.next()?.to_owned(),
                    parts.next()?.to_owned(),
                    parts.next().unwrap_or_default().to_owned(),
                ];
                Some((zone, names))
            })
            .collect()
    })
}

/// The name of IANA zone `zone` in `lang`.
pub fn zone_name(zone: &str, lang: Lang) -> Option<&'static str> {
    let names = names().get(zone)?;
    Some(match lang {
        Lang::En => &names[0],
        Lang::Id => &names[1],
        Lang::Zh => &names[2],
    })
}

/// The territory (ISO 3166 alpha-2) `zone` belongs to, per CLDR.
pub fn territory(zone: &str) -> Option<&'static str> {
    names()
        .get(zone)
        .map(|n| n[3].as_str())
        .filter(|t| !t.is_empty())
}

/// "UTC+7", "UTC+5:30", "UTC-3", "UTC+0".
fn utc_offset(seconds: i32) -> String {
    let sign = if seconds < 0 { '-' } else { '+' };
    let (hours, minutes) = (seconds.abs() / 3600, seconds.abs() % 3600 / 60);
    if minutes == 0 {
        format!("UTC{sign}{hours}")
    } else {
        format!("UTC{sign}{hours}:{minutes:02}")
    }
}

/// "Western Indonesia Time (UTC+7), 15:04" for `zone` at `now_ms`, in
/// `lang`; `None` for a zone the database does not know.
pub fn describe(zone: &str, lang: Lang, now_ms: i64) -> Option<String> {
    let tz = jiff::tz::TimeZone::get(zone).ok()?;
    let local = jiff::Timestamp::from_millisecond(now_ms).ok()?.to_zoned(tz);
    let offset = utc_offset(local.offset().seconds());
    let name = zone_name(zone, lang).unwrap_or(zone);
    Some(format!(
        "{name} ({offset}), {:02}:{:02}",
        local.hour(),
        local.minute()
    ))
}

/// The UTC offset of `zone` at `at_ms`, in minutes east of UTC.
pub fn offset_minutes(zone: &str, at_ms: i64) -> Option<i32> {
    let tz = jiff::tz::TimeZone::get(zone).ok()?;
    let at = jiff::Timestamp::from_millisecond(at_ms).ok()?;
    Some(tz.to_offset(at).seconds() / 60)
}

/// The one offset a number's `zones` share at `at_ms` — those of its own
/// `region` when there are any (a UK mobile is not also Jersey's) — or
/// `None` when they differ or none is known.
pub fn common_offset(zones: &[Box<str>], region: Option<&str>, at_ms: i64) -> Option<i32> {
    let own: Vec<&str> = zones
        .iter()
        .map(|z| &**z)
        .filter(|z| region.is_some() && territory(z) == region)
        .collect();
    let shown: Vec<&str> = if own.is_empty() {
        zones.iter().map(|z| &**z).collect()
    } else {
        own
    };
    let mut offsets = shown.iter().map(|z| offset_minutes(z, at_ms));
    let first = offsets.next()??;
    offsets.all(|o| o == Some(first)).then_some(first)
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOV_24_2026_0810_UTC: i64 = 1_795_507_800_000;

    #[test]
    fn zones_read_as_their_names_with_offset_and_local_time() {
        assert_eq!(
            describe("Asia/Jakarta", Lang::En, NOV_24_2026_0810_UTC).as_deref(),
            Some("Western Indonesia Time (UTC+7), 15:10")
        );
        assert_eq!(
            describe("Asia/Jakarta", Lang::Id, NOV_24_2026_0810_UTC).as_deref(),
            Some("Waktu Indonesia Barat (UTC+7), 15:10")
        );
        assert_eq!(
            describe("Asia/Calcutta", Lang::Zh, NOV_24_2026_0810_UTC).as_deref(),
            Some("印度时间 (UTC+5:30), 13:40")
        );
        assert_eq!(
            describe("America/New_York", Lang::En, NOV_24_2026_0810_UTC).as_deref(),
            Some("Eastern Time (UTC-5), 03:10")
        );
        assert_eq!(
            describe("Europe/London", Lang::En, NOV_24_2026_0810_UTC).as_deref(),
            Some("United Kingdom Time (UTC+0), 08:10")
        );
        assert_eq!(describe("Nowhere/Atlantis", Lang::En, 0), None);
    }

    #[test]
    fn a_number_has_an_offset_only_when_its_zones_agree() {
        let zones = |names: &[&str]| {
            names
                .iter()
                .map(|&n| Box::from(n))
                .collect::<Vec<Box<str>>>()
        };
        let at = NOV_24_2026_0810_UTC;
        assert_eq!(
            common_offset(&zones(&["Asia/Jakarta"]), Some("ID"), at),
            Some(420)
        );
        assert_eq!(
            common_offset(&zones(&["Asia/Jakarta", "Asia/Makassar"]), Some("ID"), at),
            None
        );
        assert_eq!(
            common_offset(
                &zones(&["Europe/Guernsey", "Europe/London"]),
                Some("GB"),
                at
            ),
            Some(0)
        );
        assert_eq!(
            common_offset(&zones(&["Asia/Calcutta"]), None, at),
            Some(330)
        );
        assert_eq!(common_offset(&[], Some("ID"), at), None);
        assert_eq!(common_offset(&zones(&["Nowhere/Atlantis"]), None, at), None);
    }

    #[test]
    fn every_zone_of_the_phone_data_has_a_name_in_each_language() {
        assert!(names().len() > 250, "{}", names().len());
        assert_eq!(
            (territory("Europe/London"), territory("Europe/Guernsey")),
            (Some("GB"), Some("GG"))
        );
        for (zone, [en, id, zh, _]) in names() {
            assert!(!en.is_empty() && !id.is_empty() && !zh.is_empty(), "{zone}");
            assert!(
                jiff::tz::TimeZone::get(zone).is_ok(),
                "{zone} unknown to the embedded tz database"
            );
        }
    }
}
