//! What the sender sees of a stored message, and their list of messages.
use super::status;
use crate::domain::phone::{format_or_empty, PhoneFormat};
use crate::persistence::entities::voice_message as row;
use crate::services::{Cx, ServiceError};
use app_core::api::API_BASE;
use app_core::model::voice::{Voice, VoiceMessageView};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder};

/// The most messages one page lists.
pub const MAX_PAGE_SIZE: u64 = 50;

/// The sender's view of `m`: the audio link only while the text is kept.
pub fn view(m: &row::Model) -> VoiceMessageView {
    let to = format_or_empty(&m.to_e164, None, PhoneFormat::International);
    VoiceMessageView {
        id: m.id,
        to: if to.is_empty() { m.to_e164.clone() } else { to },
        language: m.language.clone(),
        voice: Voice::from_code(&m.voice).unwrap_or_default(),
        message: m.body.clone(),
        status: status::visible(&m.status),
        attempts: u32::try_from(m.attempts).unwrap_or(0),
        created_at: m.created_at,
        updated_at: m.updated_at,
        audio_url: (!m.body.is_empty()).then(|| audio_path(m.id)),
    }
}

/// Where the sender replays message `id` (needs their session).
pub fn audio_path(id: i64) -> String {
    format!("{API_BASE}/voice/messages/{id}/audio")
}

/// Page `page` (from 1) of the sender's messages, newest first, and how many there are.
///
/// # Errors
/// A database error.
pub async fn list(
    cx: &Cx,
    user_id: i64,
    page: u64,
    size: u64,
) -> Result<(Vec<VoiceMessageView>, u64), ServiceError> {
    let size = size.clamp(1, MAX_PAGE_SIZE);
    let pages = row::Entity::find()
        .filter(row::Column::UserId.eq(user_id))
        .order_by_desc(row::Column::Id)
        .paginate(&cx.db, size);
    let total = pages.num_items().await?;
    let items = pages.fetch_page(page.max(1) - 1).await?;
    Ok((items.iter().map(view).collect(), total))
}

/// One of the sender's messages; anybody else's is "not found".
///
/// # Errors
/// [`ServiceError::NotFound`], or a database error.
pub async fn own(cx: &Cx, user_id: i64, id: i64) -> Result<row::Model, ServiceError> {
    row::Entity::find_by_id(id)
        .filter(row::Column::UserId.eq(user_id))
        .one(&cx.db)
        .await?
        .ok_or(ServiceError::NotFound)
}
