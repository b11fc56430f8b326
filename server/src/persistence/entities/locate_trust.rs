//! `locate_trust`: a requester account a number's owner marked as trusted
//! (that account's later requests open with a one-tap Share).
use sea_orm::entity::prelude::*;

/// A row of `locate_trust`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "locate_trust")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub phone_e164: String,
    pub requester_id: i64,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
