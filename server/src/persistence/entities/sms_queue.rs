//! `sms_queue`: The outgoing SMS queue: survives restarts, retried with backoff.
use sea_orm::entity::prelude::*;

/// A row of `sms_queue`.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "sms_queue")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub request_id: Option<i64>,
    /// 1 for the first message of a request, 2 for its one resend.
    pub seq: i32,
    /// `locate` or `dnl_code`.
    pub purpose: String,
    pub to_e164: String,
    /// Blanked once sent: it holds a secret link or code.
    pub body: String,
    /// `queued`, `sending`, `uncertain` (handed over, outcome unknown), `sent` or `failed`.
    pub status: String,
    pub attempts: i32,
    pub next_attempt_at: i64,
    pub provider_id: Option<String>,
    pub last_error: Option<String>,
    /// When the last send started (reconciling an uncertain one waits a grace period after it).
    pub attempted_at: Option<i64>,
    /// Provider lookups of an uncertain message that failed so far.
    pub lookups: i32,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
