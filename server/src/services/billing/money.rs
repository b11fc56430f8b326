//! Money and cycle conversions between rows and the provider contract.
use crate::payments::Money;
use crate::services::pricing::format_minor;
use app_core::model::price::{amount_text, home_locale};
use app_core::model::Cycle;

/// Length of a day in ms.
pub const DAY_MS: i64 = 86_400_000;

/// A row's amount as [`Money`].
pub fn of(minor: i64, currency: &str, exponent: i32) -> Money {
    Money {
        minor,
        currency: currency.to_owned(),
        exponent: exponent.unsigned_abs(),
    }
}

/// For display, as the currency's home country writes it: `Rp 190.000`, `$29.99`.
pub fn text(minor: i64, currency: &str, exponent: i32) -> String {
    let exponent = i16::try_from(exponent).unwrap_or(2);
    amount_text(
        home_locale(currency),
        currency,
        &format_minor(minor, exponent),
    )
}

/// The stored cycle name as a [`Cycle`] (unknown reads as monthly).
pub fn cycle(stored: &str) -> Cycle {
    if stored == "week" {
        Cycle::Week
    } else {
        Cycle::Month
    }
}

/// The end of a period of `cycle` starting at `start` (a month is 30 days:
/// the same length for everyone, stated on the plan).
pub fn period_end(start: i64, cycle: Cycle) -> i64 {
    match cycle {
        Cycle::Week => start + 7 * DAY_MS,
        Cycle::Month => start + 30 * DAY_MS,
    }
}
