//! The voice message caller: places due calls, reconciles uncertain ones,
//! and deletes texts past the retention period.
use crate::services::voice::{delivery, retention};
use crate::state::AppState;
use std::time::Duration;

/// How often the caller looks for due messages when nobody wakes it
/// (a retry or a postponed call comes due on the clock).
const POLL: Duration = Duration::from_secs(5);
/// How often old texts are deleted.
const PURGE_EVERY_MS: i64 = 60 * 60_000;
/// Messages handled per round.
const BATCH: u64 = 10;

/// Starts the caller; returns its task.
pub fn spawn(state: &AppState) -> Vec<tokio::task::JoinHandle<()>> {
    vec![tokio::spawn(caller(state.clone()))]
}

async fn caller(state: AppState) {
    let mut purged_at = 0;
    while !state.wakers.stop.requested() {
        let cx = state.cx();
        match delivery::run_due(&cx, &state.speech, &state.calls, BATCH).await {
            // A full batch: more may be due right away.
            Ok(n) if n as u64 >= BATCH => continue,
            Ok(_) => {}
            Err(e) => tracing::error!(error = %e, "voice caller round failed"),
        }
        if state.now_ms() - purged_at >= PURGE_EVERY_MS {
            match retention::purge(&cx).await {
                Ok(0) => {}
                Ok(n) => tracing::info!(messages = n, "deleted the text of old voice messages"),
                Err(e) => tracing::error!(error = %e, "deleting old voice message texts failed"),
            }
            purged_at = state.now_ms();
        }
        if !super::idle(&state, POLL, &state.wakers.calls).await {
            break;
        }
    }
}
