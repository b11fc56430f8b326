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
mod units;

pub use query::{lookup, Query};

use crate::services::Cx;

/// Forgets this process's cached facts of `e164`: call after writing a
/// report or the directory row of that number.
pub fn forget_facts(cx: &Cx, e164: &str) {
    cx.caches.get::<facts::FactsCache>().forget(e164);
}

/// Forgets every cached number: call after a write whose number is not at hand.
pub fn forget_all_facts(cx: &Cx) {
    cx.caches.get::<facts::FactsCache>().forget_all();
}
