//! Background jobs of a running server: the SMS sender and the clock-driven
//! locate rules. They only call `services`; the state they work on is in the
//! database, so any number of instances can run them side by side.
use crate::services::locate::{queue, retention};
use crate::startup::now_ms;
use crate::state::AppState;
use std::time::Duration;

/// How often the SMS queue is polled when nobody wakes the sender.
const SMS_POLL: Duration = Duration::from_secs(2);
/// How often links expire and old positions are deleted.
const HOUSEKEEPING: Duration = Duration::from_secs(30);
/// Messages sent per round.
const SMS_BATCH: u64 = 20;

/// Starts the jobs; they run until the process ends.
pub fn spawn(state: &AppState) {
    tokio::spawn(sms_sender(state.clone()));
    tokio::spawn(housekeeping(state.clone()));
}

async fn sms_sender(state: AppState) {
    loop {
        match queue::run_due(&state.db, &state.sms, now_ms(), SMS_BATCH).await {
            // A full batch: more may be due right away.
            Ok(n) if n as u64 == SMS_BATCH => continue,
            Ok(_) => {}
            Err(e) => tracing::error!(error = %e, "SMS sender round failed"),
        }
        let _ = tokio::time::timeout(SMS_POLL, state.sms_wake.notified()).await;
    }
}

async fn housekeeping(state: AppState) {
    let mut tick = tokio::time::interval(HOUSEKEEPING);
    loop {
        tick.tick().await;
        let now = now_ms();
        if let Err(e) = retention::expire_requests(&state.db, now).await {
            tracing::error!(error = %e, "expiring requests failed");
        }
        match retention::delete_old_positions(&state.db, now).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(deleted = n, "positions past retention deleted"),
            Err(e) => tracing::error!(error = %e, "deleting old positions failed"),
        }
    }
}
