//! `locate_events`: a change of a locate request its requester sees, for
//! the live feed of every server instance (kept for an hour).
use sea_orm::entity::prelude::*;

/// A row of `locate_events`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "locate_events")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub request_id: i64,
    pub requester_id: i64,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
