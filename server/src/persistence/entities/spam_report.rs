//! `spam_reports`: a member's report that a number calls or texts unwanted.
use sea_orm::entity::prelude::*;

/// A row of `spam_reports`.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "spam_reports")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub phone_e164: String,
    pub reporter_id: i64,
    /// `scam`, `telemarketing`, `robocall`, `harassment`, `debt_collector`, `other`.
    pub category: String,
    /// Optional, under the same rules as a locate note (no links or contacts).
    pub comment: String,
    /// The reporter's trust when the report was made (0..=1).
    pub weight: f64,
    /// `visible`; `disputed` (hidden until reviewed); `removed`.
    pub status: String,
    pub created_at: i64,
    pub reviewed_at: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
