//! `orders`: one checkout: created at `POST /portal/order`, settled by the provider's webhook.
use sea_orm::entity::prelude::*;

/// The statuses of an order (`status`).
pub const CREATED: &str = "created";
pub const OPEN: &str = "open";
pub const PENDING: &str = "pending";
pub const PAID: &str = "paid";
pub const FAILED: &str = "failed";

/// A row of `orders`. Instants are ms since the Unix epoch; money is minor units.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "orders")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_no: String,
    pub idempotency_key: String,
    pub email: String,
    pub plan_id: i64,
    pub locale: String,
    pub country: String,
    pub method: String,
    pub provider: String,
    pub first_amount_minor: i64,
    pub renewal_amount_minor: i64,
    /// The trial the order was sold with: 0 when the plan has none or the
    /// payer had a trial before (then the first charge is the full price).
    pub trial_days: i32,
    pub currency: String,
    pub currency_exponent: i32,
    pub status: String,
    pub provider_ref: Option<String>,
    pub redirect_url: Option<String>,
    pub claim_hash: String,
    pub claimed_at: Option<i64>,
    pub user_id: Option<i64>,
    pub fail_reason: Option<String>,
    pub client_key: String,
    /// The payer's address and browser at checkout: wallets ask for them
    /// with the debits we make without the payer (renewals).
    pub payer_ip: Option<String>,
    pub payer_agent: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
    pub last_event_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
