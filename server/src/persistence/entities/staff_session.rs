//! `staff_sessions`: a signed-in staff browser. Only the token's hash is stored.
use sea_orm::entity::prelude::*;

/// A row of `staff_sessions`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "staff_sessions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub staff_id: i64,
    /// SHA-256 of the token, lowercase hex.
    #[sea_orm(unique)]
    pub token_hash: String,
    pub created_at: i64,
    pub expires_at: i64,
    pub last_seen_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
