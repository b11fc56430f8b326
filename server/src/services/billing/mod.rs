//! Checkout and subscriptions: orders, the subscription state machine,
//! provider events, renewals, cancelling and refunds. Providers are reached
//! only through [`crate::payments::Gateways`].
pub mod checkout;
mod money;
pub mod orders;
pub mod status;
