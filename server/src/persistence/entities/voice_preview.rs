//! `voice_previews`: a draft heard before sending, kept for an hour under a
//! random token (the audio itself is synthesized again when played).
use sea_orm::entity::prelude::*;

/// A row of `voice_previews`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "voice_previews")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub token: String,
    /// The draft as JSON (`VoiceDraft`), its text already cleaned.
    pub draft: String,
    pub duration_ms: i32,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
