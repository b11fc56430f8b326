//! What the SMS provider tells us (delivery reports, inbound keywords),
//! applied to requests and the do-not-locate registry.
use super::{queue, registry, requests, status};
use crate::persistence::entities::sms_queue;
use crate::services::ServiceError;
use app::model::locate::LocateStatus;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter, TransactionTrait};

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

/// Applies a delivery report for provider message `provider_id`; `queue_id`
/// is our message id from the callback URL, which also settles a message
/// whose send had an unknown outcome. A report changes a request only when
/// it names the request's live message: a late report about a message a
/// resend replaced says nothing about the new link.
///
/// # Errors
/// Database errors.
pub async fn record_delivery(
    db: &DatabaseConnection,
    provider_id: &str,
    queue_id: Option<i64>,
    report: DeliveryReport,
    now: i64,
) -> Result<(), ServiceError> {
    if let Some(id) = queue_id {
        queue::settle_uncertain(db, id, provider_id, now).await?;
    }
    let Some(message) = sms_queue::Entity::find().filter(sms_queue::Column::ProviderId.eq(provider_id)).one(db).await? else {
        return Ok(());
    };
    let Some(request_id) = message.request_id else { return Ok(()) };
    let superseded = sms_queue::Entity::find()
        .filter(sms_queue::Column::RequestId.eq(request_id))
        .filter(sms_queue::Column::Seq.gt(message.seq))
        .count(db)
        .await?
        > 0;
    let to = match report {
        _ if superseded => return Ok(()),
        DeliveryReport::Accepted => return Ok(()),
        DeliveryReport::Sent => LocateStatus::Sent,
        DeliveryReport::Delivered => LocateStatus::Delivered,
        DeliveryReport::Failed => LocateStatus::Failed,
    };
    status::transition(db, status::request(request_id), to, now).await?;
    Ok(())
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
