//! The subscription state shown on the billing page, from `Viewer::vip_time`.
pub use crate::dates::{format_utc_date, format_utc_datetime};

/// Whether the viewer has an active subscription at a given moment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlanStatus {
    /// Paid up until this UTC date (`YYYY-MM-DD`).
    ActiveUntil(String),
    /// Never subscribed (`vip_time` 0) or expired.
    Inactive,
}

impl PlanStatus {
    /// The status at `now_ms` (ms since the Unix epoch) for a `vip_time` expiry.
    pub fn at(vip_time_ms: i64, now_ms: i64) -> PlanStatus {
        if vip_time_ms > 0 && vip_time_ms > now_ms {
            PlanStatus::ActiveUntil(format_utc_date(vip_time_ms))
        } else {
            PlanStatus::Inactive
        }
    }
}

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
    fn status_depends_on_expiry_and_now() {
        let now = 1_700_000_000_000;
        assert_eq!(PlanStatus::at(0, now), PlanStatus::Inactive);
        assert_eq!(PlanStatus::at(now - 1, now), PlanStatus::Inactive);
        assert_eq!(PlanStatus::at(now, now), PlanStatus::Inactive);
        assert_eq!(PlanStatus::at(1_735_689_599_000, now), PlanStatus::ActiveUntil("2024-12-31".into()));
    }

    #[test]
    fn now_is_after_2024() {
        assert!(now_ms() > 1_704_067_200_000);
    }
}
