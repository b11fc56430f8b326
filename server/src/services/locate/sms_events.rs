//! What the SMS provider tells us (delivery reports, inbound keywords),
//! applied to requests and the do-not-locate registry.
use crate::services::ServiceError;
use sea_orm::DatabaseConnection;

/// A delivery state the provider reported for one of our messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeliveryReport {
    /// Accepted / queued / sending at the provider.
    Accepted,
    /// Handed to the carrier.
    Sent,
    /// Delivered to the handset.
    Delivered,
    /// Failed or undelivered (final).
    Failed,
}

/// An opt-out keyword texted by a number (`STOP`, `START`, `HELP` and their synonyms).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptKeyword {
    /// Opt out of every future request.
    Stop,
    /// Opt back in (undoes a STOP, not a "block" from the reveal page).
    Start,
    /// Asks what this is.
    Help,
}

/// Applies a delivery report for provider message `provider_id`.
///
/// # Errors
/// Database errors.
pub async fn record_delivery(db: &DatabaseConnection, provider_id: &str, report: DeliveryReport, now: i64) -> Result<(), ServiceError> {
    let _ = (db, provider_id, report, now);
    Ok(()) // Filled in by the locate-core branch.
}

/// Applies a keyword texted by `from_e164`.
///
/// # Errors
/// Database errors.
pub async fn record_keyword(db: &DatabaseConnection, from_e164: &str, keyword: OptKeyword, now: i64) -> Result<(), ServiceError> {
    let _ = (db, from_e164, keyword, now);
    Ok(()) // Filled in by the locate-core branch.
}
