//! What Twilio posts to us: delivery reports (`StatusCallback`) and incoming
//! messages. Both are form POSTs signed with `X-Twilio-Signature`; an
//! unsigned or mis-signed request is refused with 403 before anything is
//! read into the database, since these URLs are public.
use super::twilio_form::{callback_param, twiml_answer, SmsAccount, TwilioForm};
use crate::services::locate::sms_events;
use crate::sms::{templates, twilio};
use crate::state::AppState;
use axum::{
    extract::State,
    http::{StatusCode, Uri},
    response::{IntoResponse, Response},
    routing::post,
    Router,
};

/// `POST /webhooks/twilio/status` and `POST /webhooks/twilio/inbound`,
/// outside the `/api_f/v1` envelope: Twilio reads status codes and TwiML.
pub fn twilio_router() -> Router<AppState> {
    Router::new()
        .route(twilio::STATUS_PATH, post(status))
        .route(twilio::INBOUND_PATH, post(inbound))
}

/// A delivery report: applied to the request whose SMS it names.
async fn status(
    State(state): State<AppState>,
    uri: Uri,
    TwilioForm(params, ..): TwilioForm<SmsAccount>,
) -> Response {
    let Some((sid, report)) = twilio::parse_status(&params) else {
        // Not a delivery state (`read`, `receiving`…): acknowledged, nothing to do.
        return StatusCode::NO_CONTENT.into_response();
    };
    // Our own message id, which we put in the callback URL (signed with it).
    let queue_id = callback_param(&uri, "sms")
        .and_then(|v| v.parse::<i64>().ok())
        .filter(|id| *id > 0);
    match sms_events::record_delivery(&state.db, &sid, queue_id, report, state.now_ms()).await {
        Ok(()) => StatusCode::NO_CONTENT.into_response(),
        Err(e) => {
            // A 5xx makes Twilio try again later.
            tracing::error!(error = %e, "recording an SMS delivery report failed");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}

/// An incoming message: STOP / START / HELP and their synonyms are applied
/// and confirmed in the sender's language; anything else gets no answer.
async fn inbound(
    State(state): State<AppState>,
    TwilioForm(params, ..): TwilioForm<SmsAccount>,
) -> Response {
    let from = crate::twilio::param(&params, "From").unwrap_or_default();
    let keyword = crate::twilio::param(&params, "Body").and_then(twilio::parse_keyword);
    let Some(keyword) = keyword.filter(|_| crate::domain::phone::is_e164(from)) else {
        return twiml_answer(twilio::keyword_reply_twiml(None));
    };
    if let Err(e) = sms_events::record_keyword(&state.db, from, keyword, state.now_ms()).await {
        tracing::error!(error = %e, country = crate::domain::phone::country_code(from), "recording an SMS keyword failed");
        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
    }
    tracing::info!(
        country = crate::domain::phone::country_code(from),
        ?keyword,
        "sms keyword received"
    );
    let locale = templates::locale_for_number(from);
    let reply = templates::keyword_reply(locale, keyword, &state.config.support_email);
    twiml_answer(twilio::keyword_reply_twiml(Some(&reply)))
}
