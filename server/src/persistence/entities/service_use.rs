//! `service_uses`: that a member used a paid feature, and when (the refund
//! rule: no refund once the service was used). Nothing about whom it concerned.
use sea_orm::entity::prelude::*;

/// A row of `service_uses`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "service_uses")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    /// `lookup`.
    pub kind: String,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
