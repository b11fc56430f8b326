//! `users`: one row per account.
use sea_orm::entity::prelude::*;

/// A row of `users`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "users")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// As typed at sign-up (shown back to the user).
    pub email: String,
    /// Lower-cased and trimmed: the unique key.
    #[sea_orm(unique)]
    pub email_normalized: String,
    /// Argon2id PHC string.
    pub password_hash: String,
    pub payment_count: i32,
    /// Subscription expiry, ms since the Unix epoch (0: never subscribed).
    pub vip_time: i64,
    /// Preferred locale code (`en`, `id`, `zh`): e-mails go out in it.
    pub locale: String,
    pub created_at: i64,
    pub updated_at: i64,
    /// Set while support keeps the account out: no sign-in, no session works.
    pub suspended_at: Option<i64>,
}

/// Sessions name their account (`session::Relation::User`); an account
/// names nothing, so the two entities do not import each other.
#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
