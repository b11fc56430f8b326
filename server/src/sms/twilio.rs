//! Twilio: sending through the Messages API, and reading what Twilio posts
//! back (delivery reports, inbound keywords) after checking its signature.
//! Looking a message up after a lost answer is in [`lookup`].
use super::{OutgoingSms, SentSms, SmsError};
use crate::config::TwilioConfig;
use crate::sms::DeliveryReport;
use crate::twilio::{NoAnswer, TwilioApi};
use serde::Deserialize;
use std::time::Duration;

mod lookup;
mod webhook;

use webhook::report_for_status;
pub use webhook::{keyword_reply_twiml, parse_keyword, parse_status};

/// How long one API call may take: a locate request waits on it, and the
/// queue retries a timeout later ([`SmsError::is_transient`]).
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

/// The path Twilio posts delivery reports to (our `StatusCallback`).
pub const STATUS_PATH: &str = "/webhooks/twilio/status";

/// The path Twilio posts incoming messages to (set on the number or the
/// Messaging Service in Twilio's console).
pub const INBOUND_PATH: &str = "/webhooks/twilio/inbound";

/// Who the messages come from.
#[derive(Clone, Debug)]
enum Sender {
    /// A number or alphanumeric ID (`From`).
    From(String),
    /// A Messaging Service, which picks the number (`MessagingServiceSid`).
    MessagingService(String),
}

/// A Twilio account ready to send. `Debug` redacts the token.
#[derive(Clone, Debug)]
pub struct TwilioClient {
    api: TwilioApi,
    sender: Sender,
    /// `{PUBLIC_BASE_URL}/webhooks/twilio/status`
    status_callback: String,
}

impl TwilioClient {
    /// The client for `config`, with [`DEFAULT_TIMEOUT`].
    ///
    /// # Errors
    /// See [`TwilioClient::new`].
    pub fn from_config(
        config: &TwilioConfig,
        public_base_url: &str,
    ) -> anyhow::Result<TwilioClient> {
        TwilioClient::new(config, public_base_url, DEFAULT_TIMEOUT)
    }

    /// The client for `config`; delivery reports go to `public_base_url` +
    /// [`STATUS_PATH`]; every call gives up after `timeout` (tests use a short one).
    ///
    /// # Errors
    /// A missing SID, token or sender, or the HTTP client cannot be built.
    pub fn new(
        config: &TwilioConfig,
        public_base_url: &str,
        timeout: Duration,
    ) -> anyhow::Result<TwilioClient> {
        config.check_complete()?;
        let api = TwilioApi::new(config, timeout)?;
        let sender = match (&config.messaging_service_sid, &config.from) {
            (Some(service), _) => Sender::MessagingService(service.clone()),
            (None, Some(from)) => Sender::From(from.clone()),
            (None, None) => {
                anyhow::bail!("TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID is required")
            }
        };
        Ok(TwilioClient {
            api,
            sender,
            status_callback: format!("{}{STATUS_PATH}", public_base_url.trim_end_matches('/')),
        })
    }

    /// Creates the message at Twilio (`POST …/Messages.json`).
    ///
    /// # Errors
    /// See [`TwilioClient::send_tracked`].
    pub async fn send(&self, sms: &OutgoingSms) -> Result<SentSms, SmsError> {
        self.send_tracked(sms, None).await
    }

    /// Creates the message; its delivery reports go to our `StatusCallback`
    /// with `?sms=<queue_id>` (the signature covers the query).
    ///
    /// # Errors
    /// [`SmsError::Timeout`], [`SmsError::Connection`], [`SmsError::Rejected`]
    /// (Twilio's error `code`), or [`SmsError::BadResponse`].
    pub async fn send_tracked(
        &self,
        sms: &OutgoingSms,
        queue_id: Option<i64>,
    ) -> Result<SentSms, SmsError> {
        let sender = match &self.sender {
            Sender::From(from) => ("From", from.as_str()),
            Sender::MessagingService(sid) => ("MessagingServiceSid", sid.as_str()),
        };
        let callback = match queue_id {
            Some(id) => format!("{}?sms={id}", self.status_callback),
            None => self.status_callback.clone(),
        };
        let form = [
            ("To", sms.to.as_str()),
            sender,
            ("Body", sms.body.as_str()),
            ("StatusCallback", callback.as_str()),
        ];
        let answer = self.api.post("Messages", &form).await?;
        if answer.status.is_success() {
            let message: MessageResource =
                serde_json::from_slice(&answer.body).map_err(|_| SmsError::BadResponse)?;
            let report = report_for_status(&message.status).unwrap_or(DeliveryReport::Accepted);
            if let Some(code) = message.error_code {
                tracing::warn!(code, status = %message.status, "twilio accepted the message with an error code");
            }
            Ok(SentSms {
                provider_id: message.sid,
                report,
            })
        } else {
            Err(SmsError::Rejected {
                status: answer.status.as_u16(),
                code: answer.error_code(),
            })
        }
    }

    /// The account's API (webhooks check their signature with it).
    pub fn api(&self) -> &TwilioApi {
        &self.api
    }
}

/// The parts of Twilio's message resource we use.
#[derive(Deserialize)]
struct MessageResource {
    sid: String,
    #[serde(default)]
    status: String,
    #[serde(default)]
    error_code: Option<i64>,
}

impl From<NoAnswer> for SmsError {
    fn from(NoAnswer(kind): NoAnswer) -> SmsError {
        match kind {
            None => SmsError::Timeout,
            Some(kind) => SmsError::Connection { kind },
        }
    }
}
