//! What the SMS provider tells us (delivery reports, inbound keywords),
//! applied to requests and the do-not-locate registry.
use super::{queue, registry, requests};
use crate::persistence::entities::sms_queue;
use crate::services::ServiceError;
use app::model::locate::LocateStatus;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, TransactionTrait};

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
    let Some(message) = sms_queue::Entity::find().filter(sms_queue::Column::ProviderId.eq(provider_id)).one(db).await? else {
        return Ok(());
    };
    let Some(request_id) = message.request_id else { return Ok(()) };
    match report {
        DeliveryReport::Accepted => Ok(()),
        DeliveryReport::Sent => queue::advance(db, request_id, LocateStatus::Sent, now).await,
        DeliveryReport::Delivered => queue::advance(db, request_id, LocateStatus::Delivered, now).await,
        DeliveryReport::Failed => queue::fail_request(db, request_id, now).await,
    }
}

/// Applies a keyword texted by `from_e164`: STOP registers the number (and
/// ends its pending requests), START undoes a STOP.
///
/// # Errors
/// Database errors.
pub async fn record_keyword(db: &DatabaseConnection, from_e164: &str, keyword: OptKeyword, now: i64) -> Result<(), ServiceError> {
    match keyword {
        OptKeyword::Stop => {
            let txn = db.begin().await?;
            registry::add(&txn, from_e164, registry::Reason::Stop, now).await?;
            requests::block_pending_for_number(&txn, from_e164, now).await?;
            txn.commit().await?;
            Ok(())
        }
        OptKeyword::Start => registry::remove_stop(db, from_e164).await,
        OptKeyword::Help => Ok(()),
    }
}
