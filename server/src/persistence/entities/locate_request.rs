//! `locate_requests`: A location request: who asked about which number, and where it stands.
use sea_orm::entity::prelude::*;

/// A row of `locate_requests`.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "locate_requests")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub requester_id: i64,
    pub phone_e164: String,
    /// ISO region of the number (`001` for non-geographic).
    pub phone_region: String,
    /// Shown to the owner; fixed once created.
    pub note: String,
    /// The requester's own name for the request.
    pub label: String,
    /// `app_core::model::locate::LocateStatus::code`.
    pub status: String,
    /// SHA-256 of the owner's link token; empty once the link is dead.
    pub link_token_hash: String,
    pub expires_at: i64,
    /// The SMS was sent a second time (allowed once).
    pub resent: bool,
    /// An answer arrived that the requester has not seen yet.
    pub unseen: bool,
    /// SHA-256 of the owner's receipt link token; empty before the owner shared.
    pub receipt_token_hash: String,
    /// The requester asked for an e-mail when the owner answers.
    pub notify_email: bool,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
