//! `rate_limit_counters`: fixed-window counters in the database, so every
//! instance of the server shares them.
use sea_orm::entity::prelude::*;

/// A row of `rate_limit_counters`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "rate_limit_counters")]
pub struct Model {
    /// e.g. `login:ip:203.0.113.7` or `login:account:<sha256>`.
    #[sea_orm(primary_key, auto_increment = false)]
    pub bucket_key: String,
    /// Start of the current window, ms since the Unix epoch.
    pub window_start: i64,
    pub hits: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
