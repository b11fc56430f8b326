//! `trial_grants`: who had a trial — by account, normalized e-mail and
//! payment instrument, each unique.
use sea_orm::entity::prelude::*;

/// A row of `trial_grants`. `created_at` is ms since the Unix epoch.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "trial_grants")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: Option<i64>,
    /// The e-mail as [`crate::services::billing::trials::normalized_email`] makes it.
    pub email: String,
    /// The provider's fingerprint of the card, payer or wallet account.
    pub instrument: Option<String>,
    pub order_id: i64,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
