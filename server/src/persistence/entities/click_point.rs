//! `click_points`: a main call-to-action pressed (analytics consent only).
use sea_orm::entity::prelude::*;

/// A row of `click_points`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "click_points")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// `locate`, `find_now`, `send`, `pay`, …
    pub btn_id: String,
    /// The stored campaign channel, or `SEO`.
    pub apk_channel: String,
    /// 0 Android, 1 iOS, 2 other.
    pub os: i32,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
