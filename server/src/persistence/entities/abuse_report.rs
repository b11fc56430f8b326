//! `abuse_reports`: reports of our own traffic (a recipient pressed 8 on a
//! voice call, a target texted back about a locate request, an owner
//! disputed spam reports), waiting in the support queue.
use sea_orm::entity::prelude::*;

/// A row of `abuse_reports`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "abuse_reports")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// What was reported: `voice_message`, `locate_sms`, `spam_dispute`.
    pub source: String,
    /// The id of the reported row (a voice message, a locate request, a spam report).
    pub subject_id: i64,
    /// The account that sent it.
    pub accused_user_id: Option<i64>,
    /// Who reported (the number called).
    pub reporter_e164: String,
    /// `open`, then what support decided.
    pub status: String,
    pub created_at: i64,
    /// The staff member who decided, and when, with their note.
    pub decided_by: Option<i64>,
    pub decided_at: Option<i64>,
    pub note: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
