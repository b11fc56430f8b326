//! The money jobs: renewals (each due period charged once, across any
//! number of instances), refunds whose answer was lost or that are pending
//! (looked up at the provider), billing e-mails, and — with the sandbox —
//! the delivery of its signed webhooks to our own endpoint.
use crate::services::billing::{mails, refund_lookup, renewals};
use crate::services::ServiceError;
use crate::state::AppState;
use std::time::Duration;

/// How often renewals are looked for.
const RENEWAL_POLL: Duration = Duration::from_secs(30);
/// How often the sandbox delivers due webhooks when nobody wakes it.
const SANDBOX_POLL: Duration = Duration::from_secs(1);
/// Subscriptions renewed per round.
const RENEWAL_BATCH: u64 = 50;
const MAIL_BATCH: u64 = 20;

/// Starts the money jobs; returns their tasks.
pub fn spawn(state: &AppState) -> Vec<tokio::task::JoinHandle<()>> {
    let mut tasks = vec![tokio::spawn(renewal_loop(state.clone()))];
    if state.gateways.sandbox().is_some() {
        tasks.push(tokio::spawn(sandbox_delivery(state.clone())));
    }
    tasks
}

async fn renewal_loop(state: AppState) {
    let mut tick = tokio::time::interval(state.config.workers.poll_or(RENEWAL_POLL));
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            () = state.wakers.stop.wait() => break,
        }
        match renewals::run_due(&state.cx(), &state.gateways, RENEWAL_BATCH).await {
            Ok(round) if round != renewals::Round::default() => {
                tracing::info!(?round, "renewal round")
            }
            Ok(_) => {}
            Err(e) => tracing::error!(error = %e, "renewal round failed"),
        }
        if let Err(e) = refund_lookup::run_due(&state.cx(), &state.gateways, RENEWAL_BATCH).await {
            tracing::error!(error = %e, "refund lookup round failed");
        }
    }
}

async fn sandbox_delivery(state: AppState) {
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        .build()
        .unwrap_or_default();
    loop {
        if let Some(sandbox) = state.gateways.sandbox() {
            sandbox.deliver_due(&client).await;
        }
        if !super::idle(&state, SANDBOX_POLL, &state.wakers.payments).await {
            break;
        }
    }
}

/// One round of billing e-mails; returns how many ran.
///
/// # Errors
/// A database error.
pub async fn run_billing_mails(state: &AppState) -> Result<usize, ServiceError> {
    super::run_mail_round::<mails::BillingMail>(state, MAIL_BATCH, mails::send).await
}
