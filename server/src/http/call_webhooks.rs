//! What the call provider asks of us during a voice message call: the
//! audio (a signed, expiring address we gave it), progress reports, and the
//! key the called person pressed. Reports and keys are form POSTs signed
//! with `X-Twilio-Signature`, refused with 403 when the signature is wrong
//! or missing; the audio needs our own signature in its address.
use super::twilio_form::{callback_param, twiml_answer, CallAccount, TwilioForm};
use crate::calls::{self, twiml};
use crate::services::voice::audio::{self, CallAudio};
use crate::services::voice::events::{self, KeyOutcome};
use crate::state::AppState;
use axum::{
    extract::{Path, Query, State},
    http::{header, StatusCode, Uri},
    response::{IntoResponse, Response},
    routing::{get, post},
    Router,
};
use serde::Deserialize;

/// The call routes, outside the `/api_f/v1` envelope (the provider reads
/// status codes, TwiML and audio).
pub fn calls_router() -> Router<AppState> {
    Router::new()
        .route(calls::STATUS_PATH, post(status))
        .route(calls::GATHER_PATH, post(gather))
        .route("/calls/audio/{call_ref}/{file}", get(call_audio))
}

/// `?exp=&sig=` of an audio address.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Signed {
    exp: i64,
    sig: String,
}

/// `GET /calls/audio/{call_ref}/{part}.wav`: 8 kHz μ-law audio for the phone.
async fn call_audio(
    State(state): State<AppState>,
    Path((call_ref, file)): Path<(String, String)>,
    Query(signed): Query<Signed>,
) -> Response {
    let part = file.strip_suffix(".wav").and_then(CallAudio::from_code);
    let cx = state.cx();
    let Some(part) = part.filter(|p| {
        audio::verify_call_audio(&cx.config, &call_ref, *p, signed.exp, &signed.sig, cx.now)
    }) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    match crate::services::voice::call_audio(&cx, &state.speech, &call_ref, part).await {
        Ok(rendered) => (
            [
                (header::CONTENT_TYPE, "audio/wav"),
                (header::CACHE_CONTROL, "private, no-store"),
            ],
            rendered.telephony_wav.clone(),
        )
            .into_response(),
        Err(e) => {
            tracing::warn!(error = %e, "call audio not served");
            StatusCode::NOT_FOUND.into_response()
        }
    }
}

/// The call reference we put in the callback address (`?call=`).
fn call_ref(uri: &Uri) -> Option<String> {
    callback_param(uri, "call").filter(|v| !v.is_empty())
}

/// A progress report of one call.
async fn status(
    State(state): State<AppState>,
    uri: Uri,
    TwilioForm(params, ..): TwilioForm<CallAccount>,
) -> Response {
    let (Some(reference), Some((_, progress, _))) =
        (call_ref(&uri), twiml::parse_call_status(&params))
    else {
        return StatusCode::NO_CONTENT.into_response();
    };
    match events::record_progress(&state.cx(), &reference, progress).await {
        Ok(()) => StatusCode::NO_CONTENT.into_response(),
        Err(e) => {
            tracing::error!(error = %e, "recording a call report failed");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}

/// The key pressed during the message: 9 stops every message, 8 reports
/// this one; each is confirmed by voice, then the call ends.
async fn gather(
    State(state): State<AppState>,
    uri: Uri,
    TwilioForm(params, ..): TwilioForm<CallAccount>,
) -> Response {
    let (Some(reference), Some(key)) = (call_ref(&uri), twiml::parse_digits(&params)) else {
        return twiml_answer(twiml::hang_up());
    };
    let cx = state.cx();
    let answer = match events::record_key(&cx, &reference, key).await {
        Ok(KeyOutcome::Stopped(_)) => Some(CallAudio::Stopped),
        Ok(KeyOutcome::Reported(_)) => Some(CallAudio::Reported),
        Ok(KeyOutcome::Ignored) => None,
        Err(e) => {
            tracing::error!(error = %e, "recording a pressed key failed");
            return StatusCode::INTERNAL_SERVER_ERROR.into_response();
        }
    };
    twiml_answer(match answer {
        Some(part) => {
            twiml::play_and_hang_up(&audio::call_audio_url(&cx.config, &reference, part, cx.now))
        }
        None => twiml::hang_up(),
    })
}
