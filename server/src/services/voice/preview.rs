//! Preview: anybody may hear a draft before sending it (visitors too, per
//! IP rate-limited). A preview is kept for an hour under a random token with
//! the draft it was made from, so the page without JavaScript can show it
//! after a redirect, and the text never travels in a URL.
use super::{audio, compose};
use crate::payments::signing::random_hex;
use crate::services::accounts::ClientInfo;
use crate::services::limits::{self, Rule};
use crate::services::{Cx, ServiceError};
use crate::speech::{Rendered, Speech};
use app::api::API_BASE;
use app::model::voice::{VoiceDraft, VoicePreview, VoicePreviewDraft};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// How long a preview can be played and reopened.
pub const TTL_MS: i64 = 60 * 60_000;
/// Previews kept at most; past it the oldest go first. Each is a draft (a
/// few hundred bytes): the audio itself lives in the speech cache.
const CAPACITY: usize = 20_000;

struct Entry {
    draft: VoiceDraft,
    duration_ms: u32,
    created_at: i64,
}

/// The previews of the last hour, in memory (a preview is a convenience:
/// after a restart the user previews again).
#[derive(Default)]
pub struct Previews {
    entries: Mutex<HashMap<String, Entry>>,
}

impl Previews {
    fn put(&self, token: String, entry: Entry, now: i64) {
        let mut entries = self.entries.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        entries.retain(|_, e| now - e.created_at < TTL_MS);
        if entries.len() >= CAPACITY {
            if let Some(oldest) = entries.iter().min_by_key(|(_, e)| e.created_at).map(|(k, _)| k.clone()) {
                entries.remove(&oldest);
            }
        }
        entries.insert(token, entry);
    }

    fn get(&self, token: &str, now: i64) -> Option<(VoiceDraft, u32)> {
        let entries = self.entries.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        entries.get(token).filter(|e| now - e.created_at < TTL_MS).map(|e| (e.draft.clone(), e.duration_ms))
    }
}

fn wire(token: &str, duration_ms: u32) -> VoicePreview {
    VoicePreview { token: token.to_owned(), audio_url: format!("{API_BASE}/voice/audio/{token}.mp3"), duration_ms }
}

/// Synthesizes `draft`'s text (the number is not needed, nor checked) and
/// keeps the preview for an hour.
///
/// # Errors
/// Field errors for the text, the per-IP limit, [`ServiceError::Busy`] when
/// the speech workers are full, or speech being unavailable.
pub async fn preview(cx: &Cx, speech: &Speech, previews: &Previews, client: &ClientInfo, draft: &VoiceDraft) -> Result<VoicePreview, ServiceError> {
    let checked = compose::check(draft, false)?;
    let rule = Rule::per_minutes(cx.config.voice.previews_per_ip_hour, 60);
    limits::take(&cx.db, &format!("voice-preview:ip:{}", client.ip_bucket()), rule, cx.now).await?;
    let request = audio::message_only(checked.language, checked.voice, &checked.body)?;
    let rendered = speech.render(&request).await.map_err(super::speech_error)?;
    let token = random_hex(16);
    let kept = VoiceDraft { message: checked.body, ..draft.clone() };
    previews.put(token.clone(), Entry { draft: kept, duration_ms: rendered.duration_ms, created_at: cx.now }, cx.now);
    Ok(wire(&token, rendered.duration_ms))
}

/// A preview of the last hour with its draft.
///
/// # Errors
/// [`ServiceError::NotFound`] for an unknown or expired token.
pub fn reopen(cx: &Cx, previews: &Previews, token: &str) -> Result<VoicePreviewDraft, ServiceError> {
    let (draft, duration_ms) = previews.get(token, cx.now).ok_or(ServiceError::NotFound)?;
    Ok(VoicePreviewDraft { draft, preview: wire(token, duration_ms) })
}

/// The audio of a preview of the last hour (from the speech cache, or
/// synthesized again).
///
/// # Errors
/// [`ServiceError::NotFound`] for an unknown or expired token; speech errors.
pub async fn preview_audio(cx: &Cx, speech: &Speech, previews: &Previews, token: &str) -> Result<Arc<Rendered>, ServiceError> {
    let (draft, _) = previews.get(token, cx.now).ok_or(ServiceError::NotFound)?;
    let checked = compose::check(&draft, false)?;
    let request = audio::message_only(checked.language, checked.voice, &checked.body)?;
    speech.render(&request).await.map_err(super::speech_error)
}
