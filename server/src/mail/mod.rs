//! Outgoing e-mail. Templates ([`templates`]) turn a locale and a few values
//! into an [`OutgoingEmail`]; a [`Mailer`] delivers it — over SMTP in
//! production, or into the `dev_outbox` table for local runs and tests, where
//! a developer reads it at `/dev/outbox`.
//!
//! Nothing here logs a body, a code or a full address: mails carry secrets
//! (reset codes) and addresses are personal data, so logs name the
//! recipient's domain only.
mod smtp;
pub mod templates;

pub use smtp::SmtpMailer;

use crate::{
    config::{Config, MailTransport},
    persistence::outbox,
};
use sea_orm::DatabaseConnection;

/// A rendered e-mail, ready for any transport.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutgoingEmail {
    /// The recipient's address (no display name).
    pub to: String,
    pub subject: String,
    /// The `text/plain` alternative.
    pub text: String,
    /// The `text/html` alternative (already escaped).
    pub html: String,
}

/// Why a mail was not sent. Carries no credentials, bodies or addresses, so
/// it is safe to log.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    /// The recipient address does not parse.
    #[error("the recipient address is not valid")]
    InvalidRecipient,
    /// The message could not be assembled.
    #[error("building the message failed: {0}")]
    Build(String),
    /// The relay refused or could not be reached; `kind` says how
    /// (`transient`, `permanent`, `tls`, `timeout`, `connection`…) and `status`
    /// carries the SMTP reply code when there was one.
    #[error("SMTP delivery failed ({kind}{})", status.as_deref().map(|s| format!(", status {s}")).unwrap_or_default())]
    Smtp {
        kind: &'static str,
        status: Option<String>,
    },
    /// The outbox row could not be written.
    #[error("storing the mail in the outbox failed: {0}")]
    Outbox(#[from] sea_orm::DbErr),
}

impl MailError {
    /// Whether trying again later may succeed (a 4xx reply, a timeout, a
    /// connection failure), as opposed to a bad address or a 5xx refusal.
    pub fn is_transient(&self) -> bool {
        match self {
            MailError::Smtp { kind, .. } => matches!(*kind, "transient" | "timeout" | "connection"),
            MailError::Outbox(_) => true,
            MailError::InvalidRecipient | MailError::Build(_) => false,
        }
    }
}

/// Delivers [`OutgoingEmail`]s. Built once at start ([`Mailer::from_config`])
/// and shared through `AppState::mailer`; a job sends through
/// [`Mailer::for_job`], whose mails carry a `Message-ID` of the job.
#[derive(Clone)]
pub struct Mailer {
    transport: Transport,
    /// The stable `Message-ID` key of the job sending (`None`: a fresh one).
    job_key: Option<String>,
}

#[derive(Clone)]
enum Transport {
    /// Through an SMTP relay.
    Smtp(std::sync::Arc<SmtpMailer>),
    /// Into the `dev_outbox` table (read at `/dev/outbox`).
    Outbox(DatabaseConnection),
}

impl Mailer {
    /// The transport `config` asks for. With SMTP, checks `MAIL_FROM` and the
    /// relay settings now, so a misconfiguration stops the start rather than
    /// the first password reset. No connection is opened yet.
    ///
    /// # Errors
    /// An unparsable `MAIL_FROM`, a missing `SMTP_HOST`, or TLS setup failures.
    pub fn from_config(config: &Config, db: DatabaseConnection) -> anyhow::Result<Mailer> {
        let transport = match config.mail_transport {
            MailTransport::Outbox => Transport::Outbox(db),
            MailTransport::Smtp => Transport::Smtp(std::sync::Arc::new(SmtpMailer::new(
                &config.smtp,
                &config.mail_from,
            )?)),
        };
        Ok(Mailer {
            transport,
            job_key: None,
        })
    }

    /// This mailer for job `id` queued at `queued_at`: every mail it sends
    /// carries the `Message-ID` of that job, so a run repeated after its
    /// worker died delivers a copy the receiving system drops.
    pub fn for_job(&self, id: i64, queued_at: i64) -> Mailer {
        Mailer {
            transport: self.transport.clone(),
            job_key: Some(format!("job.{id}.{queued_at}")),
        }
    }

    /// Sends `email` (or keeps it in the outbox).
    ///
    /// # Errors
    /// See [`MailError`]; callers decide whether to retry ([`MailError::is_transient`]).
    pub async fn send(&self, email: OutgoingEmail) -> Result<(), MailError> {
        let domain = recipient_domain(&email.to).to_owned();
        let key = self.job_key.as_deref();
        let result = match &self.transport {
            Transport::Smtp(smtp) => smtp.send(&email, key).await,
            Transport::Outbox(db) => keep_in_outbox(db, &email, key).await,
        };
        match &result {
            Ok(()) => {
                tracing::info!(recipient_domain = %domain, transport = self.name(), "mail sent")
            }
            Err(e) => {
                tracing::warn!(recipient_domain = %domain, transport = self.name(), error = %e, "mail not sent")
            }
        }
        result
    }

    /// The key of the job this mailer sends for (`None` outside a job).
    pub fn job_key(&self) -> Option<&str> {
        self.job_key.as_deref()
    }

    /// `smtp` or `outbox`, for logs.
    pub fn name(&self) -> &'static str {
        match self.transport {
            Transport::Smtp(_) => "smtp",
            Transport::Outbox(_) => "outbox",
        }
    }
}

/// Keeps `email`; one with the `Message-ID` of a job is kept once.
async fn keep_in_outbox(
    db: &DatabaseConnection,
    email: &OutgoingEmail,
    job_key: Option<&str>,
) -> Result<(), MailError> {
    if email.to.parse::<lettre::Address>().is_err() {
        return Err(MailError::InvalidRecipient);
    }
    let message = outbox::NewOutboxMessage {
        channel: outbox::CHANNEL_EMAIL,
        recipient: &email.to,
        subject: Some(&email.subject),
        body_text: &email.text,
        body_html: Some(&email.html),
        created_at: crate::clock::now_ms(),
    };
    match job_key {
        Some(key) => {
            outbox::record_once(db, message, &format!("<{key}@outbox>")).await?;
        }
        None => {
            outbox::record(db, message).await?;
        }
    }
    Ok(())
}

/// The part after the last `@`, lowercased: what logs may say about a recipient.
fn recipient_domain(address: &str) -> &str {
    address
        .rsplit_once('@')
        .map_or("(invalid)", |(_, domain)| domain)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn logs_name_only_the_domain() {
        assert_eq!(recipient_domain("ann@example.com"), "example.com");
        assert_eq!(recipient_domain("nobody"), "(invalid)");
    }

    #[test]
    fn errors_say_how_without_private_details() {
        let e = MailError::Smtp {
            kind: "permanent",
            status: Some("550".into()),
        };
        assert_eq!(
            e.to_string(),
            "SMTP delivery failed (permanent, status 550)"
        );
        assert!(!e.is_transient());
        assert!(MailError::Smtp {
            kind: "timeout",
            status: None
        }
        .is_transient());
    }
}
