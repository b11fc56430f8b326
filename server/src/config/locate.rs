//! Limits of the locate-with-consent flow: how long links and positions
//! last, and how many requests an account and a number may see per day.
use anyhow::Result;

/// Limits of the locate-with-consent flow.
#[derive(Clone, Debug)]
pub struct LocateSettings {
    /// How long the owner's link works.
    pub link_ttl_ms: i64,
    /// How long a shared position is kept.
    pub retention_ms: i64,
    /// Requests one account may create per 24 hours.
    pub cap_per_requester_day: u64,
    /// Requests one account may create for the same number per 24 hours.
    pub cap_per_requester_number_day: u64,
    /// Requests one number may receive per 24 hours, from everybody together.
    pub cap_per_number_day: u64,
    /// Positions one live sharing may send per minute.
    pub live_updates_per_minute: i32,
}

impl super::Vars<'_> {
    pub(super) fn locate(&self) -> Result<LocateSettings> {
        Ok(LocateSettings {
            link_ttl_ms: self.parsed::<i64>("LOCATE_LINK_TTL_SECS", "86400")? * 1000,
            retention_ms: self.parsed::<i64>("LOCATE_RETENTION_DAYS", "30")? * 86_400_000,
            cap_per_requester_day: self.parsed("LOCATE_CAP_REQUESTER_DAY", "10")?,
            cap_per_requester_number_day: self.parsed("LOCATE_CAP_REQUESTER_NUMBER_DAY", "2")?,
            cap_per_number_day: self.parsed("LOCATE_CAP_NUMBER_DAY", "3")?,
            live_updates_per_minute: self.parsed("LOCATE_LIVE_UPDATES_PER_MIN", "12")?,
        })
    }
}
