//! sea-orm entities, one file per table.
pub mod dev_outbox;
pub mod multilingual_word;
pub mod password_reset_code;
pub mod price_plan;
pub mod rate_limit_counter;
pub mod session;
pub mod user;
