//! `renewal_links`: the pay link of one subscription period, for wallets
//! that cannot be charged without the payer (one row per period).
use sea_orm::entity::prelude::*;

/// A row of `renewal_links`. Instants are ms since the Unix epoch.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "renewal_links")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub subscription_id: i64,
    /// The period the link pays for (the subscription's next one).
    pub period_index: i32,
    pub user_id: i64,
    /// The name the member last paid this renewal with (prefilled next time).
    pub payer_name: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
