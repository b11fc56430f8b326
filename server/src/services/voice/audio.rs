//! What is spoken, and the signed, expiring addresses the call provider
//! fetches it from. The audio is never stored: it is synthesized again from
//! the kept text when needed (cached by content), so deleting the text after
//! the retention period deletes the audio too.
use super::text;
use crate::config::Config;
use crate::persistence::entities::voice_message as row;
use crate::services::ServiceError;
use crate::signing::{hex, hmac_sha256, same};
use crate::speech::SpeechRequest;
use app_core::i18n::Key;
use app_core::model::voice::Voice;

/// How long a signed audio address works: the provider fetches it when the
/// call is answered, well within this.
pub const URL_TTL_MS: i64 = 60 * 60_000;

/// The recordings of a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallAudio {
    /// Disclosure, the message, the menu (press 9 / press 8).
    Message,
    /// The goodbye after 9.
    Stopped,
    /// The thanks after 8.
    Reported,
}

impl CallAudio {
    pub const fn code(self) -> &'static str {
        match self {
            CallAudio::Message => "message",
            CallAudio::Stopped => "stopped",
            CallAudio::Reported => "reported",
        }
    }

    pub fn from_code(code: &str) -> Option<CallAudio> {
        [CallAudio::Message, CallAudio::Stopped, CallAudio::Reported]
            .into_iter()
            .find(|a| a.code() == code)
    }
}

fn voice_of(m: &row::Model) -> Voice {
    Voice::from_code(&m.voice).unwrap_or_default()
}

fn spoken(language: &str, body: &str) -> Result<String, ServiceError> {
    text::prepare(language, body)
        .map(|p| p.spoken)
        .map_err(|p| ServiceError::Invalid(p.message_key()))
}

/// The message alone, as its sender previews and replays it.
///
/// # Errors
/// The text was deleted, or no longer passes the rules.
pub fn message_only(
    language: &str,
    voice: Voice,
    body: &str,
) -> Result<SpeechRequest, ServiceError> {
    if body.is_empty() {
        return Err(ServiceError::NotFound);
    }
    Ok(SpeechRequest {
        language: language.to_owned(),
        voice,
        segments: vec![spoken(language, body)?],
    })
}

/// What the called person hears: `part` of the call of message `m`.
///
/// # Errors
/// The text was deleted, or the language has no prompts.
pub fn for_call(m: &row::Model, part: CallAudio) -> Result<SpeechRequest, ServiceError> {
    let prompts = text::prompts::prompts(&m.language)
        .ok_or(ServiceError::Invalid(Key::VoiceErrorLanguage))?;
    let segments = match part {
        CallAudio::Message => {
            if m.body.is_empty() {
                return Err(ServiceError::NotFound);
            }
            vec![
                prompts.disclosure.clone(),
                spoken(&m.language, &m.body)?,
                prompts.menu.clone(),
            ]
        }
        CallAudio::Stopped => vec![prompts.stopped.clone()],
        CallAudio::Reported => vec![prompts.reported.clone()],
    };
    Ok(SpeechRequest {
        language: m.language.clone(),
        voice: voice_of(m),
        segments,
    })
}

fn signature(config: &Config, call_ref: &str, part: CallAudio, expires: i64) -> String {
    let key = config.voice.url_key.expose().as_bytes();
    hex(&hmac_sha256(
        key,
        &[
            b"call-audio:",
            call_ref.as_bytes(),
            b":",
            part.code().as_bytes(),
            b":",
            expires.to_string().as_bytes(),
        ],
    ))
}

/// The signed address of `part` of the call `call_ref`, valid for [`URL_TTL_MS`].
pub fn call_audio_url(config: &Config, call_ref: &str, part: CallAudio, now: i64) -> String {
    let expires = now + URL_TTL_MS;
    let sig = signature(config, call_ref, part, expires);
    format!(
        "{}/calls/audio/{call_ref}/{}.wav?exp={expires}&sig={sig}",
        config.public_base_url,
        part.code()
    )
}

/// Whether an audio address is ours, unchanged and not expired.
pub fn verify_call_audio(
    config: &Config,
    call_ref: &str,
    part: CallAudio,
    expires: i64,
    sig: &str,
    now: i64,
) -> bool {
    now <= expires
        && same(
            signature(config, call_ref, part, expires).as_bytes(),
            sig.as_bytes(),
        )
}

/// Where the provider posts the key the called person pressed.
pub fn gather_url(config: &Config, call_ref: &str) -> String {
    format!(
        "{}{}?call={call_ref}",
        config.public_base_url,
        crate::calls::GATHER_PATH
    )
}
