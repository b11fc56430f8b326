//! `staff_audit_log`: one row per staff action. Append-only: triggers on
//! both databases refuse UPDATE and DELETE, and no code path tries.
use sea_orm::entity::prelude::*;

/// A row of `staff_audit_log`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "staff_audit_log")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub staff_id: i64,
    pub action: String,
    pub subject_kind: String,
    pub subject_id: i64,
    pub detail: String,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
