//! What every Twilio webhook starts with, SMS or calls: the form Twilio
//! posted, taken only when its `X-Twilio-Signature` is the account's (these
//! URLs are public, so nothing is read into the database before that), the
//! value we put in the callback address, and the TwiML answer.
use crate::state::AppState;
use crate::twilio::TwilioApi;
use axum::{
    body::Bytes,
    extract::{FromRequest, Request},
    http::{header, StatusCode, Uri},
    response::{IntoResponse, Response},
};
use std::marker::PhantomData;

/// The header Twilio signs every webhook request with.
const SIGNATURE_HEADER: &str = "x-twilio-signature";

/// The Twilio account whose webhooks a route takes.
pub trait TwilioAccount: Send + Sync + 'static {
    /// Its API, when that provider goes through Twilio in this deployment.
    fn api(state: &AppState) -> Option<&TwilioApi>;
}

/// The account that sends the SMS.
pub struct SmsAccount;

impl TwilioAccount for SmsAccount {
    fn api(state: &AppState) -> Option<&TwilioApi> {
        state.sms.twilio().map(|client| client.api())
    }
}

/// The account that places the calls.
pub struct CallAccount;

impl TwilioAccount for CallAccount {
    fn api(state: &AppState) -> Option<&TwilioApi> {
        state.calls.twilio().map(|client| client.api())
    }
}

/// The form parameters of a POST account `A` really sent. Refused with the
/// finished answer: the body's own rejection when it cannot be read, 404 when
/// that provider does not go through Twilio (the routes do not exist for this
/// deployment), 400 for a body that is not a form, 403 for a missing or
/// wrong signature.
pub struct TwilioForm<A: TwilioAccount>(pub Vec<(String, String)>, pub PhantomData<A>);

impl<A: TwilioAccount> FromRequest<AppState> for TwilioForm<A> {
    type Rejection = Response;

    async fn from_request(request: Request, state: &AppState) -> Result<Self, Response> {
        let uri = request.uri().clone();
        let signature = request
            .headers()
            .get(SIGNATURE_HEADER)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        let body = Bytes::from_request(request, state)
            .await
            .map_err(IntoResponse::into_response)?;
        let Some(api) = A::api(state) else {
            return Err(StatusCode::NOT_FOUND.into_response());
        };
        let Ok(params) = serde_urlencoded::from_bytes::<Vec<(String, String)>>(&body) else {
            return Err(StatusCode::BAD_REQUEST.into_response());
        };
        // Twilio signs the URL it was configured with: our public origin, not
        // the address a proxy forwarded to.
        let path_and_query = uri.path_and_query().map_or(uri.path(), |pq| pq.as_str());
        let url = format!("{}{path_and_query}", state.config.public_base_url);
        if signature.is_empty() || !api.verify_request(&url, &params, &signature) {
            tracing::warn!(
                path = uri.path(),
                "refused a Twilio webhook with a missing or wrong signature"
            );
            return Err(StatusCode::FORBIDDEN.into_response());
        }
        Ok(TwilioForm(params, PhantomData))
    }
}

/// The first value of `name` in the query of the callback address (where
/// we put our own reference, signed with the rest of the URL).
pub fn callback_param(uri: &Uri, name: &str) -> Option<String> {
    let query: Vec<(String, String)> = serde_urlencoded::from_str(uri.query()?).ok()?;
    query.into_iter().find(|(k, _)| k == name).map(|(_, v)| v)
}

/// A TwiML document as the answer.
pub fn twiml_answer(twiml: String) -> Response {
    ([(header::CONTENT_TYPE, "text/xml; charset=utf-8")], twiml).into_response()
}
