//! Checkout and subscriptions: orders, the subscription state machine,
//! provider events, renewals, cancelling and refunds. Providers are reached
//! only through [`crate::payments::Gateways`].
pub mod activation;
pub mod attempts;
pub mod carried;
pub mod charges;
pub mod checkout;
pub mod claims;
pub mod dunning;
pub mod events;
pub mod grants;
pub mod mails;
pub mod manage;
pub mod methods;
pub mod money;
pub mod orders;
pub mod pay_link;
pub mod payer;
pub mod price_country;
pub mod receipts;
pub mod reconcile;
pub mod refund_lookup;
pub mod refund_outcome;
pub mod refunds;
pub mod renew_now;
pub mod renewals;
pub mod settlement;
pub mod status;
pub mod trials;
