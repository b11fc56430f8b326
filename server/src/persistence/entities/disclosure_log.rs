//! `disclosure_log`: Who saw a shared position when (audit): ids and a time, nothing more.
use sea_orm::entity::prelude::*;

/// A row of `disclosure_log`.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "disclosure_log")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub request_id: i64,
    pub user_id: i64,
    pub seen_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
