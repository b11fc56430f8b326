//! The sandbox call provider's developer page, routed only when `DEV_TOOLS`
//! is on: `GET /dev/calls` lists the calls the sandbox "placed" with their
//! audio and buttons that play the called person's part (answer, press 9,
//! press 8, busy, no answer) through the same service functions the real
//! provider's callbacks use. `GET /dev/calls.json` lists them for tests.
use crate::calls::CallProgress;
use crate::html::escape_html;
use crate::persistence::entities::voice_message;
use crate::persistence::outbox::{self, OutboxFilter};
use crate::services::voice::{self, audio::CallAudio, events};
use crate::state::AppState;
use axum::{
    extract::{Path, State},
    http::{header, StatusCode},
    response::{Html, IntoResponse, Redirect, Response},
    routing::{get, post},
    Json, Router,
};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde::Serialize;

const PAGE_LIMIT: u64 = 50;
const NO_STORE: [(header::HeaderName, &str); 1] = [(header::CACHE_CONTROL, "no-store")];
/// No script; the audio and the forms stay on this site.
const PAGE_CSP: &str = "default-src 'none'; style-src 'unsafe-inline'; media-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The developer routes of the sandbox call provider.
pub fn dev_calls_router() -> Router<AppState> {
    Router::new()
        .route("/dev/calls", get(page))
        .route("/dev/calls.json", get(json))
        .route("/dev/calls/{call_ref}/audio.mp3", get(audio))
        .route("/dev/calls/{call_ref}/{event}", post(simulate))
}

/// A call the sandbox placed, with where its message stands.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DevCall {
    call_ref: String,
    recipient: String,
    /// The message's stored status (`calling`, `delivered`, `opted_out`…).
    status: String,
    audio_url: String,
    created_at: i64,
}

async fn calls(state: &AppState) -> Result<Vec<DevCall>, sea_orm::DbErr> {
    let filter = OutboxFilter {
        recipient: None,
        channel: Some("call".to_owned()),
        limit: Some(PAGE_LIMIT),
    };
    let rows = outbox::list(&state.db, &filter).await?;
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        let call_ref = row.subject.unwrap_or_default();
        let message = voice_message::Entity::find()
            .filter(voice_message::Column::CallRef.eq(&call_ref))
            .one(&state.db)
            .await?;
        out.push(DevCall {
            audio_url: format!("/dev/calls/{call_ref}/audio.mp3"),
            status: message.map_or_else(|| "superseded".to_owned(), |m| m.status),
            call_ref,
            recipient: row.recipient,
            created_at: row.created_at,
        });
    }
    Ok(out)
}

async fn json(State(state): State<AppState>) -> Response {
    match calls(&state).await {
        Ok(list) => (NO_STORE, Json(list)).into_response(),
        Err(e) => database_error(&e),
    }
}

async fn page(State(state): State<AppState>) -> Response {
    match calls(&state).await {
        Ok(list) => (
            NO_STORE,
            [(header::CONTENT_SECURITY_POLICY, PAGE_CSP)],
            Html(render(&list)),
        )
            .into_response(),
        Err(e) => database_error(&e),
    }
}

/// The whole call as the called person hears it, as MP3 for the browser.
async fn audio(State(state): State<AppState>, Path(call_ref): Path<String>) -> Response {
    match voice::call_audio(&state.cx(), &state.speech, &call_ref, CallAudio::Message).await {
        Ok(rendered) => {
            ([(header::CONTENT_TYPE, "audio/mpeg")], rendered.mp3.clone()).into_response()
        }
        Err(_) => StatusCode::NOT_FOUND.into_response(),
    }
}

/// Plays the called person's part: what the provider would report.
async fn simulate(
    State(state): State<AppState>,
    Path((call_ref, event)): Path<(String, String)>,
) -> Response {
    let cx = state.cx();
    let outcome = match event.as_str() {
        "answer" => events::record_progress(&cx, &call_ref, CallProgress::Completed).await,
        "press9" | "press8" => {
            let key = if event == "press9" { '9' } else { '8' };
            match events::record_key(&cx, &call_ref, key).await {
                Ok(_) => events::record_progress(&cx, &call_ref, CallProgress::Completed).await,
                Err(e) => Err(e),
            }
        }
        "busy" => events::record_progress(&cx, &call_ref, CallProgress::Busy).await,
        "no-answer" => events::record_progress(&cx, &call_ref, CallProgress::NoAnswer).await,
        _ => return StatusCode::NOT_FOUND.into_response(),
    };
    match outcome {
        Ok(()) => {
            state.wakers.calls.notify_one();
            Redirect::to("/dev/calls").into_response()
        }
        Err(e) => {
            tracing::error!(error = %e, "simulating a call event failed");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}

fn database_error(error: &sea_orm::DbErr) -> Response {
    tracing::error!(error = %error, "reading the sandbox calls");
    (StatusCode::INTERNAL_SERVER_ERROR, "database error").into_response()
}

const EVENTS: [(&str, &str); 5] = [
    ("answer", "Answer and listen"),
    ("press9", "Press 9 (stop all)"),
    ("press8", "Press 8 (report)"),
    ("busy", "Busy"),
    ("no-answer", "No answer"),
];

fn render(list: &[DevCall]) -> String {
    let mut items = String::new();
    for call in list {
        let reference = escape_html(&call.call_ref);
        let buttons: String = EVENTS
            .iter()
            .map(|(event, label)| format!(r#"<form method="post" action="/dev/calls/{reference}/{event}"><button>{label}</button></form>"#))
            .collect();
        items += &format!(
            r#"<article><header><strong>{to}</strong> <span class="status">{status}</span> <time>{time}</time></header><audio controls preload="none" src="{audio}"></audio><p><a href="{audio}">Audio (MP3)</a></p><div class="events">{buttons}</div></article>"#,
            to = escape_html(&call.recipient),
            status = escape_html(&call.status),
            time = app_core::dates::format_utc_seconds(call.created_at),
            audio = escape_html(&call.audio_url),
        );
    }
    if list.is_empty() {
        items = "<p>No calls yet.</p>".to_owned();
    }
    format!(
        r#"<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sandbox calls</title><style>{STYLE}</style></head><body><h1>Sandbox calls</h1><p>Voice message calls the sandbox provider placed (newest first). Each button plays the called person's part, as the real provider would report it. <a href="/dev/outbox">Outbox</a></p>{items}</body></html>"#
    )
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;max-width:960px;margin:24px auto;padding:0 16px}\
article{border:1px solid #d1d9e0;border-radius:8px;padding:12px 16px;margin:0 0 16px}audio{width:100%}\
.events{display:flex;flex-wrap:wrap;gap:8px}.events button{min-height:44px;padding:0 14px}\
.status{font-size:12px;text-transform:uppercase;background:#ddf4ff;padding:2px 6px;border-radius:4px}";
