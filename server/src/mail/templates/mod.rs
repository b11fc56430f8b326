//! E-mail templates: every word comes from `locales/*.json` (keys `mail_*`),
//! every mail has a plain-text and an HTML alternative, and every mail ends
//! with the same footer (24/7 support address, operator, "automated").
//!
//! Adding a template ("account created", "receipt"): a file next to
//! `reset_code.rs` with one `pub fn` that picks a subject and a list of
//! `layout::Block`s, then calls `layout::render`; re-export it here.
mod billing;
mod chat_reply;
mod html;
mod layout;
mod locate_answer;
mod reset_code;
mod staff_locked;

pub use billing::{billing_mail, BillingFacts, BillingMailText};
pub use chat_reply::chat_reply;
pub use locate_answer::locate_answer;

pub use reset_code::reset_code;
pub use staff_locked::staff_locked;

use crate::config::Config;

/// Who sends the mail, as named in every footer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Brand {
    /// The legal operator (`OPERATOR_NAME`).
    pub operator_name: String,
    /// The 24/7 support address (`SUPPORT_EMAIL`).
    pub support_email: String,
}

impl Brand {
    /// The brand of this deployment: `OPERATOR_NAME` and `SUPPORT_EMAIL`.
    pub fn from_config(config: &Config) -> Brand {
        Brand {
            operator_name: config.operator_name.clone(),
            support_email: config.support_email.clone(),
        }
    }
}
