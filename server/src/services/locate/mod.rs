//! Locate with consent. A requester asks about a number; the
//! owner gets an SMS link and decides. Rules live here once: requests and
//! caps (`requests`, `caps`), the owner's decision (`consent`), live
//! sharing (`live`), the owner's receipt (`receipt`), trusted requesters
//! (`trust`), the member's e-mail on an answer (`mails`), the do-not-locate
//! registry (`registry`), the SMS queue (`queue`), provider events
//! (`sms_events`), retention (`retention`) and the
//! statuses and their transitions (`status`).
mod caps;
pub mod changes;
pub mod consent;
pub mod events;
pub mod live;
pub mod mails;
pub mod queue;
pub mod receipt;
pub mod registry;
pub mod requests;
pub mod retention;
pub mod reveal;
pub mod sender;
pub mod sms_events;
pub mod status;
pub mod trust;

use crate::persistence::entities::locate_request;
use crate::services::ServiceError;
use app_core::model::locate::{LocateRequestView, LocateStatus};
use futures_util::future::BoxFuture;
use sea_orm::DatabaseTransaction;

/// Locating's reaction to a member's access ending: their SMS not yet sent
/// are dropped and their unsent requests cancelled
/// ([`queue::cancel_queued_for_requester`]).
pub fn on_access_ended(
    txn: &DatabaseTransaction,
    user_id: i64,
    now: i64,
) -> BoxFuture<'_, Result<(), ServiceError>> {
    Box::pin(queue::cancel_queued_for_requester(txn, user_id, now))
}

/// Locating's reaction to a number opting out of all contact: its pending
/// requests are blocked ([`requests::block_pending_for_number`]).
pub fn on_number_opted_out<'a>(
    txn: &'a DatabaseTransaction,
    e164: &'a str,
    now: i64,
) -> BoxFuture<'a, Result<(), ServiceError>> {
    Box::pin(requests::block_pending_for_number(txn, e164, now))
}

/// The stored status, or `Expired` for a pending request past its expiry
/// (the expiry job persists that soon; readers must not wait for it).
pub fn effective_status(row: &locate_request::Model, now: i64) -> LocateStatus {
    let stored = LocateStatus::from_code(&row.status).unwrap_or(LocateStatus::Failed);
    if status::is_pending(stored) && now >= row.expires_at {
        LocateStatus::Expired
    } else {
        stored
    }
}

/// A request as its requester sees it.
pub fn view(
    row: &locate_request::Model,
    has_location: bool,
    phone_display: String,
    now: i64,
) -> LocateRequestView {
    let status = effective_status(row, now);
    LocateRequestView {
        id: row.id,
        phone: phone_display,
        label: row.label.clone(),
        note: row.note.clone(),
        status,
        created_at: row.created_at,
        expires_at: row.expires_at,
        can_resend: !row.resent && matches!(status, LocateStatus::Sent | LocateStatus::Delivered),
        has_location,
    }
}

/// `+62 812-3456-7890` for a stored E.164 number.
pub fn display_phone(e164: &str) -> String {
    crate::domain::phone::format_or_empty(
        e164,
        None,
        crate::domain::phone::PhoneFormat::International,
    )
}
