//! What a report in the abuse queue is about, in the words support decides
//! on: the voice message's text, the locate request's note (the words its
//! text message carried), or the disputed spam report's comment. Shown as
//! stored; every page escapes it.
use crate::persistence::entities::{
    abuse_report as report, locate_request, spam_report, voice_message,
};
use crate::services::ServiceError;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};
use std::collections::HashMap;

/// The words of each report in `rows` that has any, by report id.
///
/// # Errors
/// A database error.
pub async fn words(
    db: &impl ConnectionTrait,
    rows: &[report::Model],
) -> Result<HashMap<i64, String>, ServiceError> {
    let subjects = |source: &str| -> Vec<i64> {
        rows.iter()
            .filter(|r| r.source == source)
            .map(|r| r.subject_id)
            .collect()
    };
    let voice: HashMap<i64, String> = voice_message::Entity::find()
        .filter(voice_message::Column::Id.is_in(subjects("voice_message")))
        .all(db)
        .await?
        .into_iter()
        .map(|m| (m.id, m.body))
        .collect();
    let locate: HashMap<i64, String> = locate_request::Entity::find()
        .filter(locate_request::Column::Id.is_in(subjects("locate_sms")))
        .all(db)
        .await?
        .into_iter()
        .map(|m| (m.id, m.note))
        .collect();
    let spam: HashMap<i64, String> = spam_report::Entity::find()
        .filter(spam_report::Column::Id.is_in(subjects("spam_dispute")))
        .all(db)
        .await?
        .into_iter()
        .map(|m| (m.id, m.comment))
        .collect();
    Ok(rows
        .iter()
        .filter_map(|r| {
            let found = match r.source.as_str() {
                "voice_message" => voice.get(&r.subject_id),
                "spam_dispute" => spam.get(&r.subject_id),
                _ => locate.get(&r.subject_id),
            };
            found
                .filter(|text| !text.trim().is_empty())
                .map(|text| (r.id, text.clone()))
        })
        .collect())
}
