//! Background jobs of a running server: the SMS sender and the clock-driven
//! locate rules. They only call `services`; the state they work on is in the
//! database, so any number of instances can run them side by side.
pub mod billing;
pub mod chat;
pub mod tracking;
pub mod voice;

use crate::mail::{templates::Brand, Mailer};
use crate::services::accounts::passwords::{self, ResetCodeMail};
use crate::services::console::lockout::{self, StaffLockedMail};
use crate::services::job_queue;
use crate::services::locate::mails::{self as locate_mails, AnswerMail};
use crate::services::locate::{retention, sender};
use crate::services::workers::Work;
use crate::services::Cx;
use crate::state::AppState;
use std::time::Duration;

/// How often the SMS queue is polled when nobody wakes the sender.
const SMS_POLL: Duration = Duration::from_secs(2);
/// How often links expire and old positions are deleted.
const HOUSEKEEPING: Duration = Duration::from_secs(30);
/// Messages sent per round.
const SMS_BATCH: u64 = 20;

/// Starts the jobs; they run until `state.wakers.stop` is requested (then
/// each ends after the work it holds). Returns their tasks.
pub fn spawn(state: &AppState) -> Vec<tokio::task::JoinHandle<()>> {
    let mut tasks = vec![
        tokio::spawn(sms_sender(state.clone())),
        tokio::spawn(mail_jobs(state.clone())),
        tokio::spawn(housekeeping(state.clone())),
    ];
    tasks.extend(billing::spawn(state));
    tasks.extend(voice::spawn(state));
    tasks.extend(tracking::spawn(state));
    tasks
}

/// A worker's idle wait between rounds; `false` once it should end.
async fn idle(state: &AppState, default: Duration, woken: &tokio::sync::Notify) -> bool {
    state
        .wakers
        .stop
        .idle(state.config.workers.poll_or(default), woken)
        .await
}

async fn sms_sender(state: AppState) {
    let stop = state.wakers.stop.clone();
    while !stop.requested() {
        match sender::run_due_until(&state.db, &state.sms, &stop, state.now_ms(), SMS_BATCH).await {
            // A full batch: more may be due right away.
            Ok(n) if n as u64 == SMS_BATCH => continue,
            Ok(_) => {}
            Err(e) => tracing::error!(error = %e, "SMS sender round failed"),
        }
        if !idle(&state, SMS_POLL, &state.wakers.sms).await {
            break;
        }
    }
}

/// How often the job queue is polled when nobody wakes the worker.
const JOB_POLL: Duration = Duration::from_secs(2);

/// Runs queued e-mail jobs (reset codes, billing and chat mails).
async fn mail_jobs(state: AppState) {
    while !state.wakers.stop.requested() {
        if let Err(e) = run_mail_jobs(&state).await {
            tracing::error!(error = %e, "mail job round failed");
        }
        if let Err(e) = billing::run_billing_mails(&state).await {
            tracing::error!(error = %e, "billing mail round failed");
        }
        if let Err(e) = chat::run_chat_mails(&state).await {
            tracing::error!(error = %e, "chat mail round failed");
        }
        if !idle(&state, JOB_POLL, &state.wakers.jobs).await {
            break;
        }
    }
}

/// One round of the mail jobs (reset codes, staff lock alerts, locate
/// answers); returns how many ran.
///
/// # Errors
/// A database error.
pub async fn run_mail_jobs(state: &AppState) -> Result<usize, crate::services::ServiceError> {
    let codes =
        run_mail_round::<ResetCodeMail>(state, SMS_BATCH, passwords::mail_reset_code).await?;
    let alerts = run_mail_round::<StaffLockedMail>(state, SMS_BATCH, lockout::send_alert).await?;
    let answers = run_mail_round::<AnswerMail>(state, SMS_BATCH, locate_mails::send).await?;
    Ok(codes + alerts + answers)
}

/// One round of the due e-mail jobs of kind `J`: each is sent by `send`
/// through a mailer stamping the job's `Message-ID` (a run repeated after a
/// crash is dropped by the receiver) and finished with its outcome (an
/// error is kept on the job); returns how many ran.
///
/// # Errors
/// A database error.
pub async fn run_mail_round<J: job_queue::JobKind>(
    state: &AppState,
    batch: u64,
    send: impl AsyncFn(&Cx, &Mailer, &Brand, &J) -> Result<(), crate::services::ServiceError>,
) -> Result<usize, crate::services::ServiceError> {
    let cx = state.cx();
    let stop = &cx.wake.stop;
    if stop.requested() {
        return Ok(0);
    }
    let claimed = job_queue::claim_due::<J>(&cx.db, cx.now, batch).await?;
    let holds: Vec<_> = claimed
        .iter()
        .map(|job| stop.hold(Work::Job(job.id)))
        .collect();
    let brand = state.brand();
    let mut ran = 0;
    for (job, hold) in claimed.iter().zip(holds) {
        if stop.requested() {
            // Not started: another instance may take it at once.
            job_queue::release(&cx.db, job.id, state.now_ms()).await?;
            continue;
        }
        hold.calling();
        let mailer = state.mailer.for_job(job.id, job.queued_at);
        let outcome = send(&cx, &mailer, &brand, &job.input).await;
        let error = outcome.as_ref().err().map(ToString::to_string);
        job_queue::finish(
            &cx.db,
            job.id,
            error.as_deref().map_or(Ok(()), Err),
            state.now_ms(),
        )
        .await?;
        ran += 1;
    }
    Ok(ran)
}

async fn housekeeping(state: AppState) {
    let mut tick = tokio::time::interval(HOUSEKEEPING);
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            () = state.wakers.stop.wait() => break,
        }
        let now = state.now_ms();
        if let Err(e) = retention::expire_requests(&state.db, now).await {
            tracing::error!(error = %e, "expiring requests failed");
        }
        match retention::delete_old_positions(&state.db, now).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(deleted = n, "positions past retention deleted"),
            Err(e) => tracing::error!(error = %e, "deleting old positions failed"),
        }
        if let Err(e) = crate::services::locate::events::prune(&state.db, now).await {
            tracing::error!(error = %e, "pruning locate news failed");
        }
        chat::purge(&state).await;
    }
}
