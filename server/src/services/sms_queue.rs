//! The outgoing SMS queue's rows, shared by every feature that texts (a
//! locate request, a number proof): what a message is and how one is
//! queued. The locate feature sends, drops and settles them
//! (`locate::queue`, `locate::sender`).
use crate::persistence::entities::sms_queue as row;
use crate::services::ServiceError;
use sea_orm::{ActiveValue::Set, ConnectionTrait, EntityTrait};

/// Tries before a message is given up.
pub const MAX_ATTEMPTS: i32 = 6;
pub(crate) const QUEUED: &str = "queued";
pub(crate) const SENDING: &str = "sending";
pub(crate) const SENT: &str = "sent";
pub(crate) const FAILED: &str = "failed";
/// Handed to the provider without a clear answer: it may have gone out.
pub(crate) const UNCERTAIN: &str = "uncertain";

/// A message to queue.
#[derive(Clone, Copy, Debug)]
pub struct NewSms<'a> {
    pub request_id: Option<i64>,
    /// 1: first message of a request; 2: its one resend; 3: the owner's
    /// receipt. Unique per request.
    pub seq: i32,
    /// `locate`, `receipt` (the owner's, after sharing) or `dnl_code`.
    pub purpose: &'a str,
    pub to: &'a str,
    pub body: &'a str,
}

/// Queues a message for the sender job.
///
/// # Errors
/// A database error (also when `(request_id, seq)` was queued before).
pub async fn enqueue(
    db: &impl ConnectionTrait,
    sms: NewSms<'_>,
    now: i64,
) -> Result<(), ServiceError> {
    let new = row::ActiveModel {
        request_id: Set(sms.request_id),
        seq: Set(sms.seq),
        purpose: Set(sms.purpose.to_owned()),
        to_e164: Set(sms.to.to_owned()),
        body: Set(sms.body.to_owned()),
        status: Set(QUEUED.to_owned()),
        attempts: Set(0),
        next_attempt_at: Set(now),
        provider_id: Set(None),
        last_error: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    };
    row::Entity::insert(new).exec(db).await?;
    Ok(())
}
