//! Preview: anybody may hear a draft before sending it (visitors too, per
//! IP rate-limited). A preview is kept for an hour under a random token with
//! the draft it was made from, so the page without JavaScript can show it
//! after a redirect, and the text never travels in a URL. Previews live in
//! the database: a preview made through one instance plays through any.
use super::{audio, compose};
use crate::persistence::entities::voice_preview as row;
use crate::services::accounts::ClientInfo;
use crate::services::limits::{self, Rule};
use crate::services::{Cx, ServiceError};
use crate::signing::random_hex;
use crate::speech::{Rendered, Speech};
use app_core::api::API_BASE;
use app_core::model::voice::{VoiceDraft, VoicePreview, VoicePreviewDraft};
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter};
use std::sync::Arc;

/// How long a preview can be played and reopened.
pub const TTL_MS: i64 = 60 * 60_000;

/// Deletes previews past their hour (with every new preview, and with the
/// retention round, so a draft's text is not kept after the hour).
///
/// # Errors
/// A database error.
pub async fn forget_expired(cx: &Cx) -> Result<u64, ServiceError> {
    let done = row::Entity::delete_many()
        .filter(row::Column::CreatedAt.lt(cx.now - TTL_MS))
        .exec(&cx.db)
        .await?;
    Ok(done.rows_affected)
}

/// Keeps a preview.
async fn put(
    cx: &Cx,
    token: &str,
    draft: &VoiceDraft,
    duration_ms: u32,
) -> Result<(), ServiceError> {
    forget_expired(cx).await?;
    let draft = serde_json::to_string(draft)
        .map_err(|e| ServiceError::Database(sea_orm::DbErr::Json(e.to_string())))?;
    let new = row::ActiveModel {
        token: Set(token.to_owned()),
        draft: Set(draft),
        duration_ms: Set(i32::try_from(duration_ms).unwrap_or(i32::MAX)),
        created_at: Set(cx.now),
        ..Default::default()
    };
    row::Entity::insert(new)
        .exec_without_returning(&cx.db)
        .await?;
    Ok(())
}

/// The draft and duration of a preview of the last hour.
async fn get(cx: &Cx, token: &str) -> Result<(VoiceDraft, u32), ServiceError> {
    let found = row::Entity::find()
        .filter(row::Column::Token.eq(token))
        .filter(row::Column::CreatedAt.gte(cx.now - TTL_MS))
        .one(&cx.db)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let draft = serde_json::from_str(&found.draft)
        .map_err(|e| ServiceError::Database(sea_orm::DbErr::Json(e.to_string())))?;
    Ok((draft, u32::try_from(found.duration_ms).unwrap_or(0)))
}

fn wire(token: &str, duration_ms: u32) -> VoicePreview {
    VoicePreview {
        token: token.to_owned(),
        audio_url: format!("{API_BASE}/voice/audio/{token}.mp3"),
        duration_ms,
    }
}

/// Synthesizes `draft`'s text (the number is not needed, nor checked) and
/// keeps the preview for an hour.
///
/// # Errors
/// Field errors for the text, the per-IP limit, [`ServiceError::Busy`] when
/// the speech workers are full, or speech being unavailable.
pub async fn preview(
    cx: &Cx,
    speech: &Speech,
    client: &ClientInfo,
    draft: &VoiceDraft,
) -> Result<VoicePreview, ServiceError> {
    let checked = compose::check(draft, false)?;
    let rule = Rule::per_minutes(cx.config.voice.previews_per_ip_hour, 60);
    let key = format!("voice-preview:ip:{}", client.ip_bucket());
    limits::take(&cx.db, &key, rule, cx.now).await?;
    let request = audio::message_only(checked.language, checked.voice, &checked.body)?;
    let rendered = match speech.render(&request).await {
        Ok(rendered) => rendered,
        // Busy or unavailable speech is our fault: it costs the visitor no preview.
        Err(e) => {
            limits::give_back(&cx.db, &key).await?;
            return Err(super::speech_error(e));
        }
    };
    let token = random_hex(16);
    let kept = VoiceDraft {
        message: checked.body,
        ..draft.clone()
    };
    put(cx, &token, &kept, rendered.duration_ms).await?;
    Ok(wire(&token, rendered.duration_ms))
}

/// A preview of the last hour with its draft.
///
/// # Errors
/// [`ServiceError::NotFound`] for an unknown or expired token.
pub async fn reopen(cx: &Cx, token: &str) -> Result<VoicePreviewDraft, ServiceError> {
    let (draft, duration_ms) = get(cx, token).await?;
    Ok(VoicePreviewDraft {
        draft,
        preview: wire(token, duration_ms),
    })
}

/// The audio of a preview of the last hour (from the speech cache, or
/// synthesized again).
///
/// # Errors
/// [`ServiceError::NotFound`] for an unknown or expired token; speech errors.
pub async fn preview_audio(
    cx: &Cx,
    speech: &Speech,
    token: &str,
) -> Result<Arc<Rendered>, ServiceError> {
    let (draft, _) = get(cx, token).await?;
    let checked = compose::check(&draft, false)?;
    let request = audio::message_only(checked.language, checked.voice, &checked.body)?;
    speech.render(&request).await.map_err(super::speech_error)
}
