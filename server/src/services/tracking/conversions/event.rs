//! The event as Meta's Conversions API takes it, and how customer
//! information in it is hashed or checked.
use crate::services::tracking::is_token;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// A server event as Meta's `data[]` takes it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ServerEvent {
    pub event_name: String,
    /// Unix seconds.
    pub event_time: i64,
    pub event_id: String,
    pub action_source: String,
    pub event_source_url: String,
    pub user_data: UserData,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub custom_data: Option<serde_json::Value>,
}

/// Customer information: `em` and `external_id` hashed (SHA-256, lowercase
/// hex); the address, agent and Meta's cookies as they are.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct UserData {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub em: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub external_id: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_ip_address: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_user_agent: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fbc: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fbp: Option<String>,
}

fn sha256_hex(value: &str) -> String {
    Sha256::digest(value.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Meta's `em`: SHA-256 of the address trimmed and lower-cased.
pub fn hash_email(email: &str) -> String {
    sha256_hex(&email.trim().to_lowercase())
}

/// Meta's `external_id`: SHA-256 of our user id.
pub fn hash_external_id(user_id: i64) -> String {
    sha256_hex(&user_id.to_string())
}

/// `fb.1.<ms>.<value>`, as Meta writes `_fbc` and `_fbp`; anything else is dropped.
pub(super) fn meta_cookie(value: Option<&str>) -> Option<String> {
    value
        .filter(|v| v.len() <= 255 && v.starts_with("fb.") && is_token(v, 255))
        .map(str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails_are_hashed_as_meta_documents() {
        // Meta's own example: `John_Smith@gmail.com` → `john_smith@gmail.com`.
        let expected = "62a14e44f765419d10fea99367361a727c12365e2520f32218d505ed9aa0f62f";
        assert_eq!(hash_email("  John_Smith@gmail.com "), expected);
        assert_eq!(hash_email("john_smith@gmail.com"), expected);
    }

    #[test]
    fn only_meta_shaped_cookies_pass() {
        assert_eq!(
            meta_cookie(Some("fb.1.1554763741205.AbCdEf123")).as_deref(),
            Some("fb.1.1554763741205.AbCdEf123")
        );
        assert_eq!(meta_cookie(Some("<script>")), None);
        assert_eq!(meta_cookie(Some("xyz")), None);
        assert_eq!(meta_cookie(None), None);
    }
}
