//! What a stopping process does with the rows it still holds after the
//! grace period: each feature's queue takes its rows back.
use crate::persistence::entities::voice_message::Column as VoiceColumn;
use crate::services::billing::charges;
use crate::services::locate::queue;
use crate::services::voice::status as voice;
use crate::services::workers::{Phase, Work};
use crate::services::{job_queue, ServiceError};
use sea_orm::sea_query::{Expr, ExprTrait as _};
use sea_orm::ConnectionTrait;

/// Hands back every row in `held`: claimed-only rows go back to their
/// queue, due now and without counting the attempt, so another instance
/// takes them at once; rows whose outside call may be in flight become
/// uncertain (SMS, calls, charges: looked up at the provider, never
/// repeated blindly) or, for a job (its effect idempotent), queued again
/// after a backoff. Every update is conditional on the row still being held,
/// so one settled meanwhile is left alone. Returns how many rows moved.
///
/// # Errors
/// A database error (the rest are still tried).
pub async fn hand_back(
    db: &impl ConnectionTrait,
    held: &[(Work, Phase)],
    now: i64,
) -> Result<usize, ServiceError> {
    let mut moved = 0;
    let mut first_error = None;
    for &(work, phase) in held {
        match hand_back_one(db, work, phase, now).await {
            Ok(true) => moved += 1,
            Ok(false) => {}
            Err(e) => {
                tracing::error!(error = %e, ?work, "handing back a held row failed; its lease will free it");
                first_error.get_or_insert(e);
            }
        }
    }
    first_error.map_or(Ok(moved), Err)
}

async fn hand_back_one(
    db: &impl ConnectionTrait,
    work: Work,
    phase: Phase,
    now: i64,
) -> Result<bool, ServiceError> {
    let released = phase == Phase::Claimed;
    match work {
        Work::Sms(id) => queue::hand_back(db, id, released, now).await,
        Work::Job(id) if released => job_queue::release(db, id, now).await,
        Work::Job(id) => job_queue::interrupted(db, id, now).await,
        Work::Call(id) if released => release_call(db, id, now).await,
        Work::Call(id) => interrupt_call(db, id, now).await,
        // A renewal is held only around its provider call.
        Work::Charge(id) => {
            charges::set_status(
                db,
                id,
                &[charges::PROCESSING],
                charges::UNCERTAIN,
                Vec::new(),
                now,
            )
            .await
        }
    }
}

/// A call claimed but not yet placed: queued again, the attempt not counted.
async fn release_call(db: &impl ConnectionTrait, id: i64, now: i64) -> Result<bool, ServiceError> {
    let changes = vec![
        (
            VoiceColumn::Attempts,
            Expr::col(VoiceColumn::Attempts).sub(1),
        ),
        (VoiceColumn::NextAttemptAt, Expr::value(now)),
        (VoiceColumn::LastError, Expr::value("released at shutdown")),
    ];
    voice::transition(
        db,
        id,
        voice::QUEUED,
        Some(&[voice::CALLING][..]),
        changes,
        now,
    )
    .await
}

/// A call cut off while being placed: it may exist, so it is looked up.
async fn interrupt_call(
    db: &impl ConnectionTrait,
    id: i64,
    now: i64,
) -> Result<bool, ServiceError> {
    let changes = vec![
        (VoiceColumn::NextAttemptAt, Expr::value(now)),
        (
            VoiceColumn::LastError,
            Expr::value("interrupted by shutdown"),
        ),
    ];
    voice::transition(
        db,
        id,
        voice::UNCERTAIN,
        Some(&[voice::CALLING][..]),
        changes,
        now,
    )
    .await
}
