//! The help chat's jobs: support's answers by e-mail (each once), and the
//! deletion of conversations past their retention.
use crate::clock::now_ms;
use crate::services::help_chat::{mails, retention};
use crate::services::{job_queue, ServiceError};
use crate::state::AppState;

const MAIL_BATCH: u64 = 20;

/// One round of chat reply e-mails; returns how many ran.
///
/// # Errors
/// A database error.
pub async fn run_chat_mails(state: &AppState) -> Result<usize, ServiceError> {
    let cx = state.cx();
    let claimed = job_queue::claim_due::<mails::ChatReplyMail>(&cx.db, cx.now, MAIL_BATCH).await?;
    let brand = state.brand();
    for job in &claimed {
        let outcome = mails::send(&cx, &state.mailer, &brand, &job.input).await;
        let error = outcome.as_ref().err().map(ToString::to_string);
        job_queue::finish(&cx.db, job.id, error.as_deref().map_or(Ok(()), Err), now_ms()).await?;
    }
    Ok(claimed.len())
}

/// Deletes conversations past `CHAT_RETENTION_DAYS`.
pub async fn purge(state: &AppState) {
    match retention::purge(&state.cx()).await {
        Ok(0) => {}
        Ok(n) => tracing::info!(conversations = n, "help chat conversations past retention deleted"),
        Err(e) => tracing::error!(error = %e, "deleting old help chat conversations failed"),
    }
}
