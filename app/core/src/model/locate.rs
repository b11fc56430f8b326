//! Locate with consent: what the requester's calls and the owner's
//! reveal page exchange. A position exists only after its owner chose
//! "Share once"; nothing else here says where a phone is.
use crate::i18n::Key;
pub use crate::model::reveal::{RevealDecision, RevealState, RevealView};
pub use crate::model::sharing::{ShareMode, SharePrecision};
use crate::model::GeoPoint;
use serde::{Deserialize, Serialize};

/// Where a request stands. Final states never change again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum LocateStatus {
    /// Stored; the SMS is queued.
    Created,
    /// The SMS provider accepted the message.
    Sent,
    /// The provider reported delivery to the phone.
    Delivered,
    /// The owner opened the link.
    Opened,
    /// The owner shared a position once (final).
    Located,
    /// The owner declined (final).
    Declined,
    /// The number does not accept requests (final). The requester is not told why.
    Blocked,
    /// Nobody answered before the link expired (final).
    Expired,
    /// The SMS could not be delivered (final).
    Failed,
    /// The requester cancelled it (final).
    Cancelled,
}

impl LocateStatus {
    /// Every status, in the order of the flow.
    pub const ALL: [LocateStatus; 10] = [
        LocateStatus::Created,
        LocateStatus::Sent,
        LocateStatus::Delivered,
        LocateStatus::Opened,
        LocateStatus::Located,
        LocateStatus::Declined,
        LocateStatus::Blocked,
        LocateStatus::Expired,
        LocateStatus::Failed,
        LocateStatus::Cancelled,
    ];

    /// The stored and wire name (`"located"`).
    pub const fn code(self) -> &'static str {
        match self {
            LocateStatus::Created => "created",
            LocateStatus::Sent => "sent",
            LocateStatus::Delivered => "delivered",
            LocateStatus::Opened => "opened",
            LocateStatus::Located => "located",
            LocateStatus::Declined => "declined",
            LocateStatus::Blocked => "blocked",
            LocateStatus::Expired => "expired",
            LocateStatus::Failed => "failed",
            LocateStatus::Cancelled => "cancelled",
        }
    }

    /// Parses [`LocateStatus::code`].
    pub fn from_code(code: &str) -> Option<LocateStatus> {
        LocateStatus::ALL.into_iter().find(|s| s.code() == code)
    }

    /// The label shown to the requester.
    pub const fn label_key(self) -> Key {
        match self {
            LocateStatus::Created => Key::LocateStatusCreated,
            LocateStatus::Sent => Key::LocateStatusSent,
            LocateStatus::Delivered => Key::LocateStatusDelivered,
            LocateStatus::Opened => Key::LocateStatusOpened,
            LocateStatus::Located => Key::LocateStatusLocated,
            LocateStatus::Declined => Key::LocateStatusDeclined,
            LocateStatus::Blocked => Key::LocateStatusBlocked,
            LocateStatus::Expired => Key::LocateStatusExpired,
            LocateStatus::Failed => Key::LocateStatusFailed,
            LocateStatus::Cancelled => Key::LocateStatusCancelled,
        }
    }

    /// Whether the request is over (no SMS, no answer, no change any more).
    pub const fn is_final(self) -> bool {
        matches!(
            self,
            LocateStatus::Located
                | LocateStatus::Declined
                | LocateStatus::Blocked
                | LocateStatus::Expired
                | LocateStatus::Failed
                | LocateStatus::Cancelled
        )
    }
}

/// A request as its requester sees it (`GET /spyContent`, create, update).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct LocateRequestView {
    pub id: i64,
    /// `+62 812-3456-7890`
    pub phone: String,
    /// The requester's own name for it (rename), empty when none.
    pub label: String,
    /// The note the owner sees (fixed once sent).
    pub note: String,
    pub status: LocateStatus,
    /// ms since the Unix epoch.
    pub created_at: i64,
    /// When the owner's link stops working.
    pub expires_at: i64,
    /// The SMS may be sent once more (not yet resent, still pending).
    pub can_resend: bool,
    /// A shared position is stored (read it with `GET /gpsTrace/phoneLocation/{id}`).
    pub has_location: bool,
}

/// `GET /gpsTrace/phoneLocation/{id}`: the position(s) the owner shared.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct GpsTrace {
    pub request_id: i64,
    pub points: Vec<TracePoint>,
    /// How precisely the owner shared (`None` with no position).
    #[serde(default)]
    pub precision: Option<SharePrecision>,
    /// Live sharing: when it ends or ended (ms).
    #[serde(default)]
    pub live_until: Option<i64>,
    /// When the position is deleted (ms).
    #[serde(default)]
    pub delete_after: Option<i64>,
}

/// One shared position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TracePoint {
    pub point: GeoPoint,
    /// When the owner shared it (ms).
    pub shared_at: i64,
}

/// What the requester does to one request (`PUT /spyContent/phoneLocation/{id}`
/// `action`, or the dashboard's no-JS form `locate_action`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum LocateAction {
    /// Send the SMS once more (only while [`LocateRequestView::can_resend`]).
    Resend,
    /// Stop the request; the owner's link stops working.
    Cancel,
    /// Erase the stored position now (`POST /spyContent/clear/{id}`).
    Clear,
    /// Give the request the requester's own name.
    Rename(String),
    /// End the owner's live sharing now.
    StopLive,
}

impl LocateAction {
    /// The `action` value.
    pub const fn code(&self) -> &'static str {
        match self {
            LocateAction::Resend => "resend",
            LocateAction::Cancel => "cancel",
            LocateAction::Clear => "clear",
            LocateAction::Rename(_) => "rename",
            LocateAction::StopLive => "stop_live",
        }
    }
}

impl LocateRequestView {
    /// Whether the requester may still cancel it.
    pub const fn can_cancel(&self) -> bool {
        !self.status.is_final()
    }
}

/// Whether any request can still change (the dashboard keeps polling).
pub fn any_pending(requests: &[LocateRequestView]) -> bool {
    requests.iter().any(|r| !r.status.is_final())
}

/// Longest label a requester can give a request, in characters.
pub const LABEL_MAX_CHARS: usize = 60;

#[cfg(test)]
#[path = "locate_tests.rs"]
mod tests;
