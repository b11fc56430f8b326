//! `help_chat_conversations`: one person's thread with support.
use sea_orm::entity::prelude::*;

/// A row of `help_chat_conversations`. Exactly one of `user_id` and
/// `visitor_hash` is set.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "help_chat_conversations")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// The member's account.
    pub user_id: Option<i64>,
    /// SHA-256 (hex) of the visitor's chat cookie; the cookie itself is never stored.
    pub visitor_hash: Option<String>,
    /// An address a visitor left on the contact form, for replies by e-mail.
    pub contact_email: Option<String>,
    /// Language of the last page the person wrote from (reply e-mails).
    pub locale: String,
    /// The newest staff message the person has read (0: none).
    pub person_read_id: i64,
    /// The newest person's message staff has read (0: none).
    pub staff_read_id: i64,
    pub created_at: i64,
    /// Retention counts from here.
    pub last_message_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
