//! `order_attributions`: the ad campaign behind an order, stored only when
//! the payer had allowed marketing cookies.
use sea_orm::entity::prelude::*;

/// A row of `order_attributions` (one per order at most).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_attributions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    /// The `channel` parameter of the latest touch, else `SEO`.
    pub channel: String,
    /// The tracked parameters of the first and the latest ad visit, as a
    /// JSON object that includes `at` (ms).
    pub first_touch: String,
    pub last_touch: String,
    /// Meta's browser cookies, for the purchase reported to Meta.
    pub fbc: Option<String>,
    pub fbp: Option<String>,
    pub client_ip: Option<String>,
    pub user_agent: Option<String>,
    /// The page the order was placed on.
    pub source_url: Option<String>,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
