//! Twilio: sending through the Messages API, and reading what Twilio posts
//! back (delivery reports, inbound keywords) after checking its signature.
//! Looking a message up after a lost answer is in [`lookup`].
use super::{OutgoingSms, SentSms, SmsError};
use crate::config::{Secret, TwilioConfig};
use crate::services::locate::sms_events::DeliveryReport;
use anyhow::Context as _;
use serde::Deserialize;
use std::time::Duration;

mod lookup;
mod signature;
mod webhook;

pub use signature::{signature, verify_signature};
use webhook::report_for_status;
pub use webhook::{param, parse_keyword, parse_status};

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
    http: reqwest::Client,
    account_sid: String,
    auth_token: Secret,
    sender: Sender,
    /// `{api_base}/2010-04-01/Accounts/{sid}/Messages.json`
    messages_url: String,
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
        let account_sid = config
            .account_sid
            .clone()
            .context("TWILIO_ACCOUNT_SID is not set")?;
        let auth_token = config
            .auth_token
            .clone()
            .context("TWILIO_AUTH_TOKEN is not set")?;
        let sender = match (&config.messaging_service_sid, &config.from) {
            (Some(service), _) => Sender::MessagingService(service.clone()),
            (None, Some(from)) => Sender::From(from.clone()),
            (None, None) => {
                anyhow::bail!("TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID is required")
            }
        };
        let http = reqwest::Client::builder()
            .timeout(timeout)
            .connect_timeout(timeout)
            // The API never redirects; following one could send the credentials elsewhere.
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .context("building the HTTP client for Twilio")?;
        Ok(TwilioClient {
            http,
            messages_url: format!(
                "{}/2010-04-01/Accounts/{account_sid}/Messages.json",
                config.api_base.trim_end_matches('/')
            ),
            account_sid,
            auth_token,
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
        let form = vec![
            ("To", sms.to.as_str()),
            sender,
            ("Body", sms.body.as_str()),
            ("StatusCallback", callback.as_str()),
        ];
        let response = self
            .http
            .post(&self.messages_url)
            .basic_auth(&self.account_sid, Some(self.auth_token.expose()))
            .form(&form)
            .send()
            .await
            .map_err(|e| transport_error(&e))?;
        let status = response.status();
        let bytes = response.bytes().await.map_err(|e| transport_error(&e))?;
        if status.is_success() {
            let message: MessageResource =
                serde_json::from_slice(&bytes).map_err(|_| SmsError::BadResponse)?;
            let report = report_for_status(&message.status).unwrap_or(DeliveryReport::Accepted);
            if let Some(code) = message.error_code {
                tracing::warn!(code, status = %message.status, "twilio accepted the message with an error code");
            }
            Ok(SentSms {
                provider_id: message.sid,
                report,
            })
        } else {
            // Twilio's `message` often quotes the number: keep only the code.
            let code = serde_json::from_slice::<ErrorBody>(&bytes)
                .ok()
                .and_then(|e| e.code);
            Err(SmsError::Rejected {
                status: status.as_u16(),
                code,
            })
        }
    }

    /// Whether `header_value` (`X-Twilio-Signature`) is this account's
    /// signature of `url` and `params` ([`verify_signature`]).
    pub fn verify_request(
        &self,
        url: &str,
        params: &[(String, String)],
        header_value: &str,
    ) -> bool {
        verify_signature(self.auth_token.expose(), url, params, header_value)
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

/// Twilio's error answer: `{code, message, more_info, status}`.
#[derive(Deserialize)]
struct ErrorBody {
    #[serde(default)]
    code: Option<i64>,
}

/// Reduces a reqwest error to its kind: its text names the URL, never worth
/// the risk of a log line growing a query string one day.
fn transport_error(error: &reqwest::Error) -> SmsError {
    match transport_kind(error) {
        None => SmsError::Timeout,
        Some(kind) => SmsError::Connection { kind },
    }
}

/// `None` for a time-out, else which step of the connection failed
/// (`connect`: nothing was sent). Shared by the Twilio adapters.
pub(crate) fn transport_kind(error: &reqwest::Error) -> Option<&'static str> {
    if error.is_timeout() {
        None
    } else if error.is_connect() {
        Some("connect")
    } else if error.is_body() || error.is_decode() {
        Some("reading the answer")
    } else {
        Some("request")
    }
}
