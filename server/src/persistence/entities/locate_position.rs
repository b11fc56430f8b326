//! `locate_positions`: The one position an owner chose to share for a request
//! (for live sharing, the latest one: each update replaces it).
use sea_orm::entity::prelude::*;

/// A row of `locate_positions`.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "locate_positions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub request_id: i64,
    pub latitude: f64,
    pub longitude: f64,
    /// Accuracy radius in metres.
    pub accuracy: Option<f64>,
    pub shared_at: i64,
    /// The retention job deletes the row after this time.
    pub delete_after: i64,
    /// `precise` or `approximate` (rounded to about a kilometre).
    pub precision: String,
    /// Live sharing: updates are accepted until then (ms); `None` for once.
    pub live_until: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
