//! `subscriptions`: a member's plan: trialing → active → past_due → canceled (services::billing::status owns the moves).
use sea_orm::entity::prelude::*;

/// A row of `subscriptions`. Instants are ms since the Unix epoch; money is minor units.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "subscriptions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub order_id: i64,
    pub plan_id: i64,
    pub provider: String,
    pub method: String,
    pub provider_ref: Option<String>,
    pub payment_token: Option<String>,
    pub status: String,
    pub cancel_at_period_end: bool,
    pub period_index: i32,
    pub current_period_start: i64,
    pub current_period_end: i64,
    pub next_attempt_at: Option<i64>,
    pub price_minor: i64,
    pub currency: String,
    pub currency_exponent: i32,
    pub cycle: String,
    pub created_at: i64,
    pub updated_at: i64,
    pub canceled_at: Option<i64>,
    pub last_event_at: i64,
    /// The instrument's country whose price the renewals follow, when it
    /// is not the plan's (`services::billing::price_country`).
    pub price_country: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
