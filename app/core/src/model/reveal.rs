//! What the owner's page (`/reveal-location?t=…`) and the owner's answers
//! exchange with the server: the page's state, the decision and the
//! receipt of what was shared.
use crate::model::sharing::SharePrecision;
use crate::model::GeoPoint;
use serde::{Deserialize, Serialize};

/// What the owner's page (`/reveal-location?t=…`) shows (`GET /reveal/{token}`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RevealView {
    pub state: RevealState,
    /// The requester's note (never a link), empty when none.
    pub note: String,
    /// The owner's number, international format (so they know it is about them).
    pub phone: String,
    /// When the link stops working (ms).
    pub expires_at: i64,
    /// The position the owner shared, in the answer to "Share once" only
    /// (later visits do not show it again: whoever holds the phone later may
    /// not be its owner).
    pub shared: Option<GeoPoint>,
    /// When the owner decided (ms), once they have.
    #[serde(default)]
    pub decided_at: Option<i64>,
    /// What was shared: when, and how precise, without the coordinates.
    #[serde(default)]
    pub shared_at: Option<i64>,
    #[serde(default)]
    pub shared_accuracy_m: Option<f64>,
    /// When the shared position is deleted (ms); `None` once it is gone.
    #[serde(default)]
    pub delete_after: Option<i64>,
    /// Whether the number refuses every future request now.
    #[serde(default)]
    pub number_blocked: bool,
    /// The actions still open to the owner after deciding: delete the
    /// shared position now, and block the number.
    #[serde(default)]
    pub can_stop_sharing: bool,
    #[serde(default)]
    pub can_block: bool,
    /// How many days a shared position is kept before it is deleted (told
    /// to the owner before they decide).
    #[serde(default)]
    pub retention_days: Option<i64>,
    /// The UTC offset (minutes east) of the number's time zone, when the
    /// number has one: the page shows its times there until the browser's
    /// own zone replaces them.
    #[serde(default)]
    pub utc_offset_min: Option<i32>,
    /// How precisely the owner shared, and for live sharing until when
    /// (ms; moved to the stop time once stopped).
    #[serde(default)]
    pub precision: Option<SharePrecision>,
    #[serde(default)]
    pub live_until: Option<i64>,
    /// Who asked, once the owner decided: the requester's account, masked
    /// (`a•••@mail.com`), for the receipt.
    #[serde(default)]
    pub requester: Option<String>,
    /// The owner trusts the account that asked (its requests open with a
    /// one-tap Share); they may stop trusting it from this page.
    #[serde(default)]
    pub trusted: bool,
    /// After deciding, the owner may mark the account that asked as trusted.
    #[serde(default)]
    pub can_trust: bool,
}

/// Where the owner's link stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum RevealState {
    /// Waiting for the owner's decision.
    Pending,
    /// The owner shared once.
    Shared,
    /// The owner declined.
    Declined,
    /// The owner declined and blocked all future requests.
    Blocked,
    /// Expired, cancelled or unknown: the link does nothing any more.
    Gone,
}

/// The owner's answer (`POST /reveal/{token}` form field `decision`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum RevealDecision {
    /// Share the position once (with `latitude`, `longitude`, `accuracy`).
    Share,
    /// Decline this request.
    Decline,
    /// Decline and block every future request for this number (also open
    /// after sharing or declining).
    Block,
    /// After sharing: delete the shared position now.
    StopSharing,
    /// Live sharing: stop sending now (the last position stays until deleted).
    StopLive,
    /// After deciding: trust the account that asked.
    Trust,
    /// Stop trusting the account that asked (open on every page the link opens).
    Untrust,
}

impl RevealDecision {
    /// The form value (`share`, `decline`, `block`).
    pub const fn code(self) -> &'static str {
        match self {
            RevealDecision::Share => "share",
            RevealDecision::Decline => "decline",
            RevealDecision::Block => "block",
            RevealDecision::StopSharing => "stop_sharing",
            RevealDecision::StopLive => "stop_live",
            RevealDecision::Trust => "trust",
            RevealDecision::Untrust => "untrust",
        }
    }
}
