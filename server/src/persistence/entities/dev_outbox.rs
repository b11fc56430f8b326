//! `dev_outbox`: messages kept instead of delivered (outbox transport).
use sea_orm::entity::prelude::*;

/// A row of `dev_outbox`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "dev_outbox")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// `email` (later also `sms`).
    pub channel: String,
    /// E-mail address (lowercased) or phone number.
    pub recipient: String,
    /// E-mail subject; `None` for SMS.
    pub subject: Option<String>,
    pub body_text: String,
    /// HTML alternative of an e-mail.
    pub body_html: Option<String>,
    /// Milliseconds since the Unix epoch.
    pub created_at: i64,
    /// The e-mail's `Message-ID` when it has a stable one (sent by a job).
    pub message_id: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
