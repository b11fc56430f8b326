//! A Meta Graph API stand-in for the Conversions API:
//! `POST /{version}/{pixel}/events?access_token=…` with `{"data": [...]}`.
//! It refuses a token it did not issue (HTTP 400, `OAuthException` code 190)
//! and another pixel (HTTP 400, code 100), records every event it accepted
//! (first), then may hold its answer back. Each instance gets its own token,
//! so the record says which instance sent what. Meta keeps the first event
//! of one `event_name` and `event_id` within 48 hours and drops repeats:
//! [`FakeMeta::events`] counts distinct pairs, as Events Manager would.
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::routing::post;
use axum::{Json, Router};
use serde_json::{json, Value};
use std::collections::{BTreeSet, HashMap, HashSet};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub const PIXEL: &str = "1234567890";

#[derive(Clone, Debug)]
pub struct Received {
    /// The token it came with (one per instance).
    pub token: String,
    pub event_name: String,
    pub event_id: String,
}

#[derive(Clone, Default)]
pub struct FakeMeta {
    received: Arc<Mutex<Vec<Received>>>,
    tokens: Arc<Mutex<HashSet<String>>>,
    hold_ms: Arc<AtomicU64>,
    /// Requests recorded whose answer has not been written yet.
    unanswered: Arc<AtomicUsize>,
}

impl FakeMeta {
    /// Serves on a free port; returns the fake and its origin.
    pub async fn start() -> (FakeMeta, String) {
        let fake = FakeMeta::default();
        let app = Router::new()
            .route("/{version}/{pixel}/events", post(events))
            .with_state(fake.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let origin = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        (fake, origin)
    }

    /// The access token issued to the instance `name`.
    pub fn token_for(&self, name: &str) -> String {
        let token = format!("EAAct{name}system-user-token");
        self.tokens.lock().unwrap().insert(token.clone());
        token
    }

    pub fn hold(&self, delay: Duration) {
        let ms = u64::try_from(delay.as_millis()).unwrap();
        self.hold_ms.store(ms, Ordering::Relaxed);
    }

    pub fn unanswered(&self) -> usize {
        self.unanswered.load(Ordering::Relaxed)
    }

    /// Every request's copy of the event `event_id`, repeats included.
    pub fn deliveries_of(&self, event_id: &str) -> Vec<Received> {
        let received = self.received.lock().unwrap();
        let of = received.iter().filter(|r| r.event_id == event_id);
        of.cloned().collect()
    }

    /// The events Meta counts: distinct (`event_name`, `event_id`) pairs.
    pub fn events(&self) -> usize {
        let received = self.received.lock().unwrap();
        let pairs: BTreeSet<_> = received
            .iter()
            .map(|r| (r.event_name.clone(), r.event_id.clone()))
            .collect();
        pairs.len()
    }
}

fn refusal(code: i64, message: &str) -> (StatusCode, Json<Value>) {
    let error = json!({ "message": message, "type": "OAuthException", "code": code, "fbtrace_id": "Afake" });
    (StatusCode::BAD_REQUEST, Json(json!({ "error": error })))
}

async fn events(
    State(fake): State<FakeMeta>,
    Path((_version, pixel)): Path<(String, String)>,
    Query(query): Query<HashMap<String, String>>,
    Json(body): Json<Value>,
) -> (StatusCode, Json<Value>) {
    let token = query.get("access_token").cloned().unwrap_or_default();
    if !fake.tokens.lock().unwrap().contains(&token) {
        return refusal(
            190,
            "Invalid OAuth access token - Cannot parse access token",
        );
    }
    if pixel != PIXEL {
        return refusal(100, "Unsupported post request. Object does not exist");
    }
    let data = body["data"].as_array().cloned().unwrap_or_default();
    let text = |e: &Value, k: &str| e[k].as_str().unwrap_or_default().to_owned();
    fake.received
        .lock()
        .unwrap()
        .extend(data.iter().map(|e| Received {
            token: token.clone(),
            event_name: text(e, "event_name"),
            event_id: text(e, "event_id"),
        }));
    fake.unanswered.fetch_add(1, Ordering::Relaxed);
    tokio::time::sleep(Duration::from_millis(fake.hold_ms.load(Ordering::Relaxed))).await;
    fake.unanswered.fetch_sub(1, Ordering::Relaxed);
    let answer = json!({ "events_received": data.len(), "messages": [], "fbtrace_id": "Afake" });
    (StatusCode::OK, Json(answer))
}
