//! Limits and policy of anonymous voice messages. Every cap protects the
//! person called: a stranger's phone must not ring again and again.
use super::Secret;
use crate::domain::robocall_law;
use anyhow::{Context as _, Result};

/// Settings of the voice message flow.
#[derive(Clone, Debug)]
pub struct VoiceSettings {
    /// Messages one sender may send per day (`VOICE_CAP_SENDER_DAY`, 10).
    pub cap_per_sender_day: i32,
    /// Messages one number may receive per day from all senders together
    /// (`VOICE_CAP_NUMBER_DAY`, 2).
    pub cap_per_number_day: i32,
    /// Previews per visitor IP per hour (`VOICE_PREVIEWS_IP_HOUR`, 30):
    /// synthesis is cheap but not free, and visitors may preview.
    pub previews_per_ip_hour: i32,
    /// Local hours in which nobody is called, `[start, end)` over midnight
    /// (`VOICE_QUIET_HOURS`, `21-8`: no calls from 21:00 to 08:00).
    pub quiet_start_hour: u8,
    pub quiet_end_hour: u8,
    /// Regions (ISO 3166 alpha-2) where no voice message is delivered
    /// besides those the law protects (`domain::robocall_law`, always
    /// refused): `VOICE_BLOCKED_REGIONS`, empty by default, adds to them.
    pub blocked_regions: Vec<String>,
    /// Delay before the one retry after busy or no answer (`VOICE_RETRY_MINUTES`, 15).
    pub retry_delay_ms: i64,
    /// How long the text and audio are kept (`VOICE_RETENTION_DAYS`, 30).
    pub retention_ms: i64,
    /// Key of the signed, expiring audio URLs the call provider fetches
    /// (`VOICE_URL_KEY`; random per process when unset).
    pub url_key: Secret,
}

impl VoiceSettings {
    /// Reads the `VOICE_*` variables.
    ///
    /// # Errors
    /// A value that does not parse.
    pub fn from_vars(
        var: &dyn Fn(&str) -> Option<String>,
        random_key: String,
    ) -> Result<VoiceSettings> {
        let get = |name: &str| var(name).filter(|v| !v.trim().is_empty());
        let number = |name: &str, default: i64| -> Result<i64> {
            get(name).map_or(Ok(default), |v| {
                v.trim()
                    .parse()
                    .with_context(|| format!("{name}={v:?} is not a number"))
            })
        };
        let quiet = get("VOICE_QUIET_HOURS").unwrap_or_else(|| "21-8".to_owned());
        let (start, end) = quiet
            .split_once('-')
            .and_then(|(a, b)| Some((a.trim().parse::<u8>().ok()?, b.trim().parse::<u8>().ok()?)))
            .filter(|(a, b)| *a < 24 && *b < 24)
            .with_context(|| format!("VOICE_QUIET_HOURS={quiet:?} is not `start-end` in hours"))?;
        let regions = get("VOICE_BLOCKED_REGIONS").unwrap_or_default();
        Ok(VoiceSettings {
            cap_per_sender_day: i32::try_from(number("VOICE_CAP_SENDER_DAY", 10)?)?,
            cap_per_number_day: i32::try_from(number("VOICE_CAP_NUMBER_DAY", 2)?)?,
            previews_per_ip_hour: i32::try_from(number("VOICE_PREVIEWS_IP_HOUR", 30)?)?,
            quiet_start_hour: start,
            quiet_end_hour: end,
            blocked_regions: regions
                .split(',')
                .map(|r| r.trim().to_ascii_uppercase())
                .filter(|r| !r.is_empty())
                .collect(),
            retry_delay_ms: number("VOICE_RETRY_MINUTES", 15)? * 60_000,
            retention_ms: number("VOICE_RETENTION_DAYS", 30)? * 86_400_000,
            url_key: Secret::new(get("VOICE_URL_KEY").unwrap_or(random_key)),
        })
    }

    /// Whether voice messages may be delivered to numbers of `region`:
    /// never where the law wants prior consent, nor where the operator said no.
    pub fn delivers_to(&self, region: &str) -> bool {
        robocall_law::protecting(region).is_none()
            && !self
                .blocked_regions
                .iter()
                .any(|r| r.eq_ignore_ascii_case(region))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(pairs: &[(&str, &str)]) -> Result<VoiceSettings> {
        let map: std::collections::HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        VoiceSettings::from_vars(&|name| map.get(name).cloned(), "k".repeat(64))
    }

    #[test]
    fn defaults_protect_the_person_called() {
        let s = settings(&[]).unwrap();
        assert_eq!((s.quiet_start_hour, s.quiet_end_hour), (21, 8));
        for protected in crate::domain::robocall_law::PROTECTED {
            assert!(!s.delivers_to(protected.region), "{}", protected.region);
        }
        assert!(!s.delivers_to("ca") && s.delivers_to("JM"));
        assert!(s.delivers_to("ID") && s.delivers_to("GB"));
        assert_eq!((s.cap_per_sender_day, s.cap_per_number_day), (10, 2));
        assert_eq!(s.retention_ms, 30 * 86_400_000);
    }

    #[test]
    fn settings_are_read_and_bad_ones_refused() {
        let s = settings(&[
            ("VOICE_QUIET_HOURS", "22-7"),
            ("VOICE_BLOCKED_REGIONS", "de, fr"),
        ])
        .unwrap();
        assert_eq!((s.quiet_start_hour, s.quiet_end_hour), (22, 7));
        assert!(s.delivers_to("GB") && !s.delivers_to("DE") && !s.delivers_to("FR"));
        // The law's regions stay refused whatever the operator configures.
        assert!(!s.delivers_to("US") && !s.delivers_to("PR") && !s.delivers_to("GU"));
        assert!(settings(&[("VOICE_QUIET_HOURS", "25-7")]).is_err());
        assert!(settings(&[("VOICE_QUIET_HOURS", "night")]).is_err());
        assert!(settings(&[("VOICE_CAP_SENDER_DAY", "ten")]).is_err());
    }
}
