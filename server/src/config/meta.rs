//! Meta's Conversions API: which pixel conversions are reported for, and
//! how. Off unless both the pixel and the token are set.
use super::Secret;
use anyhow::{Context as _, Result};

/// Settings of the Conversions API adapter. `Debug` redacts the token.
#[derive(Clone, Debug)]
pub struct MetaSettings {
    /// `META_PIXEL_ID`: the pixel (dataset) events are sent to.
    pub pixel_id: Option<String>,
    /// `META_ACCESS_TOKEN`: the Conversions API token (never logged).
    pub access_token: Option<Secret>,
    /// `META_TEST_EVENT_CODE`: sends every event to Events Manager's test tab.
    pub test_event_code: Option<String>,
    /// `META_GRAPH_URL` (`https://graph.facebook.com`; tests point it at a loopback fake).
    pub graph_url: String,
    /// `META_API_VERSION` (`v23.0`).
    pub api_version: String,
    /// `META_TIMEOUT_SECS` (10): a slower answer is treated as unknown.
    pub timeout_secs: u64,
}

impl MetaSettings {
    /// Reads the variables above.
    ///
    /// # Errors
    /// A pixel id that is not digits, or a time-out that is not a positive number.
    pub fn from_vars(var: &dyn Fn(&str) -> Option<String>) -> Result<MetaSettings> {
        let set = |name: &str| {
            var(name)
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
        };
        let pixel_id = set("META_PIXEL_ID");
        if let Some(pixel) = &pixel_id {
            anyhow::ensure!(
                pixel.bytes().all(|b| b.is_ascii_digit()),
                "META_PIXEL_ID={pixel:?} is not a pixel id (digits)"
            );
        }
        let timeout_secs = set("META_TIMEOUT_SECS").map_or(Ok(10), |v| {
            v.parse::<u64>()
                .ok()
                .filter(|n| *n > 0)
                .with_context(|| format!("META_TIMEOUT_SECS={v:?} is not a positive number"))
        })?;
        Ok(MetaSettings {
            pixel_id,
            access_token: set("META_ACCESS_TOKEN").map(Secret::new),
            test_event_code: set("META_TEST_EVENT_CODE"),
            graph_url: set("META_GRAPH_URL")
                .unwrap_or_else(|| "https://graph.facebook.com".to_owned())
                .trim_end_matches('/')
                .to_owned(),
            api_version: set("META_API_VERSION").unwrap_or_else(|| "v23.0".to_owned()),
            timeout_secs,
        })
    }

    /// Whether events leave for Meta (pixel and token set). Otherwise they
    /// are only recorded in `meta_events` with status `kept`.
    pub fn enabled(&self) -> bool {
        self.pixel_id.is_some() && self.access_token.is_some()
    }
}
