//! Delivery through an SMTP relay with lettre (tokio, rustls).
use super::{MailError, OutgoingEmail};
use crate::config::{SmtpConfig, SmtpTls};
use anyhow::Context as _;
use lettre::{
    message::{Mailbox, MultiPart},
    transport::smtp::authentication::Credentials,
    AsyncSmtpTransport, AsyncTransport as _, Message, Tokio1Executor,
};
use std::time::Duration;

/// How long one SMTP conversation may take before it counts as failed.
const SMTP_TIMEOUT: Duration = Duration::from_secs(30);

/// An SMTP relay and the `From` every mail carries.
pub struct SmtpMailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl SmtpMailer {
    /// Prepares the transport (no connection yet).
    ///
    /// # Errors
    /// A missing host, an unparsable `from`, or TLS setup failures.
    pub fn new(config: &SmtpConfig, from: &str) -> anyhow::Result<SmtpMailer> {
        let host = config.host.as_deref().context("SMTP_HOST is not set")?;
        let from: Mailbox = from
            .parse()
            .with_context(|| format!("MAIL_FROM={from:?} is not a valid mailbox"))?;
        let builder = match config.tls {
            // Refuses to continue when the server offers no STARTTLS.
            SmtpTls::StartTls => AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(host)
                .with_context(|| format!("TLS setup for {host}"))?,
            SmtpTls::Tls => AsyncSmtpTransport::<Tokio1Executor>::relay(host)
                .with_context(|| format!("TLS setup for {host}"))?,
            SmtpTls::None => AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host),
        };
        let mut builder = builder.port(config.port).timeout(Some(SMTP_TIMEOUT));
        if let Some(username) = &config.username {
            let password = config
                .password
                .as_ref()
                .map(|p| p.expose().to_owned())
                .unwrap_or_default();
            builder = builder.credentials(Credentials::new(username.clone(), password));
        }
        Ok(SmtpMailer {
            transport: builder.build(),
            from,
        })
    }

    /// Sends `email` as multipart/alternative (text, then HTML), with Date and
    /// a Message-ID in the sender's domain: `<job_key@domain>` when a job
    /// sends it (the same for every run of the job), else a fresh one.
    ///
    /// # Errors
    /// [`MailError::InvalidRecipient`], [`MailError::Build`] or [`MailError::Smtp`].
    pub async fn send(
        &self,
        email: &OutgoingEmail,
        job_key: Option<&str>,
    ) -> Result<(), MailError> {
        let message = self.message(email, job_key)?;
        self.transport
            .send(message)
            .await
            .map(drop)
            .map_err(|e| classify(&e))
    }

    fn message(&self, email: &OutgoingEmail, job_key: Option<&str>) -> Result<Message, MailError> {
        let domain = self.from.email.domain();
        let id = job_key.map_or_else(|| message_id(domain), |key| format!("<{key}@{domain}>"));
        let to: Mailbox = email.to.parse().map_err(|_| MailError::InvalidRecipient)?;
        Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(email.subject.clone())
            .message_id(Some(id))
            .date_now()
            .multipart(MultiPart::alternative_plain_html(
                email.text.clone(),
                email.html.clone(),
            ))
            .map_err(|e| MailError::Build(e.to_string()))
    }
}

/// `<random.time@domain>`: unique, and in the sender's domain as RFC 5322 asks.
fn message_id(domain: &str) -> String {
    format!(
        "<{:016x}{:016x}.{}@{domain}>",
        fastrand::u64(..),
        fastrand::u64(..),
        crate::clock::now_ms()
    )
}

/// Reduces a lettre error to its kind and reply code: its text may quote the
/// server's reply, which can contain the recipient's address.
fn classify(error: &lettre::transport::smtp::Error) -> MailError {
    let kind = if error.is_permanent() {
        "permanent"
    } else if error.is_transient() {
        "transient"
    } else if error.is_timeout() {
        "timeout"
    } else if error.is_tls() {
        "tls"
    } else if error.is_response() {
        "bad response"
    } else if error.is_client() {
        "client"
    } else {
        "connection"
    };
    MailError::Smtp {
        kind,
        status: error.status().map(|code| code.to_string()),
    }
}
