//! TEMPORARY stand-in with the agreed API; replaced by the mail branch.
pub mod templates;
pub use templates::Brand;

pub struct OutgoingEmail { pub to: String, pub subject: String, pub text: String, pub html: String }

pub enum Mailer { Outbox(sea_orm::DatabaseConnection) }

#[derive(Debug, thiserror::Error)]
#[error("mail")]
pub struct MailError;

impl Mailer {
    pub async fn send(&self, _email: OutgoingEmail) -> Result<(), MailError> { Ok(()) }
}
