//! `number_proofs`: Codes texted to a number to prove it (do-not-locate registration).
use sea_orm::entity::prelude::*;

/// A row of `number_proofs`.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "number_proofs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub phone_e164: String,
    pub code_hash: String,
    pub attempts: i32,
    pub expires_at: i64,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
