//! `staff_users`: support and admin accounts of the console, separate from
//! customers' `users`.
use sea_orm::entity::prelude::*;

/// A row of `staff_users`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "staff_users")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub email: String,
    /// Lower-cased and trimmed: the unique key.
    #[sea_orm(unique)]
    pub email_normalized: String,
    /// Argon2id PHC string.
    pub password_hash: String,
    /// `support` or `admin`.
    pub role: String,
    /// The TOTP key, base32 (the authenticator app has the same).
    pub totp_secret: String,
    /// The newest 30-second step whose code was accepted: a code works once.
    pub totp_last_step: i64,
    /// When wrong codes from everywhere locked the second factor; `None`
    /// when not locked. Cleared only by `server staff unlock`.
    pub totp_locked_at: Option<i64>,
    pub disabled: bool,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
