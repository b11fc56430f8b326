//! TEMPORARY stand-in; the accounts-ui branch provides the real codec.
use super::Viewer;
pub fn encode_user_info(viewer: &Viewer) -> Option<String> {
    (viewer.payment_count > 0).then(|| crate::api::encode(&format!("{{\"email\":{:?},\"paymentCount\":{}}}", viewer.email, viewer.payment_count)))
}
