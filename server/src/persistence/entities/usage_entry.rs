//! `usage_entries`: the usage ledger, one row per billable use of the
//! service, written in the transaction of the use. Nothing about whom the
//! use concerned: only who used what, and when.
use sea_orm::entity::prelude::*;

/// A row of `usage_entries`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "usage_entries")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    /// `locate`, `voice` or `lookup` (see `services::usage::UsageKind`).
    pub kind: String,
    /// The row of the use (locate request, voice message), when it has one.
    pub subject_id: Option<i64>,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
