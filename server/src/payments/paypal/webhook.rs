//! PayPal webhooks. Each delivery carries transmission headers; PayPal's
//! verify-webhook-signature call (with the event embedded byte for byte)
//! says whether they sign this body for our listener. No age is refused:
//! PayPal documents no window and no fresh transmission time per retry (it
//! retries for days), so a replayed delivery is recognised by its event id.
//! What a verified event means is [`super::events`].
use super::PaypalProvider;
use crate::payments::wire::rfc3339_ms as parse_rfc3339_ms;
use crate::payments::{PaymentError, ProviderEvent, WebhookError, WebhookRequest};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

/// The transmission headers, as `HeaderMap` stores them (lower case).
const HEADERS: [&str; 5] = [
    "paypal-transmission-id",
    "paypal-transmission-time",
    "paypal-transmission-sig",
    "paypal-cert-url",
    "paypal-auth-algo",
];

#[derive(Serialize)]
struct VerifyRequest<'a> {
    auth_algo: &'a str,
    cert_url: &'a str,
    transmission_id: &'a str,
    transmission_sig: &'a str,
    transmission_time: &'a str,
    webhook_id: &'a str,
    webhook_event: &'a RawValue,
}

#[derive(Deserialize)]
struct VerifyAnswer {
    verification_status: String,
}

/// A verified event's envelope.
#[derive(Deserialize)]
pub(super) struct Event {
    pub(super) id: String,
    pub(super) event_type: String,
    pub(super) create_time: Option<String>,
    pub(super) resource: serde_json::Value,
}

impl PaypalProvider {
    pub(super) async fn verified_events(
        &self,
        req: &WebhookRequest<'_>,
    ) -> Result<Vec<ProviderEvent>, WebhookError> {
        let mut values = Vec::with_capacity(HEADERS.len());
        for name in HEADERS {
            let value = req
                .headers
                .get(name)
                .and_then(|v| v.to_str().ok())
                .filter(|v| !v.is_empty());
            values.push(value.ok_or(WebhookError::MissingSignature)?);
        }
        let &[id, time, sig, cert_url, auth_algo] = values.as_slice() else {
            return Err(WebhookError::MissingSignature);
        };
        // No window on the transmission time: PayPal documents none and
        // retries for days; its verification and the event id carry it.
        let text = std::str::from_utf8(req.raw_body).map_err(|_| WebhookError::Malformed)?;
        let raw: &RawValue = serde_json::from_str(text).map_err(|_| WebhookError::Malformed)?;
        let ask = VerifyRequest {
            auth_algo,
            cert_url,
            transmission_id: id,
            transmission_sig: sig,
            transmission_time: time,
            webhook_id: &self.webhook_id,
            webhook_event: raw,
        };
        let answer = self
            .api
            .post("/v1/notifications/verify-webhook-signature", None, &ask)
            .await;
        let verdict: VerifyAnswer =
            serde_json::from_slice(&answer.map_err(WebhookError::Unverifiable)?)
                .map_err(|_| WebhookError::Unverifiable(PaymentError::BadResponse))?;
        if verdict.verification_status != "SUCCESS" {
            return Err(WebhookError::BadSignature);
        }
        let event: Event = serde_json::from_str(text).map_err(|_| WebhookError::Malformed)?;
        let occurred_at_ms = event
            .create_time
            .as_deref()
            .and_then(parse_rfc3339_ms)
            .unwrap_or(req.now_ms);
        let kind = self.meaning(&event, req.now_ms).await?;
        Ok(vec![ProviderEvent {
            event_id: event.id,
            occurred_at_ms,
            kind,
        }])
    }
}
