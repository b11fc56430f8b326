//! `charges`: money taken or attempted for one subscription period; `(subscription_id, period_index)` is unique so a period is charged once.
use sea_orm::entity::prelude::*;

/// A row of `charges`. Instants are ms since the Unix epoch; money is minor units.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "charges")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub subscription_id: i64,
    pub order_id: i64,
    pub period_index: i32,
    pub attempts: i32,
    pub kind: String,
    pub amount_minor: i64,
    pub currency: String,
    pub currency_exponent: i32,
    pub status: String,
    pub idempotency_key: String,
    pub provider_ref: Option<String>,
    pub receipt_no: String,
    pub refunded_minor: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub settled_at: Option<i64>,
    pub refunded_at: Option<i64>,
    /// Attempts at this period that failed without the provider deciding
    /// (unreachable, 5xx, rate limited): the backoff and its cap.
    pub transient_failures: i32,
    /// The provider's id of the refund, once it answered one.
    pub refund_ref: Option<String>,
    /// The tax the provider collected with the charge (inside the amount
    /// when the price includes tax, on top of it otherwise).
    pub tax_minor: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
