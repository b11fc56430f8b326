//! What the SMS provider tells us (delivery reports, inbound keywords),
//! applied to requests and the do-not-locate registry.
use super::{queue, registry, requests, status};
use crate::persistence::entities::sms_queue;
use crate::services::ServiceError;
use app_core::model::locate::LocateStatus;
use sea_orm::{
    ColumnTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter, TransactionTrait,
};

pub use crate::sms::{DeliveryReport, OptKeyword};

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
    let Some(message) = sms_queue::Entity::find()
        .filter(sms_queue::Column::ProviderId.eq(provider_id))
        .one(db)
        .await?
    else {
        return Ok(());
    };
    let Some(request_id) = message.request_id else {
        return Ok(());
    };
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
pub async fn record_keyword(
    db: &DatabaseConnection,
    from_e164: &str,
    keyword: OptKeyword,
    now: i64,
) -> Result<(), ServiceError> {
    match keyword {
        OptKeyword::Stop => {
            let txn = db.begin().await?;
            registry::add(&txn, from_e164, registry::Reason::Stop, now).await?;
            requests::block_pending_for_number(&txn, from_e164, now).await?;
            txn.commit().await?;
            Ok(())
        }
        OptKeyword::Report => {
            let txn = db.begin().await?;
            registry::add(&txn, from_e164, registry::Reason::Stop, now).await?;
            report_latest_request(&txn, from_e164, now).await?;
            requests::block_pending_for_number(&txn, from_e164, now).await?;
            txn.commit().await?;
            Ok(())
        }
        OptKeyword::Start => registry::remove_stop(db, from_e164).await,
        OptKeyword::Help => Ok(()),
    }
}

/// The newest request texted to `e164`, as an open abuse report against its
/// requester (once per request and number).
async fn report_latest_request(
    db: &impl sea_orm::ConnectionTrait,
    e164: &str,
    now: i64,
) -> Result<(), ServiceError> {
    use crate::persistence::entities::locate_request;
    use crate::services::abuse_reports;
    use sea_orm::QueryOrder;
    let Some(latest) = locate_request::Entity::find()
        .filter(locate_request::Column::PhoneE164.eq(e164))
        .order_by_desc(locate_request::Column::Id)
        .one(db)
        .await?
    else {
        return Ok(());
    };
    let report = abuse_reports::NewReport {
        source: "locate_sms",
        subject_id: latest.id,
        accused_user_id: Some(latest.requester_id),
        reporter_e164: e164,
    };
    abuse_reports::file(db, report, now).await
}
