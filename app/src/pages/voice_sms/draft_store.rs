//! The draft kept in the browser's `localStorage` while its writer goes to
//! choose a plan, and restored when they come back to the page; and what the
//! plain form holds when the composer wakes.
use crate::interactive::field_value;
use crate::model::voice::VoiceDraft;

/// The site script reads the same key (`KEPT_VOICE_DRAFT`) to wake the composer at once.
#[cfg(feature = "browser")]
const KEY: &str = "ct.voiceDraft";

#[cfg(feature = "browser")]
fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// Keeps `draft`.
pub fn save(draft: &VoiceDraft) {
    #[cfg(feature = "browser")]
    if let (Some(storage), Ok(json)) = (storage(), serde_json::to_string(draft)) {
        let _ = storage.set_item(KEY, &json);
    }
    #[cfg(not(feature = "browser"))]
    let _ = draft;
}

/// The kept draft, if any.
pub fn load() -> Option<VoiceDraft> {
    #[cfg(feature = "browser")]
    {
        storage()?
            .get_item(KEY)
            .ok()
            .flatten()
            .and_then(|json| serde_json::from_str(&json).ok())
    }
    #[cfg(not(feature = "browser"))]
    None
}

/// What the plain form's fields hold now: the island hydrates on the page's
/// first use, so what was typed before must be read before hydration sets
/// the fields to the server's draft.
pub fn typed() -> Option<VoiceDraft> {
    let value = |selector: &str| field_value(&format!("#voice-form {selector}"));
    Some(VoiceDraft {
        country: value("#country")?,
        phone: value("#phone")?,
        message: value("#voice-message")?,
        language: value("#voice-language")?,
        voice: value("input[name=voice]:checked").unwrap_or_default(),
    })
}

/// Forgets the kept draft (it was sent).
pub fn clear() {
    #[cfg(feature = "browser")]
    if let Some(storage) = storage() {
        let _ = storage.remove_item(KEY);
    }
}

/// Goes to `url` (a full page load).
pub fn go_to(url: &str) {
    #[cfg(feature = "browser")]
    if let Some(window) = web_sys::window() {
        let _ = window.location().assign(url);
    }
    #[cfg(not(feature = "browser"))]
    let _ = url;
}
