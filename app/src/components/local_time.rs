//! Times as the reader lives them. The server renders the best zone it
//! knows — UTC, named, or a fixed offset it was given (the owner's page: the
//! zone of the owner's number) — and once the page is interactive the
//! browser's own zone replaces it, with its name ("GMT+7", "CET"). The
//! first paint is the server's text on both sides, so hydration matches.
use crate::dates::UtcMinute;
use crate::i18n::{t, Key, Locale};
use leptos::prelude::*;

/// "UTC", "UTC+7", "UTC+5:30", "UTC-3" for an offset in minutes east of UTC.
pub fn offset_label(offset_min: i32) -> String {
    if offset_min == 0 {
        return "UTC".to_owned();
    }
    let sign = if offset_min < 0 { '-' } else { '+' };
    let (hours, minutes) = (offset_min.abs() / 60, offset_min.abs() % 60);
    if minutes == 0 {
        format!("UTC{sign}{hours}")
    } else {
        format!("UTC{sign}{hours}:{minutes:02}")
    }
}

/// `YYYY-MM-DD HH:MM UTC+7`: the moment `ms` at a fixed offset, named.
pub fn format_offset_datetime(ms: i64, offset_min: i32) -> String {
    let shifted = ms.saturating_add(i64::from(offset_min) * 60_000);
    let minute = UtcMinute {
        ms: shifted,
        separator: ' ',
    };
    format!("{minute} {}", offset_label(offset_min))
}

/// `YYYY-MM-DD HH:MM` in the browser's zone, with the zone's short name.
#[cfg(feature = "browser")]
fn format_browser_datetime(ms: i64) -> String {
    let date = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64));
    // `getTimezoneOffset` is minutes *behind* UTC.
    let offset = -(date.get_timezone_offset() as i32);
    let name = browser_zone_name(&date).unwrap_or_else(|| offset_label(offset));
    format!(
        "{:04}-{:02}-{:02} {:02}:{:02} {name}",
        date.get_full_year(),
        date.get_month() + 1,
        date.get_date(),
        date.get_hours(),
        date.get_minutes()
    )
}

/// The browser's short name of its zone at `date` ("GMT+7", "CET").
#[cfg(feature = "browser")]
fn browser_zone_name(date: &js_sys::Date) -> Option<String> {
    use wasm_bindgen::JsCast;
    let options = js_sys::Object::new();
    js_sys::Reflect::set(&options, &"timeZoneName".into(), &"short".into()).ok()?;
    let format = js_sys::Intl::DateTimeFormat::new(&js_sys::Array::new(), &options);
    let parts = format.format_to_parts(date);
    parts.iter().find_map(|part| {
        let kind = js_sys::Reflect::get(&part, &"type".into()).ok()?;
        (kind.as_string()? == "timeZoneName")
            .then(|| js_sys::Reflect::get(&part, &"value".into()).ok())
            .flatten()?
            .dyn_into::<js_sys::JsString>()
            .ok()
            .map(String::from)
    })
}

/// The moment `ms` in a `<time>`: the server's zone (`offset_min`, or UTC)
/// first, the browser's own zone once interactive (inside islands).
#[component]
pub fn LocalTime(
    ms: i64,
    /// The best zone the server knows, minutes east of UTC (0: UTC).
    #[prop(default = 0)]
    offset_min: i32,
) -> impl IntoView {
    let text = RwSignal::new(format_offset_datetime(ms, offset_min));
    #[cfg(feature = "browser")]
    Effect::new(move |_| text.set(format_browser_datetime(ms)));
    let machine = format!("{}Z", UtcMinute { ms, separator: 'T' });
    view! { <time datetime=machine>{move || text.get()}</time> }
}

/// A sentence of `key` whose `{time}` is the moment `ms` as [`LocalTime`].
#[component]
pub fn TimedText(
    locale: Locale,
    key: Key,
    ms: i64,
    #[prop(default = 0)] offset_min: i32,
) -> impl IntoView {
    let sentence = t(locale, key);
    let (before, after) = sentence.split_once("{time}").unwrap_or((sentence, ""));
    view! { {before}<LocalTime ms=ms offset_min=offset_min/>{after} }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_offsets_shift_the_clock_and_name_the_offset() {
        let ms = 1_700_000_000_000; // 2023-11-14 22:13 UTC
        assert_eq!(format_offset_datetime(ms, 0), "2023-11-14 22:13 UTC");
        assert_eq!(format_offset_datetime(ms, 420), "2023-11-15 05:13 UTC+7");
        assert_eq!(format_offset_datetime(ms, 330), "2023-11-15 03:43 UTC+5:30");
        assert_eq!(format_offset_datetime(ms, -300), "2023-11-14 17:13 UTC-5");
    }

    #[test]
    fn the_machine_readable_time_is_the_utc_minute() {
        let ms = 1_700_000_000_000; // 2023-11-14 22:13 UTC
        let minute = UtcMinute { ms, separator: 'T' };
        assert_eq!(format!("{minute}Z"), "2023-11-14T22:13Z");
        assert_eq!(
            crate::dates::format_utc_datetime(ms),
            "2023-11-14 22:13 UTC"
        );
    }
}
