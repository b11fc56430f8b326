//! The outside services mail and SMS go through, and how their secrets are
//! kept out of logs.
use anyhow::Result;
use std::{fmt, str::FromStr};

/// Where outgoing e-mail goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MailTransport {
    /// Stored in the `dev_outbox` table, readable at `/dev/outbox` (local runs, tests).
    Outbox,
    /// Sent through the SMTP relay of [`SmtpConfig`].
    Smtp,
}

impl FromStr for MailTransport {
    type Err = UnknownValue;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "outbox" => Ok(MailTransport::Outbox),
            "smtp" => Ok(MailTransport::Smtp),
            _ => Err(UnknownValue("outbox, smtp")),
        }
    }
}

/// Where outgoing SMS go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SmsProvider {
    /// Stored in the `dev_outbox` table (channel `sms`), readable at `/dev/outbox`.
    Outbox,
    /// Sent through Twilio's Messages API with [`TwilioConfig`].
    Twilio,
}

impl FromStr for SmsProvider {
    type Err = UnknownValue;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "outbox" => Ok(SmsProvider::Outbox),
            "twilio" => Ok(SmsProvider::Twilio),
            _ => Err(UnknownValue("outbox, twilio")),
        }
    }
}

/// The Twilio account SMS are sent from. `Debug` redacts the auth token.
#[derive(Clone, Debug)]
pub struct TwilioConfig {
    /// Account SID (`AC…`).
    pub account_sid: Option<String>,
    /// Auth token: the API password and the key of `X-Twilio-Signature`.
    pub auth_token: Option<Secret>,
    /// Sending number (E.164) or alphanumeric sender ID.
    pub from: Option<String>,
    /// Messaging Service SID (`MG…`); preferred over `from` when set.
    pub messaging_service_sid: Option<String>,
    /// API origin without trailing slash (`https://api.twilio.com`).
    pub api_base: String,
}

impl TwilioConfig {
    /// What is missing for sending with Twilio, as one start-up message; `Ok`
    /// when the account SID, the token and a sender are all there.
    ///
    /// # Errors
    /// Names every missing variable.
    pub fn check_complete(&self) -> Result<()> {
        let mut missing = Vec::new();
        if self.account_sid.is_none() {
            missing.push("TWILIO_ACCOUNT_SID");
        }
        if self.auth_token.is_none() {
            missing.push("TWILIO_AUTH_TOKEN");
        }
        if self.from.is_none() && self.messaging_service_sid.is_none() {
            missing.push("TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID");
        }
        if missing.is_empty() {
            Ok(())
        } else {
            anyhow::bail!("SMS_PROVIDER=twilio needs {}", missing.join(", "))
        }
    }
}

/// How the SMTP connection is protected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SmtpTls {
    /// Plain connect, then a required `STARTTLS` upgrade (port 587).
    StartTls,
    /// TLS from the first byte (port 465).
    Tls,
    /// No encryption: only for a relay on loopback and for tests.
    None,
}

impl FromStr for SmtpTls {
    type Err = UnknownValue;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "starttls" => Ok(SmtpTls::StartTls),
            "tls" => Ok(SmtpTls::Tls),
            "none" => Ok(SmtpTls::None),
            _ => Err(UnknownValue("starttls, tls, none")),
        }
    }
}

/// A value outside an enumerated variable's choices (which it lists).
#[derive(Debug, thiserror::Error)]
#[error("expected one of: {0}")]
pub struct UnknownValue(&'static str);

/// The SMTP relay's address and credentials.
#[derive(Clone, Debug)]
pub struct SmtpConfig {
    /// Host name (also checked against the TLS certificate).
    pub host: Option<String>,
    /// Port.
    pub port: u16,
    /// Connection protection.
    pub tls: SmtpTls,
    /// AUTH user; no AUTH when `None`.
    pub username: Option<String>,
    /// AUTH password.
    pub password: Option<Secret>,
}

/// A value that must not appear in logs: `Debug` prints `Secret(***)`.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// Wraps a secret value.
    pub fn new(value: impl Into<String>) -> Self {
        Secret(value.into())
    }

    /// The value itself, for the one place that needs it (the SMTP login).
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(***)")
    }
}

/// The mail relay and the SMS account, read from the environment.
impl super::Vars<'_> {
    /// The Twilio account, complete when `sms` sends through it.
    pub(super) fn twilio_for(&self, sms: SmsProvider) -> anyhow::Result<TwilioConfig> {
        let twilio = self.twilio();
        if sms == SmsProvider::Twilio {
            twilio.check_complete()?;
        }
        Ok(twilio)
    }

    /// The keys sealing secrets at rest.
    pub(super) fn keyring(&self) -> anyhow::Result<crate::secrets::Keyring> {
        Ok(crate::secrets::Keyring::from_config(
            self.optional("SECRETS_KEY").as_deref(),
            self.optional("SECRETS_KEY_PREVIOUS").as_deref(),
        )?)
    }

    pub(super) fn smtp(&self) -> anyhow::Result<SmtpConfig> {
        Ok(SmtpConfig {
            host: self.optional("SMTP_HOST"),
            port: self.parsed("SMTP_PORT", "587")?,
            tls: self.parsed("SMTP_TLS", "starttls")?,
            username: self.optional("SMTP_USERNAME"),
            password: self.optional("SMTP_PASSWORD").map(Secret::new),
        })
    }

    pub(super) fn twilio(&self) -> TwilioConfig {
        TwilioConfig {
            account_sid: self.optional("TWILIO_ACCOUNT_SID"),
            auth_token: self.optional("TWILIO_AUTH_TOKEN").map(Secret::new),
            from: self.optional("TWILIO_FROM"),
            messaging_service_sid: self.optional("TWILIO_MESSAGING_SERVICE_SID"),
            api_base: self
                .var("TWILIO_API_BASE", "https://api.twilio.com")
                .trim_end_matches('/')
                .to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_redacted_in_debug_output() {
        let smtp = SmtpConfig {
            host: Some("smtp.example".into()),
            port: 587,
            tls: SmtpTls::StartTls,
            username: Some("mailer".into()),
            password: Some(Secret::new("hunter2")),
        };
        let printed = format!("{smtp:?}");
        assert!(!printed.contains("hunter2"), "{printed}");
        assert!(printed.contains("Secret(***)"), "{printed}");
    }

    #[test]
    fn enumerated_values_parse_and_reject_others() {
        assert_eq!("STARTTLS".parse::<SmtpTls>().ok(), Some(SmtpTls::StartTls));
        assert_eq!("tls".parse::<SmtpTls>().ok(), Some(SmtpTls::Tls));
        assert_eq!("none".parse::<SmtpTls>().ok(), Some(SmtpTls::None));
        assert!("ssl".parse::<SmtpTls>().is_err());
        assert_eq!(
            "smtp".parse::<MailTransport>().ok(),
            Some(MailTransport::Smtp)
        );
        assert!("sendmail".parse::<MailTransport>().is_err());
        assert_eq!(
            "Twilio".parse::<SmsProvider>().ok(),
            Some(SmsProvider::Twilio)
        );
        assert!("vonage".parse::<SmsProvider>().is_err());
    }

    fn twilio(
        sid: Option<&str>,
        token: Option<&str>,
        from: Option<&str>,
        service: Option<&str>,
    ) -> TwilioConfig {
        TwilioConfig {
            account_sid: sid.map(str::to_owned),
            auth_token: token.map(Secret::new),
            from: from.map(str::to_owned),
            messaging_service_sid: service.map(str::to_owned),
            api_base: "https://api.twilio.com".into(),
        }
    }

    #[test]
    fn twilio_needs_an_account_a_token_and_a_sender() {
        assert!(twilio(Some("AC1"), Some("t"), Some("+15005550006"), None)
            .check_complete()
            .is_ok());
        assert!(twilio(Some("AC1"), Some("t"), None, Some("MG1"))
            .check_complete()
            .is_ok());
        let message = twilio(None, None, None, None)
            .check_complete()
            .unwrap_err()
            .to_string();
        assert_eq!(
            message,
            "SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID"
        );
    }

    #[test]
    fn the_twilio_token_is_redacted_in_debug_output() {
        let printed = format!(
            "{:?}",
            twilio(Some("AC1"), Some("tok-secret-42"), Some("+1"), None)
        );
        assert!(!printed.contains("tok-secret-42"), "{printed}");
        assert!(printed.contains("Secret(***)"), "{printed}");
    }
}
