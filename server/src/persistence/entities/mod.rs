//! sea-orm entities, one file per table.
pub mod dev_outbox;
pub mod multilingual_word;
pub mod price_plan;
