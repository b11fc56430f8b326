//! The dev outbox as an SMS "provider": messages are kept in `dev_outbox`
//! (channel `sms`) and found there again by recipient and exact body.
use super::{OutgoingSms, SentSms, SmsError};
use crate::persistence::outbox;
use crate::sms::DeliveryReport;
use sea_orm::DatabaseConnection;

pub(super) async fn keep(db: &DatabaseConnection, sms: &OutgoingSms) -> Result<SentSms, SmsError> {
    let row = outbox::record(
        db,
        outbox::NewOutboxMessage {
            channel: outbox::CHANNEL_SMS,
            recipient: &sms.to,
            subject: None,
            body_text: &sms.body,
            body_html: None,
            created_at: crate::clock::now_ms(),
        },
    )
    .await?;
    // The outbox "delivers" at once: nothing will report later.
    Ok(SentSms {
        provider_id: format!("outbox-{}", row.id),
        report: DeliveryReport::Delivered,
    })
}

pub(super) async fn lookup(
    db: &DatabaseConnection,
    sms: &OutgoingSms,
) -> Result<Option<SentSms>, SmsError> {
    use crate::persistence::entities::dev_outbox;
    use sea_orm::{ColumnTrait as _, EntityTrait as _, QueryFilter as _};
    let found = dev_outbox::Entity::find()
        .filter(dev_outbox::Column::Channel.eq(outbox::CHANNEL_SMS))
        .filter(dev_outbox::Column::Recipient.eq(&sms.to))
        .filter(dev_outbox::Column::BodyText.eq(&sms.body))
        .one(db)
        .await?;
    Ok(found.map(|row| SentSms {
        provider_id: format!("outbox-{}", row.id),
        report: DeliveryReport::Delivered,
    }))
}
