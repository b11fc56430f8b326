//! `voice_messages`: anonymous voice messages and their delivery by call.
use sea_orm::entity::prelude::*;

/// A row of `voice_messages`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "voice_messages")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// The sender: kept so the service can answer for every message it made.
    pub user_id: i64,
    /// One per Send click: a double click or a retried request is one message.
    pub idempotency_key: String,
    pub to_e164: String,
    /// The number's region (`ID`; `001` for non-geographic numbers).
    pub region: String,
    pub language: String,
    pub voice: String,
    /// The text as typed; emptied after the retention period.
    pub body: String,
    /// `queued`, `calling`, `uncertain` (placed, outcome unknown), `delivered`,
    /// `no_answer`, `failed` or `opted_out`.
    pub status: String,
    /// Calls placed (at most two).
    pub attempts: i32,
    pub next_attempt_at: Option<i64>,
    /// When the current call was placed (reconciling waits a grace period after it).
    pub attempted_at: Option<i64>,
    /// Names the current call in the provider's callbacks; new per call.
    pub call_ref: String,
    pub provider_id: Option<String>,
    /// Provider calls that failed since the last progress (placing with a
    /// temporary error, looking up an uncertain call); past a few the
    /// message fails.
    pub failures: i32,
    pub last_error: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
    /// When the text and audio were deleted.
    pub purged_at: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
