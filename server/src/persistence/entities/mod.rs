//! sea-orm entities, one file per table.
pub mod dev_outbox;
pub mod disclosure_log;
pub mod do_not_locate;
pub mod job;
pub mod locate_consent;
pub mod locate_position;
pub mod locate_request;
pub mod multilingual_word;
pub mod number_proof;
pub mod password_reset_code;
pub mod price_plan;
pub mod rate_limit_counter;
pub mod session;
pub mod sms_queue;
pub mod user;
