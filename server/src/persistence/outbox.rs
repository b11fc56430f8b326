//! The development outbox: messages the outbox transport keeps instead of
//! delivering, so a developer (at `/dev/outbox`) or a browser test (at
//! `/dev/outbox.json`) can read reset codes and, later, SMS links.
use crate::persistence::entities::dev_outbox;
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ActiveModelTrait as _, ActiveValue::Set, ColumnTrait as _, DatabaseConnection, DbErr,
    EntityTrait as _, QueryFilter as _, QueryOrder as _, QuerySelect as _,
};

/// The `channel` of e-mails.
pub const CHANNEL_EMAIL: &str = "email";

/// The `channel` of text messages (recipient: an E.164 number).
pub const CHANNEL_SMS: &str = "sms";

/// Most rows one listing returns.
pub const MAX_LIMIT: u64 = 500;

/// A message to keep.
#[derive(Clone, Debug)]
pub struct NewOutboxMessage<'a> {
    /// [`CHANNEL_EMAIL`] or [`CHANNEL_SMS`].
    pub channel: &'a str,
    /// Address or phone number.
    pub recipient: &'a str,
    /// E-mail subject; `None` for SMS.
    pub subject: Option<&'a str>,
    pub body_text: &'a str,
    pub body_html: Option<&'a str>,
    /// Milliseconds since the Unix epoch.
    pub created_at: i64,
}

/// Which messages to list.
#[derive(Clone, Debug, Default)]
pub struct OutboxFilter {
    /// Only this recipient (compared case-insensitively).
    pub recipient: Option<String>,
    /// Only this channel.
    pub channel: Option<String>,
    /// At most this many rows (capped at [`MAX_LIMIT`]; `None` means the cap).
    pub limit: Option<u64>,
}

/// Recipients are stored lowercased: addresses are matched case-insensitively
/// in practice, and a test that typed `Ann@Example.com` must find the mail
/// the accounts service sent to its normalized form.
fn normalize_recipient(recipient: &str) -> String {
    recipient.trim().to_lowercase()
}

/// Keeps one message.
///
/// # Errors
/// Database errors.
pub async fn record(
    db: &DatabaseConnection,
    message: NewOutboxMessage<'_>,
) -> Result<dev_outbox::Model, DbErr> {
    new_row(&message, None).insert(db).await
}

/// The row that keeps `message`, with its `Message-ID` where it has one.
fn new_row(message: &NewOutboxMessage<'_>, message_id: Option<&str>) -> dev_outbox::ActiveModel {
    dev_outbox::ActiveModel {
        channel: Set(message.channel.to_owned()),
        recipient: Set(normalize_recipient(message.recipient)),
        subject: Set(message.subject.map(str::to_owned)),
        body_text: Set(message.body_text.to_owned()),
        body_html: Set(message.body_html.map(str::to_owned)),
        created_at: Set(message.created_at),
        message_id: Set(message_id.map(str::to_owned)),
        ..Default::default()
    }
}

/// Keeps an e-mail whose `Message-ID` is `message_id` unless one with the
/// same id is kept already, as a receiving mail system drops a repeat.
/// Returns whether it was kept now.
///
/// # Errors
/// Database errors.
pub async fn record_once(
    db: &DatabaseConnection,
    message: NewOutboxMessage<'_>,
    message_id: &str,
) -> Result<bool, DbErr> {
    let row = new_row(&message, Some(message_id));
    let kept = dev_outbox::Entity::insert(row)
        .on_conflict(
            OnConflict::column(dev_outbox::Column::MessageId)
                .do_nothing()
                .to_owned(),
        )
        .exec_without_returning(db)
        .await?;
    Ok(kept == 1)
}

/// The kept messages matching `filter`, newest first.
///
/// # Errors
/// Database errors.
pub async fn list(
    db: &DatabaseConnection,
    filter: &OutboxFilter,
) -> Result<Vec<dev_outbox::Model>, DbErr> {
    let mut query = dev_outbox::Entity::find();
    if let Some(recipient) = &filter.recipient {
        query = query.filter(dev_outbox::Column::Recipient.eq(normalize_recipient(recipient)));
    }
    if let Some(channel) = &filter.channel {
        query = query.filter(dev_outbox::Column::Channel.eq(channel.as_str()));
    }
    query
        .order_by_desc(dev_outbox::Column::CreatedAt)
        .order_by_desc(dev_outbox::Column::Id)
        .limit(filter.limit.unwrap_or(MAX_LIMIT).min(MAX_LIMIT))
        .all(db)
        .await
}
