//! `password_reset_codes`: e-mailed codes, stored hashed, single use.
use sea_orm::entity::prelude::*;

/// A row of `password_reset_codes`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "password_reset_codes")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    /// SHA-256 of the code keyed with the row's user (hex).
    pub code_hash: String,
    /// Wrong guesses so far; the code dies at the limit.
    pub attempts: i32,
    pub expires_at: i64,
    pub used_at: Option<i64>,
    pub created_at: i64,
    /// The mail job that sent it: a repeat of that job sends this code again.
    pub job_key: Option<String>,
    /// The code sealed with `SECRETS_KEY`, for that repeat only.
    pub code_sealed: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
