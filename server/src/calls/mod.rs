//! Phone calls that deliver voice messages: Twilio's Calls API in
//! production ([`twilio`]), or the built-in sandbox ([`sandbox`]) that keeps
//! each call in the developer outbox to be played at `/dev/calls`. The
//! caller ID is always the service's own number. Like SMS, nothing here
//! logs a full number (only its calling code).
pub mod sandbox;
pub mod twilio;
pub mod twiml;

use crate::config::{CallProvider, Config};
use sea_orm::DatabaseConnection;

/// Where Twilio posts the progress of a call (our `StatusCallback`, with `?call=<ref>`).
pub const STATUS_PATH: &str = "/webhooks/twilio/call-status";
/// Where Twilio posts the key pressed during the message (`<Gather action>`).
pub const GATHER_PATH: &str = "/webhooks/twilio/call-gather";

/// Where a call stands, as the provider reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallProgress {
    Queued,
    Ringing,
    InProgress,
    /// Answered and ended.
    Completed,
    Busy,
    NoAnswer,
    Failed,
    Canceled,
}

/// A call to place: the recipient and the script (TwiML) it runs.
#[derive(Clone, PartialEq, Eq)]
pub struct OutgoingCall {
    /// E.164.
    pub to: String,
    pub twiml: String,
}

/// `Debug` names the calling code only.
impl std::fmt::Debug for OutgoingCall {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OutgoingCall")
            .field("to", &crate::domain::phone::country_code(&self.to))
            .finish_non_exhaustive()
    }
}

/// Which call a lookup looks for: ours to `to`, placed at or after
/// `since_ms`, named `call_ref` — and none of the calls in `exclude` (they
/// belong to other messages to the same number).
#[derive(Clone, Debug)]
pub struct CallQuery<'a> {
    pub to: &'a str,
    pub since_ms: i64,
    pub call_ref: &'a str,
    pub exclude: &'a [String],
}

/// What the provider said when it took the call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacedCall {
    pub provider_id: String,
    pub progress: CallProgress,
}

/// Why a call was not (known to be) placed. Safe to log: no number, no token.
#[derive(Debug, thiserror::Error)]
pub enum CallError {
    #[error("the recipient is not an E.164 number")]
    InvalidRecipient,
    #[error("the call provider did not answer in time")]
    Timeout,
    #[error("cannot reach the call provider ({kind})")]
    Connection { kind: &'static str },
    #[error("the call provider refused the call (HTTP {status}{})", code.map(|c| format!(", code {c}")).unwrap_or_default())]
    Rejected { status: u16, code: Option<i64> },
    #[error("the call provider's answer was not understood")]
    BadResponse,
    #[error("storing the sandbox call failed: {0}")]
    Outbox(#[from] sea_orm::DbErr),
}

impl CallError {
    /// Whether trying again later may succeed (time-outs, connection
    /// failures, 429 and 5xx); a 4xx refusal fails the same way every time.
    pub fn is_transient(&self) -> bool {
        match self {
            CallError::Timeout | CallError::Connection { .. } | CallError::Outbox(_) => true,
            CallError::Rejected { status, .. } => *status == 429 || *status >= 500,
            CallError::InvalidRecipient | CallError::BadResponse => false,
        }
    }

    /// Whether the provider may have placed the call although no clear
    /// answer came back: such a call is looked up, never placed again blindly.
    pub fn outcome_unknown(&self) -> bool {
        match self {
            CallError::Timeout | CallError::BadResponse => true,
            CallError::Connection { kind } => *kind != "connect",
            CallError::InvalidRecipient | CallError::Rejected { .. } | CallError::Outbox(_) => {
                false
            }
        }
    }
}

/// Places calls. Built once at start and shared through `AppState::calls`.
pub enum CallPlacer {
    Twilio(twilio::TwilioCalls),
    Sandbox(DatabaseConnection),
}

impl CallPlacer {
    /// The provider `config` names.
    ///
    /// # Errors
    /// Incomplete Twilio settings, or the HTTP client cannot be built.
    pub fn from_config(config: &Config, db: DatabaseConnection) -> anyhow::Result<CallPlacer> {
        Ok(match config.calls.provider {
            CallProvider::Sandbox => CallPlacer::Sandbox(db),
            CallProvider::Twilio => CallPlacer::Twilio(twilio::TwilioCalls::from_config(config)?),
        })
    }

    /// Places `call`; `call_ref` names it in the provider's callbacks.
    ///
    /// # Errors
    /// See [`CallError`]; callers decide with [`CallError::outcome_unknown`] and [`CallError::is_transient`].
    pub async fn place(
        &self,
        call: &OutgoingCall,
        call_ref: &str,
    ) -> Result<PlacedCall, CallError> {
        if !crate::domain::phone::is_e164(&call.to) {
            return Err(CallError::InvalidRecipient);
        }
        let placed = match self {
            CallPlacer::Twilio(client) => client.place(call, call_ref).await,
            CallPlacer::Sandbox(db) => sandbox::place(db, call, call_ref).await,
        };
        let country = crate::domain::phone::country_code(&call.to);
        match &placed {
            Ok(p) => tracing::info!(country, provider_id = %p.provider_id, "voice call placed"),
            Err(e) => tracing::warn!(country, error = %e, "voice call not placed"),
        }
        placed
    }

    /// The call `query` describes, if the provider has it.
    ///
    /// # Errors
    /// The lookup itself failed: nothing is known yet.
    pub async fn lookup(&self, query: &CallQuery<'_>) -> Result<Option<PlacedCall>, CallError> {
        match self {
            CallPlacer::Twilio(client) => client.lookup(query).await,
            CallPlacer::Sandbox(db) => sandbox::lookup(db, query).await,
        }
    }

    /// The Twilio client, when that is the provider (webhooks verify with it).
    pub fn twilio(&self) -> Option<&twilio::TwilioCalls> {
        match self {
            CallPlacer::Twilio(client) => Some(client),
            CallPlacer::Sandbox(_) => None,
        }
    }
}
