//! `operation_logs`: page events of the operation log (analytics consent only).
use sea_orm::entity::prelude::*;

/// A row of `operation_logs`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "operation_logs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub event_code: String,
    /// Always 1 (the only type the client sends).
    pub event_type: i32,
    /// The page's path.
    pub curr_document: String,
    pub domain: String,
    pub apk_version_code: String,
    pub phone_os: String,
    pub track_id: String,
    pub version: String,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
