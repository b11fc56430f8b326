//! `meta_events`: conversion events for Meta's Conversions API, queued and
//! sent by a job (marketing consent only).
use sea_orm::entity::prelude::*;

/// A row of `meta_events`; `(event_name, event_id)` is unique.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "meta_events")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub event_name: String,
    pub event_id: String,
    /// The server event as sent in `data` (JSON, personal values hashed).
    pub body: String,
    /// Sent as `test_event_code` (Events Manager's test tab).
    pub test_event_code: Option<String>,
    /// `queued`, `sent`, `failed`, or `kept` (Meta is not configured:
    /// recorded here, never sent).
    pub status: String,
    pub attempts: i32,
    pub last_error: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
