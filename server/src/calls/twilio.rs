//! Twilio's Calls API: `POST …/Calls.json` with inline TwiML and a signed
//! status callback naming our call reference; `GET …/Calls.json?To=…` to
//! find a call after a lost answer; `X-Twilio-Signature` checks of what
//! Twilio posts back (the same scheme as for SMS).
use super::twiml::progress_of;
use super::{CallError, CallProgress, CallQuery, OutgoingCall, PlacedCall, STATUS_PATH};
use crate::config::Config;
use crate::twilio::{NoAnswer, TwilioApi};
use anyhow::Context as _;
use serde::Deserialize;
use std::time::Duration;

/// A Twilio account ready to call. `Debug` redacts the token.
#[derive(Clone, Debug)]
pub struct TwilioCalls {
    api: TwilioApi,
    /// The service's caller ID.
    from: String,
    /// `{PUBLIC_BASE_URL}/webhooks/twilio/call-status`
    status_callback: String,
}

impl TwilioCalls {
    /// The client of `config` (shares the SMS account settings).
    ///
    /// # Errors
    /// Missing account settings or caller ID, or the HTTP client cannot be built.
    pub fn from_config(config: &Config) -> anyhow::Result<TwilioCalls> {
        let from = config
            .calls
            .voice_from
            .clone()
            .context("TWILIO_VOICE_FROM is not set")?;
        let timeout = Duration::from_secs(config.calls.timeout_secs.max(1));
        Ok(TwilioCalls {
            api: TwilioApi::new(&config.twilio, timeout)?,
            from,
            status_callback: format!(
                "{}{STATUS_PATH}",
                config.public_base_url.trim_end_matches('/')
            ),
        })
    }

    /// Creates the call; its progress goes to our `StatusCallback` with `?call=<call_ref>`.
    ///
    /// # Errors
    /// Time-out, connection, refusal (Twilio's `code`), or an unreadable answer.
    pub async fn place(
        &self,
        call: &OutgoingCall,
        call_ref: &str,
    ) -> Result<PlacedCall, CallError> {
        let callback = format!("{}?call={call_ref}", self.status_callback);
        let form = [
            ("To", call.to.as_str()),
            ("From", self.from.as_str()),
            ("Twiml", call.twiml.as_str()),
            ("StatusCallback", callback.as_str()),
            ("StatusCallbackMethod", "POST"),
            ("StatusCallbackEvent", "initiated"),
            ("StatusCallbackEvent", "ringing"),
            ("StatusCallbackEvent", "answered"),
            ("StatusCallbackEvent", "completed"),
            // Ring for half a minute, as a person would.
            ("Timeout", "30"),
        ];
        let answer = self.api.post("Calls", &form).await?;
        if answer.status.is_success() {
            let call: CallResource =
                serde_json::from_slice(&answer.body).map_err(|_| CallError::BadResponse)?;
            Ok(PlacedCall {
                progress: progress_of(&call.status).unwrap_or(CallProgress::Queued),
                provider_id: call.sid,
            })
        } else {
            Err(CallError::Rejected {
                status: answer.status.as_u16(),
                code: answer.error_code(),
            })
        }
    }

    /// Our newest call to the number created at or after the attempt (a
    /// minute of clock difference allowed) that no other message owns. Only
    /// one call per number is ever in flight, so that call is the one whose
    /// answer was lost.
    ///
    /// # Errors
    /// The list could not be read.
    pub async fn lookup(&self, query: &CallQuery<'_>) -> Result<Option<PlacedCall>, CallError> {
        let (to, since_ms) = (query.to, query.since_ms);
        let day = jiff::Timestamp::from_millisecond(since_ms - 60_000)
            .map_err(|_| CallError::BadResponse)?
            .strftime("%Y-%m-%d")
            .to_string();
        let params = [
            ("To", to),
            ("From", self.from.as_str()),
            ("StartTime>", day.as_str()),
            ("PageSize", "20"),
        ];
        let answer = self.api.get("Calls", &params).await?;
        if !answer.status.is_success() {
            return Err(CallError::Rejected {
                status: answer.status.as_u16(),
                code: None,
            });
        }
        let list: CallList =
            serde_json::from_slice(&answer.body).map_err(|_| CallError::BadResponse)?;
        let created = |c: &CallResource| {
            c.date_created
                .as_deref()
                .and_then(|d| jiff::fmt::rfc2822::parse(d).ok())
                .map(|z| z.timestamp().as_millisecond())
        };
        Ok(list
            .calls
            .into_iter()
            .filter(|c| {
                c.to == to
                    && !query.exclude.contains(&c.sid)
                    && created(c).is_some_and(|at| at >= since_ms - 60_000)
            })
            .max_by_key(|c| created(c).unwrap_or_default())
            .map(|c| PlacedCall {
                progress: progress_of(&c.status).unwrap_or(CallProgress::Queued),
                provider_id: c.sid,
            }))
    }

    /// The account's API (webhooks check their signature with it).
    pub fn api(&self) -> &TwilioApi {
        &self.api
    }
}

/// The parts of Twilio's call resource we use.
#[derive(Deserialize)]
struct CallResource {
    sid: String,
    #[serde(default)]
    to: String,
    #[serde(default)]
    status: String,
    #[serde(default)]
    date_created: Option<String>,
}

#[derive(Deserialize)]
struct CallList {
    #[serde(default)]
    calls: Vec<CallResource>,
}

impl From<NoAnswer> for CallError {
    fn from(NoAnswer(kind): NoAnswer) -> CallError {
        match kind {
            None => CallError::Timeout,
            Some(kind) => CallError::Connection { kind },
        }
    }
}
