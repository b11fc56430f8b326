//! Reverse phone lookup: what the numbering plan says about a number, what
//! trusted members reported about it, and what its proven owner chose to
//! publish. No name or address comes from anywhere but the owner's own
//! entry ([`owner`]); reports of our own SMS and calls go to the abuse
//! queue, never into a number's score.
pub mod facts;
pub mod owner;
pub mod query;
pub mod reports;
pub mod score;

pub use query::{lookup, Query};
