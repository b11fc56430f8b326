//! `do_not_locate`: Numbers that never receive a request.
use sea_orm::entity::prelude::*;

/// A row of `do_not_locate`.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "do_not_locate")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub phone_e164: String,
    /// `block` (reveal page), `stop` (SMS keyword) or `self` (registered with a code).
    pub reason: String,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
