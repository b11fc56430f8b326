//! `help_chat_messages`: one message of a help chat conversation.
use sea_orm::entity::prelude::*;

/// A row of `help_chat_messages`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "help_chat_messages")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub conversation_id: i64,
    /// `person` (the member or visitor) or `staff`.
    pub author: String,
    /// Plain text as typed; every renderer escapes it.
    pub body: String,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
