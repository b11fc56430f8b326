//! `sandbox_webhooks`: webhooks the sandbox provider still has to deliver (retried until answered 2xx).
use sea_orm::entity::prelude::*;

/// A row of `sandbox_webhooks`. Instants are ms since the Unix epoch; money is minor units.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sandbox_webhooks")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub body: String,
    pub notify_url: String,
    pub deliver_at: i64,
    pub delivered_at: Option<i64>,
    pub attempts: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
