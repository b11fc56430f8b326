//! `sandbox_payments`: the sandbox provider's own ledger (what a real provider keeps on its side).
use sea_orm::entity::prelude::*;

/// A row of `sandbox_payments`. Instants are ms since the Unix epoch; money is minor units.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sandbox_payments")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub reference: String,
    pub kind: String,
    pub amount_minor: i64,
    pub currency: String,
    pub currency_exponent: i32,
    pub status: String,
    pub token: Option<String>,
    pub behaviour: Option<String>,
    pub notify_url: String,
    pub locale: String,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
