//! The support console on the wire (`/api_f/v1/console/…`): staff, the
//! customers they look up, the abuse queue, the help-chat inbox and the
//! audit log. Staff sessions are separate from customers' (own cookie,
//! own table); every action a staff member takes is written to the audit
//! log, which nobody can edit.
use super::billing::BillingSummary;
use super::chat::ChatMessageView;
use serde::{Deserialize, Serialize};

/// Name of the HttpOnly cookie of a staff session.
pub const STAFF_COOKIE: &str = "staff_session";
/// The request header that carries a staff token instead of the cookie
/// (API clients, and the server's in-process calls while rendering a
/// console page, which copy the cookie's value into it).
pub const STAFF_TOKEN_HEADER: &str = "staff_token";
/// How long a staff session lasts: one working day.
pub const STAFF_SESSION_TTL_MS: i64 = 12 * 3_600_000;
/// The most rows one list answer carries.
pub const ROWS_PER_PAGE: u64 = 50;

/// What a staff member may do.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StaffRole {
    /// Customers, refunds within policy, cancelling, the abuse queue
    /// (dismiss, block a requester), the chat inbox, reading the audit log.
    Support,
    /// Also: refunds outside policy, suspending and reinstating accounts.
    Admin,
}

impl StaffRole {
    /// The stored code.
    pub const fn code(self) -> &'static str {
        match self {
            StaffRole::Support => "support",
            StaffRole::Admin => "admin",
        }
    }

    /// Parses a stored code.
    pub fn from_code(code: &str) -> Option<StaffRole> {
        [StaffRole::Support, StaffRole::Admin]
            .into_iter()
            .find(|r| r.code() == code)
    }
}

/// `POST /console/session`: e-mail, password and the current TOTP code.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StaffSignIn {
    pub email: String,
    pub password: String,
    /// Six digits from the authenticator app.
    pub totp: String,
}

/// The signed-in staff member (`GET /console/session`).
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StaffView {
    pub id: i64,
    pub email: String,
    pub role: StaffRole,
}

/// A line of `GET /console/customers?q=` (e-mail, phone number or order number).
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CustomerRow {
    pub id: i64,
    pub email: String,
    pub created_at: i64,
    /// Access ends at this instant (ms); 0 without access.
    pub vip_time: i64,
    pub suspended: bool,
    /// Why this row matched: `email`, `number` or `order`.
    pub matched_by: String,
}

/// An order with what its payment provider told us about it.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OrderView {
    pub id: i64,
    pub order_no: String,
    pub provider: String,
    pub status: String,
    pub amount_text: String,
    pub created_at: i64,
    pub events: Vec<ProviderEventView>,
}

/// One provider event (webhook) as stored.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProviderEventView {
    pub event_id: String,
    pub kind: String,
    pub received_at: i64,
}

/// `GET /console/customers/{id}`.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CustomerDetail {
    pub customer: CustomerRow,
    /// Subscription and charges (each charge's id is what a refund names).
    pub billing: BillingSummary,
    pub orders: Vec<OrderView>,
    pub locate_requests: u64,
    pub voice_messages: u64,
    /// Open abuse reports that accuse this account.
    pub open_reports: u64,
    /// The newest audit entries about this customer.
    pub audit: Vec<AuditEntry>,
}

/// `POST /console/charges/{id}/refund`, `POST /console/customers/{id}/cancel`,
/// `…/suspend`, `…/reinstate`: why (kept in the audit log).
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StaffReason {
    pub reason: String,
}

/// What was reported.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AbuseSource {
    /// A recipient reported a voice message (pressed 8).
    VoiceMessage,
    /// A target reported a locate request.
    LocateRequest,
    /// An owner disputed spam reports on their number.
    SpamDispute,
}

/// A line of the abuse queue (`GET /console/abuse?status=open|closed`).
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AbuseReportView {
    pub id: i64,
    pub source: AbuseSource,
    pub subject_id: i64,
    /// The account accused, when there is one.
    pub accused_user_id: Option<i64>,
    pub accused_email: Option<String>,
    /// The reporting number, masked (`+62 812 •••• 789`).
    pub reporter_masked: String,
    /// The words reported, as stored: the voice message's text, the locate
    /// text's note, or the disputed spam report's comment.
    #[serde(default)]
    pub reported_words: Option<String>,
    /// `open`, `dismissed`, `requester_blocked`, `account_suspended`,
    /// `dispute_upheld`.
    pub status: String,
    pub created_at: i64,
}

/// What support decides about a report.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AbuseAction {
    Dismiss,
    /// The accused account can no longer reach the reporting number.
    BlockRequester,
    /// The accused account is suspended (admin only).
    SuspendAccount,
    /// Spam disputes only: the owner is right, the disputed spam report is
    /// removed (`Dismiss` on a dispute shows the report again).
    UpholdDispute,
}

/// `POST /console/abuse/{id}`.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AbuseDecision {
    pub action: AbuseAction,
    pub note: String,
}

/// A line of the chat inbox (`GET /console/chats`).
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChatInboxRow {
    pub id: i64,
    /// "ana@example.com" or "visitor".
    pub identity: String,
    /// The address a visitor left with a message: support's answers are
    /// mailed there. `None` for members (their address is the identity).
    #[serde(default)]
    pub visitor_email: Option<String>,
    pub last_message_at: i64,
    pub unread: u64,
}

/// `GET /console/chats/{id}`.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChatThreadView {
    pub conversation: ChatInboxRow,
    pub messages: Vec<ChatMessageView>,
}

/// `POST /console/chats/{id}/reply`.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChatReply {
    pub body: String,
}

/// One line of the append-only audit log (`GET /console/audit?before=ID`).
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
    pub id: i64,
    pub staff_email: String,
    /// `sign_in`, `refund`, `cancel`, `suspend`, `reinstate`, `abuse_decision`,
    /// `chat_reply`, `customer_view`.
    pub action: String,
    /// `customer`, `charge`, `abuse_report`, `chat`, `staff`.
    pub subject_kind: String,
    pub subject_id: i64,
    /// Free text: the reason or note given, the amount refunded.
    pub detail: String,
    pub created_at: i64,
}
