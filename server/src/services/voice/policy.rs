//! Where and when a voice message may ring: never in the called number's
//! night, never in regions whose law wants prior consent to artificial-voice
//! calls, never to a number on the do-not-contact registry.
use crate::config::VoiceSettings;
use crate::domain::phone_data::PhoneData;
use jiff::{tz::TimeZone, Timestamp};

/// How finely the next allowed moment is searched for.
const STEP_MS: i64 = 15 * 60_000;
/// Two days of steps: every combination of zones has daytime within that.
const HORIZON_STEPS: i64 = 2 * 24 * 4;

/// The IANA time zones of `e164` from the numbering plan's prefix tables;
/// `UTC` when the plan names none (a protective guess is better than none).
pub fn zones_of(data: &PhoneData, e164: &str) -> Vec<TimeZone> {
    let digits = e164.trim_start_matches('+');
    let zones: Vec<TimeZone> = data
        .time_zones(digits)
        .iter()
        .filter_map(|name| TimeZone::get(name).ok())
        .collect();
    if zones.is_empty() {
        vec![TimeZone::UTC]
    } else {
        zones
    }
}

/// Whether `hour` is inside the quiet hours `[start, end)`, which may wrap midnight.
fn is_quiet_hour(hour: i8, start: u8, end: u8) -> bool {
    let (hour, start, end) = (i16::from(hour), i16::from(start), i16::from(end));
    if start <= end {
        (start..end).contains(&hour)
    } else {
        hour >= start || hour < end
    }
}

/// Whether `at_ms` is quiet in any of `zones`: a number that spans zones
/// (Indonesia's mobiles: WIB, WITA, WIT) rings only when it is day in all.
pub fn is_quiet(zones: &[TimeZone], at_ms: i64, settings: &VoiceSettings) -> bool {
    let Ok(instant) = Timestamp::from_millisecond(at_ms) else {
        return true;
    };
    zones.iter().any(|zone| {
        is_quiet_hour(
            instant.to_zoned(zone.clone()).hour(),
            settings.quiet_start_hour,
            settings.quiet_end_hour,
        )
    })
}

/// `None` when a call may ring now; otherwise the first moment (to the
/// quarter hour) when it may.
pub fn quiet_until(zones: &[TimeZone], now_ms: i64, settings: &VoiceSettings) -> Option<i64> {
    if !is_quiet(zones, now_ms, settings) {
        return None;
    }
    let first = now_ms - now_ms.rem_euclid(STEP_MS) + STEP_MS;
    (0..HORIZON_STEPS)
        .map(|step| first + step * STEP_MS)
        .find(|at| !is_quiet(zones, *at, settings))
        // Zones whose days never overlap (not on Earth): wait a day and look again.
        .or(Some(now_ms + 86_400_000))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> VoiceSettings {
        VoiceSettings::from_vars(&|_| None, "k".into()).unwrap()
    }

    fn at(rfc3339: &str) -> i64 {
        rfc3339.parse::<Timestamp>().unwrap().as_millisecond()
    }

    fn zone(name: &str) -> TimeZone {
        TimeZone::get(name).unwrap()
    }

    #[test]
    fn night_in_jakarta_is_quiet_and_ends_at_eight() {
        let jakarta = [zone("Asia/Jakarta")];
        // 22:30 in Jakarta (UTC+7).
        let night = at("2026-11-23T15:30:00Z");
        assert!(is_quiet(&jakarta, night, &settings()));
        assert_eq!(
            quiet_until(&jakarta, night, &settings()),
            Some(at("2026-11-24T01:00:00Z"))
        );
        // 10:00 in Jakarta.
        assert_eq!(
            quiet_until(&jakarta, at("2026-11-24T03:00:00Z"), &settings()),
            None
        );
        // 07:59 is still night, 08:00 is day, 20:59 day, 21:00 night.
        assert!(is_quiet(&jakarta, at("2026-11-24T00:59:00Z"), &settings()));
        assert!(!is_quiet(&jakarta, at("2026-11-24T01:00:00Z"), &settings()));
        assert!(!is_quiet(&jakarta, at("2026-11-24T13:59:00Z"), &settings()));
        assert!(is_quiet(&jakarta, at("2026-11-24T14:00:00Z"), &settings()));
    }

    #[test]
    fn a_number_spanning_zones_rings_only_when_it_is_day_in_all() {
        let indonesia = [
            zone("Asia/Jakarta"),
            zone("Asia/Makassar"),
            zone("Asia/Jayapura"),
        ];
        // 08:30 in Jakarta is 10:30 in Jayapura: day everywhere.
        assert!(!is_quiet(
            &indonesia,
            at("2026-11-24T01:30:00Z"),
            &settings()
        ));
        // 19:30 in Jakarta is 21:30 in Jayapura: quiet.
        let evening = at("2026-11-24T12:30:00Z");
        assert!(is_quiet(&indonesia, evening, &settings()));
        // Next: 08:00 in Jakarta (the westernmost zone wakes last).
        assert_eq!(
            quiet_until(&indonesia, evening, &settings()),
            Some(at("2026-11-25T01:00:00Z"))
        );
    }

    #[test]
    fn daylight_saving_time_is_respected() {
        let london = [zone("Europe/London")];
        // 07:30 UTC in July is 08:30 BST: day. The same UTC time in January is 07:30 GMT: night.
        assert!(!is_quiet(&london, at("2026-07-01T07:30:00Z"), &settings()));
        assert!(is_quiet(&london, at("2026-01-15T07:30:00Z"), &settings()));
    }

    #[test]
    fn zones_come_from_the_numbering_plan() {
        let data = PhoneData::global();
        let names: Vec<String> = zones_of(data, "+6281234567890")
            .iter()
            .filter_map(|z| z.iana_name().map(str::to_owned))
            .collect();
        assert!(names.iter().any(|n| n == "Asia/Jakarta"), "{names:?}");
        assert_eq!(zones_of(data, "+999").len(), 1);
    }
}
