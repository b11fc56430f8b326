//! Outgoing text messages. Templates ([`templates`]) turn a locale and a few
//! values into an [`OutgoingSms`]; an [`SmsSender`] delivers it — through
//! Twilio in production, or into the `dev_outbox` table (channel `sms`) for
//! local runs and tests, where a developer reads it at `/dev/outbox`.
//!
//! Nothing here logs a body or a full number: a locate request carries a
//! secret link and a number is personal data, so logs name the number's
//! country calling code only (`crate::domain::phone::country_code`).
mod dev_outbox;
mod reports;
pub mod templates;
pub mod twilio;

pub use reports::{DeliveryReport, OptKeyword};

use crate::config::{Config, SmsProvider};
use crate::domain::phone::{country_code, is_e164};
use sea_orm::DatabaseConnection;

/// A rendered text message, ready for any sender.
#[derive(Clone, PartialEq, Eq)]
pub struct OutgoingSms {
    /// The recipient in E.164 (`+6281234567890`).
    pub to: String,
    /// The text (may hold a secret link: never log it).
    pub body: String,
}

/// `Debug` shows the country code and the body's length only, so a stray
/// `{:?}` cannot leak a number or a link.
impl std::fmt::Debug for OutgoingSms {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OutgoingSms")
            .field("to", &country_code(&self.to))
            .field("body_chars", &self.body.chars().count())
            .finish()
    }
}

/// What the sender knows right after handing a message over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SentSms {
    /// The provider's id of the message (Twilio `SM…`, outbox `outbox-<row id>`):
    /// delivery reports name it.
    pub provider_id: String,
    /// The state reported with the answer (later ones arrive by webhook).
    pub report: DeliveryReport,
}

/// Why a message was not sent. Carries no credentials, bodies or numbers
/// (Twilio's error texts quote the number, so only its code is kept): safe
/// to log.
#[derive(Debug, thiserror::Error)]
pub enum SmsError {
    /// The recipient is not an E.164 number (`+` and 8 to 15 digits).
    #[error("the recipient is not an E.164 number")]
    InvalidRecipient,
    /// The provider did not answer in time.
    #[error("the SMS provider did not answer in time")]
    Timeout,
    /// The provider could not be reached (DNS, TCP, TLS); `kind` says which step.
    #[error("cannot reach the SMS provider ({kind})")]
    Connection { kind: &'static str },
    /// The provider answered with an error: HTTP `status` and its own `code`
    /// (Twilio: 21211 invalid number, 21610 unsubscribed recipient…).
    #[error("the SMS provider refused the message (HTTP {status}{})", code.map(|c| format!(", code {c}")).unwrap_or_default())]
    Rejected { status: u16, code: Option<i64> },
    /// A success answer that does not parse: the message may have been sent,
    /// so it is not retried.
    #[error("the SMS provider's answer was not understood")]
    BadResponse,
    /// The outbox row could not be written.
    #[error("storing the SMS in the outbox failed: {0}")]
    Outbox(#[from] sea_orm::DbErr),
}

impl SmsError {
    /// Whether trying again later may succeed: timeouts, connection failures,
    /// 429 (rate limited) and 5xx answers. A 4xx answer (bad number, opted-out
    /// recipient, bad credentials) fails the same way every time.
    pub fn is_transient(&self) -> bool {
        match self {
            SmsError::Timeout | SmsError::Connection { .. } | SmsError::Outbox(_) => true,
            SmsError::Rejected { status, .. } => *status == 429 || *status >= 500,
            SmsError::InvalidRecipient | SmsError::BadResponse => false,
        }
    }

    /// Whether the provider may have accepted the message although we got
    /// no clear answer (the request left, the answer did not arrive or did
    /// not parse). Such a message is never sent again blindly: it is looked
    /// up at the provider first ([`SmsSender::lookup`]).
    pub fn outcome_unknown(&self) -> bool {
        match self {
            SmsError::Timeout | SmsError::BadResponse => true,
            // Nothing was sent when the connection could not be opened.
            SmsError::Connection { kind } => *kind != "connect",
            SmsError::InvalidRecipient | SmsError::Rejected { .. } | SmsError::Outbox(_) => false,
        }
    }
}

/// Delivers [`OutgoingSms`]. Built once at start ([`SmsSender::from_config`])
/// and shared through `AppState::sms`.
pub enum SmsSender {
    /// Through Twilio's Messages API.
    Twilio(twilio::TwilioClient),
    /// Into the `dev_outbox` table (channel `sms`, read at `/dev/outbox`).
    Outbox(DatabaseConnection),
}

impl SmsSender {
    /// The provider `config` asks for. With Twilio, checks the account
    /// settings now, so a misconfiguration stops the start rather than the
    /// first locate request. No connection is opened yet.
    ///
    /// # Errors
    /// Missing Twilio settings, or the HTTP client cannot be built.
    pub fn from_config(config: &Config, db: DatabaseConnection) -> anyhow::Result<SmsSender> {
        Ok(match config.sms_provider {
            SmsProvider::Outbox => SmsSender::Outbox(db),
            SmsProvider::Twilio => SmsSender::Twilio(twilio::TwilioClient::from_config(
                &config.twilio,
                &config.public_base_url,
            )?),
        })
    }

    /// Sends `sms` (or keeps it in the outbox).
    ///
    /// # Errors
    /// See [`SmsError`]; callers decide whether to retry ([`SmsError::is_transient`]).
    pub async fn send(&self, sms: &OutgoingSms) -> Result<SentSms, SmsError> {
        self.send_tracked(sms, None).await
    }

    /// Sends `sms`, naming our queue row `queue_id` in the provider's
    /// delivery reports (so a report settles a send whose answer was lost).
    ///
    /// # Errors
    /// See [`SmsError`]; callers decide whether to retry ([`SmsError::is_transient`]).
    pub async fn send_tracked(
        &self,
        sms: &OutgoingSms,
        queue_id: Option<i64>,
    ) -> Result<SentSms, SmsError> {
        let country = country_code(&sms.to);
        let result = if is_e164(&sms.to) {
            match self {
                SmsSender::Twilio(client) => client.send_tracked(sms, queue_id).await,
                SmsSender::Outbox(db) => dev_outbox::keep(db, sms).await,
            }
        } else {
            Err(SmsError::InvalidRecipient)
        };
        match &result {
            Ok(sent) => {
                tracing::info!(country, provider = self.name(), provider_id = %sent.provider_id, "sms sent");
            }
            Err(e) => tracing::warn!(
                country,
                provider = self.name(),
                error = %e,
                transient = e.is_transient(),
                "sms not sent"
            ),
        }
        result
    }

    /// The provider's record of `sms` (same recipient, same body: a body
    /// holds a unique link or code), if the provider has it.
    ///
    /// # Errors
    /// The lookup itself failed: nothing is known yet.
    pub async fn lookup(&self, sms: &OutgoingSms) -> Result<Option<SentSms>, SmsError> {
        match self {
            SmsSender::Twilio(client) => client.lookup(sms).await,
            SmsSender::Outbox(db) => dev_outbox::lookup(db, sms).await,
        }
    }

    /// `twilio` or `outbox`, for logs.
    pub fn name(&self) -> &'static str {
        match self {
            SmsSender::Twilio(_) => "twilio",
            SmsSender::Outbox(_) => "outbox",
        }
    }

    /// The Twilio client, when that is the provider (webhooks verify with its token).
    pub fn twilio(&self) -> Option<&twilio::TwilioClient> {
        match self {
            SmsSender::Twilio(client) => Some(client),
            SmsSender::Outbox(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_output_hides_number_and_body() {
        let sms = OutgoingSms {
            to: "+6281234567890".into(),
            body: "https://ct.test/r/secret".into(),
        };
        let printed = format!("{sms:?}");
        assert!(
            !printed.contains("81234567890") && !printed.contains("secret"),
            "{printed}"
        );
        assert!(printed.contains("+62"), "{printed}");
    }

    #[test]
    fn rate_limits_and_server_errors_are_transient_bad_numbers_are_not() {
        assert!(SmsError::Timeout.is_transient());
        assert!(SmsError::Connection { kind: "connect" }.is_transient());
        assert!(SmsError::Rejected {
            status: 429,
            code: Some(20429)
        }
        .is_transient());
        assert!(SmsError::Rejected {
            status: 503,
            code: None
        }
        .is_transient());
        assert!(!SmsError::Rejected {
            status: 400,
            code: Some(21211)
        }
        .is_transient());
        assert!(!SmsError::InvalidRecipient.is_transient());
        assert_eq!(
            SmsError::Rejected {
                status: 400,
                code: Some(21211)
            }
            .to_string(),
            "the SMS provider refused the message (HTTP 400, code 21211)"
        );
    }
}
