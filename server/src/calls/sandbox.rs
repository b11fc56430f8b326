//! The sandbox call provider: a call is a `dev_outbox` row (channel `call`,
//! the call reference as its subject, the TwiML as its body), ringing until
//! a developer plays the called person's part at `/dev/calls`.
use super::{CallError, CallProgress, CallQuery, OutgoingCall, PlacedCall};
use crate::persistence::entities::dev_outbox;
use crate::persistence::outbox;
use sea_orm::{
    ColumnTrait as _, DatabaseConnection, EntityTrait as _, QueryFilter as _, QueryOrder as _,
};

/// The outbox channel of sandbox calls.
pub const CHANNEL_CALL: &str = "call";

pub(super) async fn place(
    db: &DatabaseConnection,
    call: &OutgoingCall,
    call_ref: &str,
) -> Result<PlacedCall, CallError> {
    let message = outbox::NewOutboxMessage {
        channel: CHANNEL_CALL,
        recipient: &call.to,
        subject: Some(call_ref),
        body_text: &call.twiml,
        body_html: None,
        created_at: crate::clock::now_ms(),
    };
    let row = outbox::record(db, message).await?;
    Ok(PlacedCall {
        provider_id: format!("outbox-{}", row.id),
        progress: CallProgress::Ringing,
    })
}

/// The sandbox knows its calls by their reference (kept as the subject).
pub(super) async fn lookup(
    db: &DatabaseConnection,
    query: &CallQuery<'_>,
) -> Result<Option<PlacedCall>, CallError> {
    let found = dev_outbox::Entity::find()
        .filter(dev_outbox::Column::Channel.eq(CHANNEL_CALL))
        .filter(dev_outbox::Column::Recipient.eq(query.to))
        .filter(dev_outbox::Column::Subject.eq(query.call_ref))
        .order_by_desc(dev_outbox::Column::Id)
        .one(db)
        .await?;
    Ok(found.map(|row| PlacedCall {
        provider_id: format!("outbox-{}", row.id),
        progress: CallProgress::Ringing,
    }))
}
