//! `payment_events`: every verified provider event, once: the unique `(provider, event_id)` makes a redelivery a no-op.
use sea_orm::entity::prelude::*;

/// A row of `payment_events`. Instants are ms since the Unix epoch; money is minor units.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "payment_events")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub provider: String,
    pub event_id: String,
    pub kind: String,
    pub outcome: String,
    pub occurred_at: i64,
    pub received_at: i64,
    /// The order the event is about, when it names one we know.
    pub order_id: Option<i64>,
    /// What a parked event waits for (`order:…`, `subscription:…`, …);
    /// `None` once applied or for events that never waited.
    pub waits_for: Option<String>,
    /// A parked event's meaning (JSON), to apply it when it can be.
    pub payload: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
