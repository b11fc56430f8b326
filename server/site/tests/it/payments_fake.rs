//! What the loopback fakes of payment providers share: a recorded request,
//! a log of them, and serving a router on 127.0.0.1:0.
use axum::{
    body::Bytes,
    http::{HeaderMap, Method, Uri},
    Router,
};
use std::{
    sync::{Arc, Mutex},
    time::Duration,
};

/// How long a "slow" fake waits before answering; the adapters under test
/// get a much shorter time-out.
pub const SLOW_ANSWER: Duration = Duration::from_secs(2);
pub const SHORT_TIMEOUT: Duration = Duration::from_millis(300);

/// One request a fake received.
#[derive(Clone, Debug)]
pub struct Seen {
    pub method: Method,
    pub path: String,
    pub headers: HeaderMap,
    pub body: Bytes,
}

impl Seen {
    pub fn new(method: Method, uri: &Uri, headers: HeaderMap, body: Bytes) -> Seen {
        Seen {
            method,
            path: uri.path().to_owned(),
            headers,
            body,
        }
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap_or(serde_json::Value::Null)
    }
}

pub type Log = Arc<Mutex<Vec<Seen>>>;

/// Serves `router` on a free loopback port; returns its base URL.
pub async fn serve(router: Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind the fake");
    let addr = listener.local_addr().expect("local address");
    tokio::spawn(async move {
        axum::serve(listener, router)
            .await
            .expect("the fake serves")
    });
    format!("http://{addr}")
}

/// The requests received so far on `path`.
pub fn count(log: &Log, path: &str) -> usize {
    log.lock()
        .unwrap()
        .iter()
        .filter(|s| s.path == path)
        .count()
}

/// Waits past the slow answer, then says how many requests reached `path`:
/// an adapter that retried on its own would show more than one.
pub async fn count_after_slow_answer(log: &Log, path: &str) -> usize {
    tokio::time::sleep(SLOW_ANSWER + Duration::from_millis(200)).await;
    count(log, path)
}
