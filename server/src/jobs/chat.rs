//! The help chat's jobs: support's answers by e-mail (each once), and the
//! deletion of conversations past their retention.
use crate::services::help_chat::{mails, retention};
use crate::services::ServiceError;
use crate::state::AppState;

const MAIL_BATCH: u64 = 20;

/// One round of chat reply e-mails; returns how many ran.
///
/// # Errors
/// A database error.
pub async fn run_chat_mails(state: &AppState) -> Result<usize, ServiceError> {
    super::run_mail_round::<mails::ChatReplyMail>(state, MAIL_BATCH, mails::send).await
}

/// Deletes conversations past `CHAT_RETENTION_DAYS`.
pub async fn purge(state: &AppState) {
    match retention::purge(&state.cx()).await {
        Ok(0) => {}
        Ok(n) => tracing::info!(
            conversations = n,
            "help chat conversations past retention deleted"
        ),
        Err(e) => tracing::error!(error = %e, "deleting old help chat conversations failed"),
    }
}
