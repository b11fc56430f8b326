//! The one service layer: every rule lives here once. The REST API, Leptos
//! pages (through the in-process API) and background jobs all call it.
pub mod abuse_reports;
pub mod accounts;
pub mod audit;
pub mod billing;
pub mod console;
pub mod context;
pub mod do_not_contact;
pub mod error;
pub mod help_chat;
pub mod job_queue;
pub mod limits;
pub mod live_feed;
pub mod locate;
pub mod lookup;
pub mod number_proof;
pub mod phone;
pub mod pricing;
pub mod reactions;
pub mod sealed;
pub mod sms_queue;
pub mod tracking;
pub mod usage;
pub mod visitor;
pub mod voice;
pub mod words;
pub mod workers;

pub use context::{Caches, Cx, Wakers};
pub use error::ServiceError;
