//! TEMPORARY stand-in.
use super::OutgoingEmail;
pub struct Brand { pub operator_name: String, pub support_email: String }
pub fn reset_code(_l: app::i18n::Locale, to: &str, code: &str, _m: u32, _b: &Brand) -> OutgoingEmail {
    OutgoingEmail { to: to.into(), subject: String::new(), text: code.into(), html: String::new() }
}
