//! `number_directory`: what a number's proven owner chose to publish, and
//! whether they opted the number out of lookups beyond public metadata.
use sea_orm::entity::prelude::*;

/// A row of `number_directory`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "number_directory")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub phone_e164: String,
    pub display_name: Option<String>,
    pub city: Option<String>,
    pub lookup_opt_out: bool,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
