//! Twilio: sending through the Messages API, and reading what Twilio posts
//! back (delivery reports, inbound keywords) after checking its signature.
//! Looking a message up after a lost answer is in [`lookup`].
use super::{OutgoingSms, SentSms, SmsError};
use crate::config::{Secret, TwilioConfig};
use crate::services::locate::sms_events::{DeliveryReport, OptKeyword};
use anyhow::Context as _;
use base64::Engine as _;
use hmac::{Hmac, KeyInit, Mac as _};
use serde::Deserialize;
use sha1::Sha1;
use std::time::Duration;
use subtle::ConstantTimeEq as _;

mod lookup;

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
    pub fn from_config(config: &TwilioConfig, public_base_url: &str) -> anyhow::Result<TwilioClient> {
        TwilioClient::new(config, public_base_url, DEFAULT_TIMEOUT)
    }

    /// The client for `config`; delivery reports go to `public_base_url` +
    /// [`STATUS_PATH`]; every call gives up after `timeout` (tests use a short one).
    ///
    /// # Errors
    /// A missing SID, token or sender, or the HTTP client cannot be built.
    pub fn new(config: &TwilioConfig, public_base_url: &str, timeout: Duration) -> anyhow::Result<TwilioClient> {
        config.check_complete()?;
        let account_sid = config.account_sid.clone().context("TWILIO_ACCOUNT_SID is not set")?;
        let auth_token = config.auth_token.clone().context("TWILIO_AUTH_TOKEN is not set")?;
        let sender = match (&config.messaging_service_sid, &config.from) {
            (Some(service), _) => Sender::MessagingService(service.clone()),
            (None, Some(from)) => Sender::From(from.clone()),
            (None, None) => anyhow::bail!("TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID is required"),
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
    pub async fn send_tracked(&self, sms: &OutgoingSms, queue_id: Option<i64>) -> Result<SentSms, SmsError> {
        let sender = match &self.sender {
            Sender::From(from) => ("From", from.as_str()),
            Sender::MessagingService(sid) => ("MessagingServiceSid", sid.as_str()),
        };
        let callback = match queue_id {
            Some(id) => format!("{}?sms={id}", self.status_callback),
            None => self.status_callback.clone(),
        };
        let form = vec![("To", sms.to.as_str()), sender, ("Body", sms.body.as_str()), ("StatusCallback", callback.as_str())];
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
            let message: MessageResource = serde_json::from_slice(&bytes).map_err(|_| SmsError::BadResponse)?;
            let report = report_for_status(&message.status).unwrap_or(DeliveryReport::Accepted);
            if let Some(code) = message.error_code {
                tracing::warn!(code, status = %message.status, "twilio accepted the message with an error code");
            }
            Ok(SentSms { provider_id: message.sid, report })
        } else {
            // Twilio's `message` often quotes the number: keep only the code.
            let code = serde_json::from_slice::<ErrorBody>(&bytes).ok().and_then(|e| e.code);
            Err(SmsError::Rejected { status: status.as_u16(), code })
        }
    }

    /// Whether `header_value` (`X-Twilio-Signature`) is this account's
    /// signature of `url` and `params` ([`verify_signature`]).
    pub fn verify_request(&self, url: &str, params: &[(String, String)], header_value: &str) -> bool {
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
    if error.is_timeout() {
        SmsError::Timeout
    } else if error.is_connect() {
        SmsError::Connection { kind: "connect" }
    } else if error.is_body() || error.is_decode() {
        SmsError::Connection { kind: "reading the answer" }
    } else {
        SmsError::Connection { kind: "request" }
    }
}

/// `X-Twilio-Signature` of a form POST to `url` (providers.md §5.2):
/// base64(HMAC-SHA1(auth token, url + every name and value, sorted by name)).
/// `url` is the full URL Twilio requested, query string included.
pub fn signature(auth_token: &str, url: &str, params: &[(String, String)]) -> String {
    let mut sorted: Vec<&(String, String)> = params.iter().collect();
    // By name, then value: repeated names are signed in value order.
    sorted.sort();
    let mut mac = <Hmac<Sha1> as KeyInit>::new_from_slice(auth_token.as_bytes()).expect("HMAC takes keys of any length");
    mac.update(url.as_bytes());
    for (name, value) in sorted {
        mac.update(name.as_bytes());
        mac.update(value.as_bytes());
    }
    base64::engine::general_purpose::STANDARD.encode(mac.finalize().into_bytes())
}

/// Whether `header_value` is the [`signature`] of this request, compared in
/// constant time so a forger learns nothing from response times.
pub fn verify_signature(auth_token: &str, url: &str, params: &[(String, String)], header_value: &str) -> bool {
    let expected = signature(auth_token, url, params);
    expected.as_bytes().ct_eq(header_value.trim().as_bytes()).into()
}

/// The message a status callback is about and what it reports, from its
/// `MessageSid` and `MessageStatus` (older `SmsSid`/`SmsStatus` too).
/// `None` when either is missing or the status is not a delivery state
/// (`read`, `receiving`…): nothing to record.
pub fn parse_status(params: &[(String, String)]) -> Option<(String, DeliveryReport)> {
    let sid = param(params, "MessageSid").or_else(|| param(params, "SmsSid"))?;
    let status = param(params, "MessageStatus").or_else(|| param(params, "SmsStatus"))?;
    if sid.is_empty() {
        return None;
    }
    Some((sid.to_owned(), report_for_status(status)?))
}

/// Twilio's message status as a [`DeliveryReport`]; `None` for states that
/// say nothing about delivery (`received`, `read`, `canceled`…).
fn report_for_status(status: &str) -> Option<DeliveryReport> {
    Some(match status {
        "queued" | "accepted" | "sending" | "scheduled" => DeliveryReport::Accepted,
        "sent" => DeliveryReport::Sent,
        "delivered" => DeliveryReport::Delivered,
        "failed" | "undelivered" => DeliveryReport::Failed,
        _ => return None,
    })
}

/// The first value of `name`.
pub fn param<'a>(params: &'a [(String, String)], name: &str) -> Option<&'a str> {
    params.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
}

/// The opt-out keyword an incoming message is, if it is one
/// (providers.md §5.4): the whole message, trimmed, any case. "stop please"
/// is not a keyword — Twilio reads it the same way.
pub fn parse_keyword(body: &str) -> Option<OptKeyword> {
    match body.trim().to_ascii_uppercase().as_str() {
        "STOP" | "STOPALL" | "UNSUBSCRIBE" | "CANCEL" | "END" | "QUIT" | "OPTOUT" | "REVOKE" => Some(OptKeyword::Stop),
        "START" | "UNSTOP" | "YES" => Some(OptKeyword::Start),
        "HELP" | "INFO" => Some(OptKeyword::Help),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter().map(|(n, v)| ((*n).to_owned(), (*v).to_owned())).collect()
    }

    /// The example of Twilio's docs, recomputed in providers.md §5.2.
    #[test]
    fn signature_matches_twilio_s_documented_example() {
        let params = pairs(&[
            ("CallSid", "CA1234567890ABCDE"),
            ("Caller", "+12349013030"),
            ("Digits", "1234"),
            ("From", "+12349013030"),
            ("To", "+18005551212"),
        ]);
        let url = "https://mycompany.com/myapp.php?foo=1&bar=2";
        assert_eq!(signature("12345", url, &params), "0/KCTR6DLpKmkAf8muzZqo1nDgQ=");
        assert!(verify_signature("12345", url, &params, "0/KCTR6DLpKmkAf8muzZqo1nDgQ="));
    }

    #[test]
    fn parameter_order_does_not_matter_but_every_byte_does() {
        let url = "https://mycompany.com/myapp.php?foo=1&bar=2";
        let params = pairs(&[("To", "+18005551212"), ("From", "+12349013030"), ("Digits", "1234"), ("Caller", "+12349013030"), ("CallSid", "CA1234567890ABCDE")]);
        assert!(verify_signature("12345", url, &params, "0/KCTR6DLpKmkAf8muzZqo1nDgQ="));
        assert!(!verify_signature("12346", url, &params, "0/KCTR6DLpKmkAf8muzZqo1nDgQ="));
        assert!(!verify_signature("12345", "https://mycompany.com/myapp.php", &params, "0/KCTR6DLpKmkAf8muzZqo1nDgQ="));
        assert!(!verify_signature("12345", url, &params[1..], "0/KCTR6DLpKmkAf8muzZqo1nDgQ="));
        assert!(!verify_signature("12345", url, &params, ""));
    }

    #[test]
    fn statuses_map_to_delivery_reports() {
        let report = |status: &str| parse_status(&pairs(&[("MessageSid", "SM1"), ("MessageStatus", status)]));
        assert_eq!(report("queued"), Some(("SM1".into(), DeliveryReport::Accepted)));
        assert_eq!(report("accepted").map(|r| r.1), Some(DeliveryReport::Accepted));
        assert_eq!(report("sending").map(|r| r.1), Some(DeliveryReport::Accepted));
        assert_eq!(report("sent").map(|r| r.1), Some(DeliveryReport::Sent));
        assert_eq!(report("delivered").map(|r| r.1), Some(DeliveryReport::Delivered));
        assert_eq!(report("failed").map(|r| r.1), Some(DeliveryReport::Failed));
        assert_eq!(report("undelivered").map(|r| r.1), Some(DeliveryReport::Failed));
        assert_eq!(report("read"), None);
        assert_eq!(parse_status(&pairs(&[("MessageStatus", "sent")])), None);
        assert_eq!(
            parse_status(&pairs(&[("SmsSid", "SM2"), ("SmsStatus", "delivered")])),
            Some(("SM2".into(), DeliveryReport::Delivered))
        );
    }

    #[test]
    fn keywords_are_whole_messages_in_any_case() {
        for word in ["STOP", "stop", " Stop\n", "STOPALL", "unsubscribe", "CANCEL", "end", "QUIT", "OPTOUT", "revoke"] {
            assert_eq!(parse_keyword(word), Some(OptKeyword::Stop), "{word:?}");
        }
        for word in ["START", "unstop", "Yes"] {
            assert_eq!(parse_keyword(word), Some(OptKeyword::Start), "{word:?}");
        }
        for word in ["HELP", "info"] {
            assert_eq!(parse_keyword(word), Some(OptKeyword::Help), "{word:?}");
        }
        for text in ["stop please", "STOP!", "where are you?", "", "berhenti"] {
            assert_eq!(parse_keyword(text), None, "{text:?}");
        }
    }
}
