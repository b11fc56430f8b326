//! `locate_consents`: The owner's recorded decision: when, which, and a hashed address.
use sea_orm::entity::prelude::*;

/// A row of `locate_consents`.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "locate_consents")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub request_id: i64,
    /// `share`, `decline` or `block`.
    pub decision: String,
    pub decided_at: i64,
    /// SHA-256 of the owner's IP address (salted), never the address.
    pub ip_hash: Option<String>,
    pub user_agent: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
