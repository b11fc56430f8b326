//! Developer pages over the dev outbox, routed only when `DEV_TOOLS` is on:
//! `GET /dev/outbox` (a page to read mails the outbox transport kept) and
//! `GET /dev/outbox.json?to=…&channel=…` (the same rows for browser tests,
//! which read reset codes and, later, SMS links from it).
use crate::{
    html::escape_html,
    persistence::entities::dev_outbox,
    persistence::outbox::{self, OutboxFilter},
    state::AppState,
};
use axum::{
    extract::{Query, State},
    http::{header, StatusCode},
    response::{Html, IntoResponse, Response},
    routing::get,
    Json, Router,
};
use serde::{Deserialize, Serialize};

/// Rows the HTML page shows.
const PAGE_LIMIT: u64 = 100;

/// The developer routes (mounted by `startup::build_router` when `DEV_TOOLS` is on).
pub fn dev_router() -> Router<AppState> {
    Router::new()
        .route("/dev/outbox", get(outbox_page))
        .route("/dev/outbox.json", get(outbox_json))
}

/// `?to=<recipient>&channel=email&limit=N`, every part optional.
#[derive(Debug, Default, Deserialize)]
pub struct OutboxQuery {
    to: Option<String>,
    channel: Option<String>,
    limit: Option<u64>,
}

impl OutboxQuery {
    fn filter(self, default_limit: Option<u64>) -> OutboxFilter {
        OutboxFilter {
            recipient: self.to.filter(|v| !v.trim().is_empty()),
            channel: self.channel.filter(|v| !v.trim().is_empty()),
            limit: self.limit.or(default_limit),
        }
    }
}

/// One kept message, as `/dev/outbox.json` lists it.
#[derive(Debug, Serialize)]
pub struct OutboxMessage {
    id: i64,
    channel: String,
    recipient: String,
    subject: Option<String>,
    body_text: String,
    body_html: Option<String>,
    /// Milliseconds since the Unix epoch.
    created_at: i64,
}

impl From<dev_outbox::Model> for OutboxMessage {
    fn from(row: dev_outbox::Model) -> Self {
        OutboxMessage {
            id: row.id,
            channel: row.channel,
            recipient: row.recipient,
            subject: row.subject,
            body_text: row.body_text,
            body_html: row.body_html,
            created_at: row.created_at,
        }
    }
}

/// Never cached, never indexed: these pages show codes.
const NO_STORE: [(header::HeaderName, &str); 2] = [
    (header::CACHE_CONTROL, "no-store"),
    (header::HeaderName::from_static("x-robots-tag"), "noindex"),
];

/// The page runs no script at all; its own stylesheet and the kept e-mails
/// (shown in sandboxed frames) are inline, which the site-wide policy forbids.
const PAGE_CSP: &str =
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; media-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

async fn outbox_json(State(state): State<AppState>, Query(query): Query<OutboxQuery>) -> Response {
    match outbox::list(&state.db, &query.filter(None)).await {
        Ok(rows) => (
            NO_STORE,
            Json(
                rows.into_iter()
                    .map(OutboxMessage::from)
                    .collect::<Vec<_>>(),
            ),
        )
            .into_response(),
        Err(e) => database_error(&e),
    }
}

async fn outbox_page(State(state): State<AppState>, Query(query): Query<OutboxQuery>) -> Response {
    match outbox::list(&state.db, &query.filter(Some(PAGE_LIMIT))).await {
        Ok(rows) => (
            NO_STORE,
            [(header::CONTENT_SECURITY_POLICY, PAGE_CSP)],
            Html(render_page(&rows)),
        )
            .into_response(),
        Err(e) => database_error(&e),
    }
}

fn database_error(error: &sea_orm::DbErr) -> Response {
    tracing::error!(error = %error, "reading the dev outbox");
    (StatusCode::INTERNAL_SERVER_ERROR, "database error").into_response()
}

fn render_page(rows: &[dev_outbox::Model]) -> String {
    let mut items = String::new();
    for row in rows {
        let html_view = row.body_html.as_deref().map_or_else(String::new, |html| {
            // Sandboxed: the stored HTML is shown as a mail client would, without scripts.
            format!(
                r#"<details><summary>HTML</summary><iframe sandbox title="HTML body" srcdoc="{}"></iframe></details>"#,
                escape_html(html)
            )
        });
        // A sandbox call: its audio, playable here; the called person's buttons are at /dev/calls.
        let call_view = match (row.channel.as_str(), row.subject.as_deref()) {
            ("call", Some(call_ref)) => format!(
                r#"<p><audio controls preload="none" src="/dev/calls/{call}/audio.mp3"></audio> <a href="/dev/calls/{call}/audio.mp3">audio</a> · <a href="/dev/calls">answer, press 9 or 8</a></p>"#,
                call = escape_html(call_ref)
            ),
            _ => String::new(),
        };
        items += &format!(
            r#"<article><header><span class="channel">{channel}</span> <strong>{recipient}</strong> <time>{time}</time> <span class="id">#{id}</span></header><h2>{subject}</h2>{call_view}<pre>{text}</pre>{html_view}</article>"#,
            channel = escape_html(&row.channel),
            recipient = escape_html(&row.recipient),
            time = format_utc(row.created_at),
            id = row.id,
            subject = escape_html(row.subject.as_deref().unwrap_or("(no subject)")),
            text = linkify(&row.body_text),
        );
    }
    if rows.is_empty() {
        items = "<p>Nothing sent yet.</p>".to_owned();
    }
    format!(
        r#"<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev outbox</title><style>{STYLE}</style></head><body><h1>Dev outbox</h1><p>Messages the outbox transport kept instead of sending (newest first, at most {PAGE_LIMIT}). Filter with <code>?to=&lt;recipient&gt;&amp;channel=email</code>; JSON at <a href="/dev/outbox.json">/dev/outbox.json</a>. Voice message calls, with their audio and the called person's buttons: <a href="/dev/calls">/dev/calls</a>.</p>{items}</body></html>"#
    )
}

const STYLE: &str =
    "body{font-family:system-ui,sans-serif;max-width:960px;margin:24px auto;padding:0 16px;color:#1f2328}\
article{border:1px solid #d1d9e0;border-radius:8px;padding:12px 16px;margin:0 0 16px}\
h2{font-size:18px;margin:8px 0}pre{white-space:pre-wrap;background:#f6f8fa;padding:12px;border-radius:6px}\
.channel{text-transform:uppercase;font-size:12px;background:#ddf4ff;padding:2px 6px;border-radius:4px}\
time,.id{color:#59636e;font-size:14px}iframe{width:100%;height:480px;border:1px solid #d1d9e0}";

/// Escapes `text` and turns `http(s)://…` URLs into links.
fn linkify(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = find_url(rest) {
        out += &escape_html(&rest[..start]);
        let tail = &rest[start..];
        let end = tail
            .find(|c: char| c.is_whitespace() || matches!(c, '<' | '>' | '"' | '\''))
            .unwrap_or(tail.len());
        // Sentence punctuation after a URL is not part of it.
        let url = tail[..end].trim_end_matches(['.', ',', ';', ':', '!', '?', ')']);
        let escaped = escape_html(url);
        out += &format!(r#"<a href="{escaped}">{escaped}</a>"#);
        rest = &tail[url.len()..];
    }
    out + &escape_html(rest)
}

fn find_url(text: &str) -> Option<usize> {
    [text.find("https://"), text.find("http://")]
        .into_iter()
        .flatten()
        .min()
}

/// `2026-11-21 09:30:05 UTC` from milliseconds since the epoch.
fn format_utc(ms: i64) -> String {
    app_core::dates::format_utc_seconds(ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_become_clickable_and_text_stays_escaped() {
        assert_eq!(
            linkify("Open https://ct.test/r?a=1&b=2. <b>ok</b>"),
            r#"Open <a href="https://ct.test/r?a=1&amp;b=2">https://ct.test/r?a=1&amp;b=2</a>. &lt;b&gt;ok&lt;/b&gt;"#
        );
        assert_eq!(linkify("no link"), "no link");
        assert_eq!(
            linkify("http://a.b"),
            r#"<a href="http://a.b">http://a.b</a>"#
        );
    }

    #[test]
    fn times_are_utc() {
        assert_eq!(format_utc(0), "1970-01-01 00:00:00 UTC");
        assert_eq!(format_utc(1_795_253_405_000), "2026-11-21 09:30:05 UTC");
        assert_eq!(format_utc(951_782_400_000), "2000-02-29 00:00:00 UTC");
    }
}
