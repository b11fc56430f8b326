//! The response envelope every `/api_f/v1` call answers with.
use serde::{Deserialize, Serialize};

/// `{success, msg, obj, page, result}`; `success` is 1 on success, 0 on failure,
/// and `msg` then carries a localized message for the user.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Envelope<T> {
    /// 1 on success, 0 on failure.
    pub success: u8,
    /// Empty on success; the localized error message otherwise.
    #[serde(default)]
    pub msg: String,
    /// The single object a call returns.
    #[serde(default = "none")]
    pub obj: Option<T>,
    /// Paging information for list calls.
    #[serde(default)]
    pub page: Option<Page>,
    /// A bare result value for calls that return one.
    #[serde(default)]
    pub result: Option<serde_json::Value>,
}

fn none<T>() -> Option<T> {
    None
}

/// Paging of a list call.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Page {
    /// 1-based page number.
    pub current: u32,
    /// Items per page.
    pub size: u32,
    /// Items in all pages.
    pub total: u64,
}

impl<T> Envelope<T> {
    /// A successful answer carrying `obj`.
    pub fn ok(obj: T) -> Self {
        Envelope {
            success: 1,
            msg: String::new(),
            obj: Some(obj),
            page: None,
            result: None,
        }
    }

    /// A failed answer with a user-facing message.
    pub fn error(msg: impl Into<String>) -> Self {
        Envelope {
            success: 0,
            msg: msg.into(),
            obj: None,
            page: None,
            result: None,
        }
    }

    /// Whether the call succeeded.
    pub fn is_success(&self) -> bool {
        self.success == 1
    }
}
