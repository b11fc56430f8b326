//! What Twilio posts to us: delivery reports (`StatusCallback`) and incoming
//! messages. Both are form POSTs signed with `X-Twilio-Signature`; an
//! unsigned or mis-signed request is refused with 403 before anything is
//! read into the database, since these URLs are public.
use crate::services::locate::sms_events;
use crate::sms::{templates, twilio};
use crate::state::AppState;
use axum::{
    body::Bytes,
    extract::State,
    http::{header, HeaderMap, StatusCode, Uri},
    response::{IntoResponse, Response},
    routing::post,
    Router,
};

/// The header Twilio signs every webhook request with.
const SIGNATURE_HEADER: &str = "x-twilio-signature";

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
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let params = match verified_params(&state, &uri, &headers, &body) {
        Ok(params) => params,
        Err(refusal) => return refusal,
    };
    let Some((sid, report)) = twilio::parse_status(&params) else {
        // Not a delivery state (`read`, `receiving`…): acknowledged, nothing to do.
        return StatusCode::NO_CONTENT.into_response();
    };
    // Our own message id, which we put in the callback URL (signed with it).
    let queue_id = uri
        .query()
        .and_then(|q| serde_urlencoded::from_str::<Vec<(String, String)>>(q).ok())
        .and_then(|q| {
            q.into_iter()
                .find(|(k, _)| k == "sms")
                .and_then(|(_, v)| v.parse::<i64>().ok())
                .filter(|id| *id > 0)
        });
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
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let params = match verified_params(&state, &uri, &headers, &body) {
        Ok(params) => params,
        Err(refusal) => return refusal,
    };
    let from = crate::twilio::param(&params, "From").unwrap_or_default();
    let keyword = crate::twilio::param(&params, "Body").and_then(twilio::parse_keyword);
    let Some(keyword) = keyword.filter(|_| crate::domain::phone::is_e164(from)) else {
        return twiml(None);
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
    twiml(Some(&templates::keyword_reply(
        locale,
        keyword,
        &state.config.support_email,
    )))
}

/// The form parameters of a request Twilio really sent, or the answer to
/// give: 404 when SMS do not go through Twilio (the routes do not exist for
/// this deployment), 400 for a body that is not a form, 403 for a missing or
/// wrong signature.
#[allow(clippy::result_large_err)] // The error is the finished answer.
fn verified_params(
    state: &AppState,
    uri: &Uri,
    headers: &HeaderMap,
    body: &[u8],
) -> Result<Vec<(String, String)>, Response> {
    let Some(client) = state.sms.twilio() else {
        return Err(StatusCode::NOT_FOUND.into_response());
    };
    signed_form(
        &state.config.public_base_url,
        uri,
        headers,
        body,
        |url, params, signature| client.api().verify_request(url, params, signature),
    )
}

/// The form parameters of a POST whose `X-Twilio-Signature` `verify`
/// accepts: 400 for a body that is not a form, 403 for a missing or wrong
/// signature. Shared by the SMS and the call webhooks.
#[allow(clippy::result_large_err)] // The error is the finished answer.
pub(super) fn signed_form(
    public_base_url: &str,
    uri: &Uri,
    headers: &HeaderMap,
    body: &[u8],
    verify: impl Fn(&str, &[(String, String)], &str) -> bool,
) -> Result<Vec<(String, String)>, Response> {
    let Ok(params) = serde_urlencoded::from_bytes::<Vec<(String, String)>>(body) else {
        return Err(StatusCode::BAD_REQUEST.into_response());
    };
    // Twilio signs the URL it was configured with: our public origin, not the
    // address a proxy forwarded to.
    let path_and_query = uri.path_and_query().map_or(uri.path(), |pq| pq.as_str());
    let url = format!("{public_base_url}{path_and_query}");
    let signature = headers
        .get(SIGNATURE_HEADER)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    if signature.is_empty() || !verify(&url, &params, signature) {
        tracing::warn!(
            path = uri.path(),
            "refused a Twilio webhook with a missing or wrong signature"
        );
        return Err(StatusCode::FORBIDDEN.into_response());
    }
    Ok(params)
}

/// A TwiML answer: one `<Message>` replying `text`, or an empty `<Response/>`.
fn twiml(text: Option<&str>) -> Response {
    let body = match text {
        Some(text) => format!(
            r#"<?xml version="1.0" encoding="UTF-8"?><Response><Message>{}</Message></Response>"#,
            crate::html::escape_html(text)
        ),
        None => r#"<?xml version="1.0" encoding="UTF-8"?><Response/>"#.to_owned(),
    };
    ([(header::CONTENT_TYPE, "text/xml; charset=utf-8")], body).into_response()
}
