//! Probes and metrics for operators: `GET /healthz` and `/ready` (database
//! reachable, not draining), `GET /health` (the process answers), and
//! `GET /metrics` (Prometheus text format).
use crate::state::AppState;
use crate::tokens;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use sea_orm::{FromQueryResult, Statement};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set once a shutdown signal arrived: load balancers stop sending new
/// requests while in-flight ones finish.
static DRAINING: AtomicBool = AtomicBool::new(false);

/// Marks this instance as shutting down (`/ready` answers 503 from now on).
pub fn start_draining() {
    DRAINING.store(true, Ordering::Release);
}

/// 200 `{"status":"ok"}` when the database answers, 503 otherwise.
pub async fn healthz(State(state): State<AppState>) -> (StatusCode, Json<Value>) {
    match state.db.ping().await {
        Ok(()) => (StatusCode::OK, Json(json!({ "status": "ok" }))),
        Err(e) => {
            tracing::warn!(error = %e, "health check: database unreachable");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                Json(json!({ "status": "unavailable" })),
            )
        }
    }
}

/// Liveness: the process serves requests (restart it when this fails).
pub async fn health() -> Json<Value> {
    Json(json!({ "status": "ok" }))
}

/// Readiness: send traffic here (database reachable, not shutting down).
pub async fn ready(state: State<AppState>) -> (StatusCode, Json<Value>) {
    if DRAINING.load(Ordering::Acquire) {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(json!({ "status": "draining" })),
        );
    }
    healthz(state).await
}

#[derive(FromQueryResult)]
struct Waiting {
    queue: String,
    kind: String,
    n: i64,
    oldest: Option<i64>,
}

/// Work waiting in the database queues: count and age of the oldest, per kind.
async fn queue_gauges(state: &AppState) -> Result<(), sea_orm::DbErr> {
    let sql = "SELECT 'jobs' AS queue, kind, COUNT(*) AS n, MIN(created_at) AS oldest FROM job_queue WHERE status IN ('queued', 'running') GROUP BY kind \
               UNION ALL SELECT 'sms' AS queue, purpose AS kind, COUNT(*) AS n, MIN(created_at) AS oldest FROM sms_queue \
               WHERE status IN ('queued', 'sending', 'uncertain') GROUP BY purpose";
    let backend = state.db.get_database_backend();
    let rows = Waiting::find_by_statement(Statement::from_string(backend, sql))
        .all(&state.db)
        .await?;
    let now = state.now_ms();
    let depth: Vec<_> = rows
        .iter()
        .map(|r| {
            (
                vec![("queue", r.queue.as_str()), ("kind", r.kind.as_str())],
                r.n as f64,
            )
        })
        .collect();
    let age: Vec<_> = rows
        .iter()
        .map(|r| {
            (
                vec![("queue", r.queue.as_str()), ("kind", r.kind.as_str())],
                r.oldest.map_or(0.0, |t| (now - t).max(0) as f64 / 1000.0),
            )
        })
        .collect();
    crate::metrics::set_gauges("queue_depth", "Work items waiting or in progress.", &depth);
    crate::metrics::set_gauges(
        "queue_oldest_age_seconds",
        "Age of the oldest waiting work item.",
        &age,
    );
    Ok(())
}

/// `GET /metrics`: with `METRICS_TOKEN` set, for `Authorization: Bearer
/// <token>` only; without it, only for direct loopback clients (never
/// through a proxy), so a public site never shows its counters.
pub async fn metrics(State(state): State<AppState>, request: Request) -> Response {
    let headers = request.headers();
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip());
    let allowed = match state.config.metrics_token.as_deref() {
        Some(token) => headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .is_some_and(|given| tokens::same_secret(given, token)),
        None => {
            peer.is_some_and(|ip| ip.is_loopback())
                && !headers.contains_key("x-forwarded-for")
                && !headers.contains_key("forwarded")
        }
    };
    if !allowed {
        return StatusCode::NOT_FOUND.into_response();
    }
    if let Err(e) = queue_gauges(&state).await {
        tracing::warn!(error = %e, "metrics: queue gauges unavailable");
    }
    let text = crate::metrics::render();
    (
        [
            (header::CONTENT_TYPE, crate::metrics::CONTENT_TYPE),
            (header::CACHE_CONTROL, "no-store"),
        ],
        text,
    )
        .into_response()
}
