//! A Twilio Messages API stand-in that records every message it accepted,
//! answers lookups from that record, and can be slow to answer (the
//! message is recorded first, as a real provider that got the request).
//! Each instance uses its own account SID, so the record says which
//! instance sent what. Like Twilio it refuses (401, code 20003) a request
//! whose Basic credentials are not the account's SID and [`TOKEN`].
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Form, Json, Router};
use base64::Engine as _;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The auth token every instance is configured with.
pub const TOKEN: &str = "shared-twilio-token";

/// Twilio's refusal when the Basic credentials are not `sid`'s.
fn unauthenticated(sid: &str, headers: &HeaderMap) -> Option<Response> {
    let basic = base64::engine::general_purpose::STANDARD.encode(format!("{sid}:{TOKEN}"));
    let given = headers.get("authorization").and_then(|v| v.to_str().ok());
    (given != Some(format!("Basic {basic}").as_str())).then(|| {
        let body = json!({"code": 20003, "message": "Authenticate", "status": 401});
        (StatusCode::UNAUTHORIZED, Json(body)).into_response()
    })
}

#[derive(Clone, Debug)]
pub struct Sent {
    pub account: String,
    pub to: String,
    pub body: String,
}

#[derive(Clone, Default)]
pub struct FakeTwilio {
    pub sent: Arc<Mutex<Vec<Sent>>>,
    /// Milliseconds each answer to a send is held back.
    delay_ms: Arc<AtomicU64>,
    /// One account answered more slowly than the rest.
    slow_account: Arc<Mutex<Option<(String, Duration)>>>,
    /// Sends recorded whose answer has not been written yet, per account.
    unanswered: Arc<Mutex<HashMap<String, usize>>>,
    /// The Calls API (`…/Calls.json`).
    pub calls: crate::fake_calls::FakeCalls,
}

impl FakeTwilio {
    /// Serves on a free port; returns the fake and its origin.
    pub async fn start() -> (FakeTwilio, String) {
        let fake = FakeTwilio::default();
        let path = "/2010-04-01/Accounts/{sid}/Messages.json";
        let app = Router::new()
            .route(path, get(list).post(create))
            .route(
                "/2010-04-01/Accounts/{sid}/Calls.json",
                get(crate::fake_calls::list).post(crate::fake_calls::create),
            )
            .with_state(fake.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let origin = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        (fake, origin)
    }

    pub fn set_delay(&self, delay: Duration) {
        self.delay_ms
            .store(u64::try_from(delay.as_millis()).unwrap(), Ordering::Relaxed);
    }

    /// Answers sends of `account` only after `delay` (others as before).
    pub fn slow_down(&self, account: &str, delay: Duration) {
        *self.slow_account.lock().unwrap() = Some((account.to_owned(), delay));
    }

    /// How many sends of `account` wait for their answer now.
    pub fn unanswered(&self, account: &str) -> usize {
        self.unanswered
            .lock()
            .unwrap()
            .get(account)
            .copied()
            .unwrap_or(0)
    }

    pub fn sent(&self) -> Vec<Sent> {
        self.sent.lock().unwrap().clone()
    }

    /// How many messages to `to` were accepted.
    pub fn count_to(&self, to: &str) -> usize {
        self.sent().iter().filter(|s| s.to == to).count()
    }
}

async fn create(
    State(fake): State<FakeTwilio>,
    Path(sid): Path<String>,
    headers: HeaderMap,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    if let Some(refused) = unauthenticated(&sid, &headers) {
        return refused;
    }
    let slow = fake
        .slow_account
        .lock()
        .unwrap()
        .clone()
        .filter(|(account, _)| *account == sid)
        .map(|(_, d)| d);
    let sent = Sent {
        account: sid.clone(),
        to: form.get("To").cloned().unwrap_or_default(),
        body: form.get("Body").cloned().unwrap_or_default(),
    };
    let index = {
        let mut all = fake.sent.lock().unwrap();
        all.push(sent);
        all.len()
    };
    let delay = slow.unwrap_or(Duration::from_millis(fake.delay_ms.load(Ordering::Relaxed)));
    *fake
        .unanswered
        .lock()
        .unwrap()
        .entry(sid.clone())
        .or_default() += 1;
    tokio::time::sleep(delay).await;
    *fake.unanswered.lock().unwrap().entry(sid).or_default() -= 1;
    Json(json!({ "sid": format!("SM{index:032}"), "status": "queued", "error_code": null }))
        .into_response()
}

async fn list(
    State(fake): State<FakeTwilio>,
    Path(sid): Path<String>,
    headers: HeaderMap,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    if let Some(refused) = unauthenticated(&sid, &headers) {
        return refused;
    }
    let to = query.get("To").cloned().unwrap_or_default();
    let messages: Vec<Value> = fake
        .sent()
        .iter()
        .enumerate()
        .filter(|(_, s)| s.to == to)
        .map(|(i, s)| json!({ "sid": format!("SM{:032}", i + 1), "to": s.to, "body": s.body, "status": "sent" }))
        .collect();
    Json(json!({ "messages": messages })).into_response()
}
