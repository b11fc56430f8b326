//! What the account calls of `/api_f/v1` answer (`obj` of the envelope).
use serde::{Deserialize, Serialize};

/// `POST /admin/userSession`: the new session. The token also comes back in
/// the `token` response header and is shown only this once.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct LoginResult {
    pub token: String,
    pub session: SessionInfo,
}

/// A session as its owner sees it (`GET /admin/userSession/{id}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SessionInfo {
    pub id: i64,
    pub email: String,
    pub payment_count: i64,
    /// Subscription expiry, ms since the Unix epoch.
    pub vip_time: i64,
    pub created_at: i64,
    pub expires_at: i64,
    pub last_seen_at: i64,
    pub user_agent: Option<String>,
    /// Whether this is the session making the call.
    pub current: bool,
}

/// `GET /portal/user/checkEmail/{email}`: whether checkout may use the
/// address. Says nothing about whether it has an account.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct EmailCheck {
    pub valid: bool,
}

/// `GET /portal/user/checkRegister/{code}`: whether the order with this
/// (unguessable) code has created its account yet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RegisterCheck {
    pub registered: bool,
}

/// Answer of calls that only confirm (`sent`, `changed`, `loggedOut`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Done {
    pub done: bool,
}
