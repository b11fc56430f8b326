//! Locate with consent (issue 5): requests, the owner's decision, the
//! do-not-locate registry, caps, retention and the SMS queue.
pub mod sms_events;
