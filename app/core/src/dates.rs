//! Dates shown to people, on both sides (server pages, browser islands, the
//! developer outbox): UTC, from milliseconds since the Unix epoch. The
//! calendar comes from the `time` crate, never from hand-written day math.
use crate::i18n::{t, t_args, Key, Locale};
use time::OffsetDateTime;

/// The UTC moment of `ms`, clamped to the range `time` supports (±9999 years)
/// so that no stored or typed number can make formatting fail.
fn utc(ms: i64) -> OffsetDateTime {
    let nanos = i128::from(ms) * 1_000_000;
    OffsetDateTime::from_unix_timestamp_nanos(nanos).unwrap_or(if ms < 0 {
        time::PrimitiveDateTime::MIN.assume_utc()
    } else {
        time::PrimitiveDateTime::MAX.assume_utc()
    })
}

/// `YYYY-MM-DD` (UTC).
pub fn format_utc_date(ms: i64) -> String {
    let at = utc(ms);
    format!(
        "{:04}-{:02}-{:02}",
        at.year(),
        u8::from(at.month()),
        at.day()
    )
}

/// `YYYY-MM-DD HH:MM` of a moment (UTC), with `separator` between the date
/// and the clock: written straight into the string that holds it (a list
/// of requests shows several times per row on every render).
#[derive(Clone, Copy, Debug)]
pub struct UtcMinute {
    pub ms: i64,
    pub separator: char,
}

impl std::fmt::Display for UtcMinute {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let at = utc(self.ms);
        write!(
            f,
            "{:04}-{:02}-{:02}{}{:02}:{:02}",
            at.year(),
            u8::from(at.month()),
            at.day(),
            self.separator,
            at.hour(),
            at.minute()
        )
    }
}

/// The UTC date in the words of `locale`: "November 25, 2026",
/// "25 November 2026", "2026年11月25日" (month names and order from the locale files).
pub fn format_local_date(ms: i64, locale: Locale) -> String {
    let at = utc(ms);
    let month = t(locale, MONTHS[usize::from(u8::from(at.month())) - 1]);
    let (day, year) = (at.day().to_string(), at.year().to_string());
    t_args(
        locale,
        Key::DateLong,
        &[("day", &day), ("month", month), ("year", &year)],
    )
}

const MONTHS: [Key; 12] = [
    Key::DateMonth1,
    Key::DateMonth2,
    Key::DateMonth3,
    Key::DateMonth4,
    Key::DateMonth5,
    Key::DateMonth6,
    Key::DateMonth7,
    Key::DateMonth8,
    Key::DateMonth9,
    Key::DateMonth10,
    Key::DateMonth11,
    Key::DateMonth12,
];

/// `YYYY-MM-DD HH:MM UTC`.
pub fn format_utc_datetime(ms: i64) -> String {
    let minute = UtcMinute { ms, separator: ' ' };
    format!("{minute} UTC")
}

/// `YYYY-MM-DD HH:MM:SS UTC`.
pub fn format_utc_seconds(ms: i64) -> String {
    let at = utc(ms);
    format!(
        "{} {:02}:{:02}:{:02} UTC",
        format_utc_date(ms),
        at.hour(),
        at.minute(),
        at.second()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_utc_dates_times_and_extremes() {
        assert_eq!(format_utc_date(0), "1970-01-01");
        assert_eq!(format_utc_date(951_782_400_000), "2000-02-29"); // leap day
        assert_eq!(format_utc_date(1_709_251_199_999), "2024-02-29"); // last ms of the day
        assert_eq!(format_utc_date(1_709_251_200_000), "2024-03-01");
        assert_eq!(format_utc_date(4_102_444_800_000), "2100-01-01");
        assert_eq!(format_utc_date(-86_400_000), "1969-12-31");
        assert_eq!(
            format_utc_datetime(1_700_000_000_000),
            "2023-11-14 22:13 UTC"
        );
        assert_eq!(
            format_utc_datetime(1_709_251_199_999),
            "2024-02-29 23:59 UTC"
        );
        assert_eq!(format_utc_date(1_735_689_599_000), "2024-12-31");
        assert_eq!(
            format_utc_seconds(1_795_253_405_000),
            "2026-11-21 09:30:05 UTC"
        );
        assert_eq!(format_utc_seconds(-1), "1969-12-31 23:59:59 UTC");
        assert_eq!(format_utc_date(i64::MAX), "9999-12-31");
        assert_eq!(format_utc_date(i64::MIN), "-9999-01-01");
    }

    #[test]
    fn local_dates_use_the_words_and_order_of_each_language() {
        let ms = 1_795_253_405_000; // 2026-11-21
        assert_eq!(format_local_date(ms, Locale::En), "November 21, 2026");
        assert_eq!(format_local_date(ms, Locale::Id), "21 November 2026");
        assert_eq!(format_local_date(ms, Locale::Zh), "2026年11月21日");
        assert_eq!(
            format_local_date(951_782_400_000, Locale::Id),
            "29 Februari 2000"
        );
        assert_eq!(format_local_date(0, Locale::En), "January 1, 1970");
        assert_eq!(format_local_date(i64::MAX, Locale::Zh), "9999年12月31日");
    }
}
