//! Reverse lookup on the wire: the numbering-plan facts everyone sees, and
//! the part for subscribers (the spam verdict and the owner's own directory
//! entry). Categories and labels are closed sets with stable codes.
use super::NumberInfo;
use crate::i18n::Key;
use serde::{Deserialize, Serialize};

/// The longest report comment, in characters.
pub const COMMENT_MAX_CHARS: usize = 300;
/// The longest published name or city, in characters.
pub const DIRECTORY_FIELD_MAX_CHARS: usize = 60;

/// Why a number was reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum SpamCategory {
    Scam,
    Telemarketing,
    Robocall,
    Harassment,
    DebtCollector,
    Other,
}

impl SpamCategory {
    /// Every category, in the order the report form lists them.
    pub const ALL: [SpamCategory; 6] = [
        SpamCategory::Scam,
        SpamCategory::Telemarketing,
        SpamCategory::Robocall,
        SpamCategory::Harassment,
        SpamCategory::DebtCollector,
        SpamCategory::Other,
    ];

    /// The stored and posted code.
    pub const fn code(self) -> &'static str {
        match self {
            SpamCategory::Scam => "scam",
            SpamCategory::Telemarketing => "telemarketing",
            SpamCategory::Robocall => "robocall",
            SpamCategory::Harassment => "harassment",
            SpamCategory::DebtCollector => "debt_collector",
            SpamCategory::Other => "other",
        }
    }

    /// The category with this code.
    pub fn from_code(code: &str) -> Option<SpamCategory> {
        SpamCategory::ALL.into_iter().find(|c| c.code() == code)
    }

    /// Its name on the page.
    pub const fn label_key(self) -> Key {
        match self {
            SpamCategory::Scam => Key::LookupCategoryScam,
            SpamCategory::Telemarketing => Key::LookupCategoryTelemarketing,
            SpamCategory::Robocall => Key::LookupCategoryRobocall,
            SpamCategory::Harassment => Key::LookupCategoryHarassment,
            SpamCategory::DebtCollector => Key::LookupCategoryDebtCollector,
            SpamCategory::Other => Key::LookupCategoryOther,
        }
    }
}

/// The verdict shown for a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum SpamLabel {
    NoReports,
    /// Reports exist, but too few or from too little trust to say anything.
    NotReliable,
    SomeReports,
    LikelySpam,
}

impl SpamLabel {
    /// Its wording on the page.
    pub const fn label_key(self) -> Key {
        match self {
            SpamLabel::NoReports => Key::LookupLabelNoReports,
            SpamLabel::NotReliable => Key::LookupLabelNotReliable,
            SpamLabel::SomeReports => Key::LookupLabelSomeReports,
            SpamLabel::LikelySpam => Key::LookupLabelLikelySpam,
        }
    }
}

/// What reports say about a number (visible reports only).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SpamVerdict {
    pub label: SpamLabel,
    /// The trust-weighted, time-decayed score the label comes from.
    pub score: f64,
    /// Visible reports.
    pub reports: u32,
    /// The most reported categories, most first (at most three).
    pub top_categories: Vec<SpamCategory>,
    /// When the newest visible report was made (ms since the epoch).
    pub last_reported_at: Option<i64>,
    /// The owner disputed reports that now wait for review (hidden meanwhile).
    pub under_review: bool,
}

/// What the number's proven owner chose to publish.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct DirectoryEntry {
    pub name: String,
    pub city: String,
}

/// `GET /lookup/{phone}`: the facts, and for subscribers the rest.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct LookupResult {
    /// Validity, type, formats, carrier, region and time zones.
    pub info: NumberInfo,
    /// Whether this answer is the full lookup (a subscriber's).
    pub full: bool,
    /// The owner opted the number out of everything beyond the numbering plan.
    pub opted_out: bool,
    /// Subscribers only, and not for opted-out numbers.
    pub spam: Option<SpamVerdict>,
    /// Only when the owner published it.
    pub owner: Option<DirectoryEntry>,
}

/// `GET /lookup/owner`: what an owner session can see of its number.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct OwnerView {
    /// The proven number, international format.
    pub number: String,
    pub entry: Option<DirectoryEntry>,
    pub opted_out: bool,
    /// Visible reports, and those waiting for review after a dispute.
    pub visible_reports: u32,
    pub disputed_reports: u32,
    /// When the owner session ends (ms since the epoch).
    pub expires_at: i64,
}

/// `POST /lookup/owner/claim`: the owner session, sent back in the
/// `owner-token` header of the owner calls.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct OwnerClaim {
    pub owner_token: String,
    pub expires_at: i64,
}

impl SpamLabel {
    /// A stable code (CSS classes, tests).
    pub const fn code(self) -> &'static str {
        match self {
            SpamLabel::NoReports => "no_reports",
            SpamLabel::NotReliable => "not_reliable",
            SpamLabel::SomeReports => "some_reports",
            SpamLabel::LikelySpam => "likely_spam",
        }
    }
}

/// The wording of a libphonenumber type name (`MOBILE`).
pub fn number_type_key(name: &str) -> Key {
    match name {
        "FIXED_LINE" => Key::LookupTypeFixedLine,
        "MOBILE" => Key::LookupTypeMobile,
        "FIXED_LINE_OR_MOBILE" => Key::LookupTypeFixedLineOrMobile,
        "TOLL_FREE" => Key::LookupTypeTollFree,
        "PREMIUM_RATE" => Key::LookupTypePremiumRate,
        "SHARED_COST" => Key::LookupTypeSharedCost,
        "VOIP" => Key::LookupTypeVoip,
        "PERSONAL_NUMBER" => Key::LookupTypePersonalNumber,
        "PAGER" => Key::LookupTypePager,
        "UAN" => Key::LookupTypeUan,
        "VOICEMAIL" => Key::LookupTypeVoicemail,
        _ => Key::LookupTypeUnknown,
    }
}
