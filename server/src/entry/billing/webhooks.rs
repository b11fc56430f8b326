//! `POST /api_f/v1/payments/webhook/{provider}`: signed provider events.
//! The signature is checked on the raw bytes before anything is parsed; a
//! tampered, unsigned or stale delivery is answered 400 and changes
//! nothing. A verified one is applied once per event id, so the provider's
//! retries are harmless; a database failure answers 503 so it retries.
use super::doc::Refused;
use crate::payments::{ProviderKind, WebhookRequest};
use crate::services::billing::events;
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};

/// Receives one provider's webhook.
#[utoipa::path(post, path = "/payments/webhook/{provider}", tag = "billing",
    params(("provider" = String, Path, description = "`sandbox`, `paddle`, `paypal`, `fastspring`, `payermax` or `dlocal`")),
    request_body(content = String, description = "The provider's signed event, byte for byte.", content_type = "application/json"),
    responses(
        (status = 200, description = "Applied (or already applied); the provider's acknowledgement.", body = String, content_type = "text/plain"),
        (status = 400, description = "Unsigned, tampered or stale: nothing changed.", body = Refused),
        (status = 404, description = "No such provider here.", body = Refused),
        (status = 503, description = "Not applied; the provider retries."),
    ))]
pub async fn receive(
    State(state): State<AppState>,
    Path(provider): Path<String>,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let Some(gateway) = ProviderKind::parse(&provider).and_then(|k| state.gateways.get(k)) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let cx = state.cx();
    let url = format!(
        "{}{}",
        state.config.public_base_url,
        uri.path_and_query().map_or("", |p| p.as_str())
    );
    let request = WebhookRequest {
        headers: &headers,
        raw_body: &body,
        url: &url,
        now_ms: cx.now,
    };
    let events = match gateway.verify_webhook(&request).await {
        Ok(events) => events,
        Err(error) => {
            tracing::warn!(%error, provider = %provider, "webhook refused");
            return StatusCode::BAD_REQUEST.into_response();
        }
    };
    match events::ingest(&cx, gateway.kind(), events).await {
        Ok(applied) => {
            for a in &applied {
                tracing::info!(provider = %provider, event = %a.event_id, outcome = a.outcome, "webhook event");
            }
            (StatusCode::OK, gateway.webhook_ack()).into_response()
        }
        Err(error) => {
            tracing::error!(%error, provider = %provider, "webhook not applied; the provider will retry");
            StatusCode::SERVICE_UNAVAILABLE.into_response()
        }
    }
}
