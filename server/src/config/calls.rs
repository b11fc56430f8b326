//! How voice message calls are placed: the built-in sandbox (calls are kept
//! and played at `/dev/calls`) or Twilio's Calls API.
use super::Secret;
use anyhow::{Context as _, Result};

/// The call provider.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallProvider {
    Sandbox,
    Twilio,
}

/// `CALL_PROVIDER` and the Twilio voice settings.
#[derive(Clone, Debug)]
pub struct CallsConfig {
    pub provider: CallProvider,
    /// The caller ID every recipient sees (`TWILIO_VOICE_FROM`): always the
    /// service's own number, never a sender's.
    pub voice_from: Option<String>,
    /// Time-out of each call to the provider (`CALL_TIMEOUT_SECS`, 10).
    pub timeout_secs: u64,
}

impl CallsConfig {
    /// Reads `CALL_PROVIDER`, `TWILIO_VOICE_FROM`, `CALL_TIMEOUT_SECS`.
    ///
    /// # Errors
    /// An unknown provider, a missing caller ID, or incomplete Twilio settings.
    pub fn from_vars(
        var: &dyn Fn(&str) -> Option<String>,
        twilio_sid: Option<&str>,
        twilio_token: Option<&Secret>,
    ) -> Result<CallsConfig> {
        let get = |name: &str| var(name).filter(|v| !v.trim().is_empty());
        let provider = match get("CALL_PROVIDER").as_deref().unwrap_or("sandbox") {
            "sandbox" => CallProvider::Sandbox,
            "twilio" => CallProvider::Twilio,
            other => anyhow::bail!("CALL_PROVIDER={other:?} is not valid (sandbox, twilio)"),
        };
        let config = CallsConfig {
            provider,
            voice_from: get("TWILIO_VOICE_FROM"),
            timeout_secs: get("CALL_TIMEOUT_SECS").map_or(Ok(10), |v| {
                v.parse().context("CALL_TIMEOUT_SECS is not a number")
            })?,
        };
        if provider == CallProvider::Twilio {
            anyhow::ensure!(
                config.voice_from.is_some(),
                "CALL_PROVIDER=twilio needs TWILIO_VOICE_FROM (the service's caller ID)"
            );
            anyhow::ensure!(
                twilio_sid.is_some() && twilio_token.is_some(),
                "CALL_PROVIDER=twilio needs TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN"
            );
        }
        Ok(config)
    }
}
