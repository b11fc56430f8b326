//! Clock and date helpers the account pages share on either side.
pub use crate::dates::{format_utc_date, format_utc_datetime};

/// The current time in ms since the Unix epoch, on either side.
pub fn now_ms() -> i64 {
    #[cfg(feature = "browser")]
    {
        js_sys::Date::now() as i64
    }
    #[cfg(not(feature = "browser"))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn now_is_after_2024() {
        assert!(now_ms() > 1_704_067_200_000);
    }
}
