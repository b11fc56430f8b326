//! `price_plans`: money is stored in minor units with the currency's exponent.
use sea_orm::entity::prelude::*;

/// A row of `price_plans`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "price_plans")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub channel: String,
    pub sort: i32,
    pub is_tryout: bool,
    pub trial_days: i32,
    pub trial_price_minor: i64,
    pub present_price_minor: i64,
    pub currency: String,
    pub currency_exponent: i16,
    /// `week` or `month`.
    pub cycle: String,
    /// 0 hides the plan from `hasWeight=true` listings.
    pub weight: i32,
    /// Milliseconds since the Unix epoch.
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
