//! The caller job: claims due messages with a conditional update (one
//! worker wins), checks the called number's protections once more right
//! before dialing (a 9 pressed on an earlier call, night there), and places
//! each call once. A call whose outcome is unknown (time-out after the
//! request left, an answer that does not parse, a worker killed mid-call)
//! is never placed again blindly: the message becomes `uncertain` and is
//! reconciled by looking the call up at the provider. A message whose
//! sender's access ended before its call (a refund) is never placed: the
//! refund cancels it in its own transaction, and the worker checks the
//! sender's access once more after claiming it.
use super::audio::{self, CallAudio};
use super::events::{self, apply_progress};
use super::status::{transition, CALLING, CANCELED, FAILED, OPTED_OUT, QUEUED, UNCERTAIN};
use super::status::{MAX_FAILURES, WATCHDOG_MS};
use super::{policy, reconcile};
use crate::calls::{twiml, CallError, CallPlacer, OutgoingCall};
use crate::domain::phone_data::PhoneData;
use crate::persistence::entities::user;
use crate::persistence::entities::voice_message::{self as row, Column};
use crate::services::do_not_contact as registry;
use crate::services::workers::{lease_ms, Hold, Work};
use crate::services::{Cx, ServiceError};
use crate::speech::{Speech, SpeechError};
use sea_orm::sea_query::{Expr, ExprTrait as _};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

/// How long a worker may take to place a call it claimed.
const LEASE_MS: i64 = 2 * 60_000;
/// The speech workers are full: try again soon.
const SPEECH_BUSY_RETRY_MS: i64 = 30_000;

/// One round: stale calls become uncertain, uncertain ones are looked up,
/// then due messages are called. Returns how many messages were handled.
///
/// # Errors
/// A database error.
pub async fn run_due(
    cx: &Cx,
    speech: &Speech,
    calls: &CallPlacer,
    limit: u64,
) -> Result<usize, ServiceError> {
    stale_become_uncertain(cx).await?;
    let mut handled = reconcile::run(cx, calls, limit).await?;
    let due = row::Entity::find()
        .filter(Column::Status.eq(QUEUED))
        .filter(Column::NextAttemptAt.lte(cx.now))
        .order_by_asc(Column::NextAttemptAt)
        .limit(limit)
        .all(&cx.db)
        .await?;
    for message in due {
        if cx.wake.stop.requested() {
            break;
        }
        if another_call_open(cx, &message).await? {
            // One call at a time per number: nobody is rung twice at once,
            // and a lost answer always names one call.
            continue;
        }
        if let Some(claimed) = claim(cx, &message).await? {
            handled += 1;
            let hold = cx.wake.stop.hold(Work::Call(claimed.id));
            deliver(cx, speech, calls, &claimed, &hold).await?;
        }
    }
    Ok(handled)
}

/// Whether another message to the same number is being called now.
async fn another_call_open(cx: &Cx, m: &row::Model) -> Result<bool, ServiceError> {
    let open = row::Entity::find()
        .filter(Column::ToE164.eq(&m.to_e164))
        .filter(Column::Id.ne(m.id))
        .filter(Column::Status.is_in([CALLING, UNCERTAIN]))
        .one(&cx.db)
        .await?;
    Ok(open.is_some())
}

/// Messages `calling` past their lease or watchdog: the worker died while
/// placing, or the provider went silent. Either way the call may exist.
async fn stale_become_uncertain(cx: &Cx) -> Result<(), ServiceError> {
    row::Entity::update_many()
        .col_expr(Column::Status, Expr::value(UNCERTAIN))
        .col_expr(Column::NextAttemptAt, Expr::value(cx.now))
        .col_expr(Column::UpdatedAt, Expr::value(cx.now))
        .filter(Column::Status.eq(CALLING))
        .filter(Column::NextAttemptAt.lt(cx.now))
        .exec(&cx.db)
        .await?;
    Ok(())
}

/// Takes `message` for this worker with a fresh call reference; `None` when
/// another worker was faster.
async fn claim(cx: &Cx, message: &row::Model) -> Result<Option<row::Model>, ServiceError> {
    let call_ref = super::new_call_ref();
    let changes = vec![
        (Column::Attempts, Expr::col(Column::Attempts).add(1)),
        (Column::AttemptedAt, Expr::value(cx.now)),
        (
            Column::NextAttemptAt,
            Expr::value(cx.now + lease_ms(LEASE_MS)),
        ),
        (Column::CallRef, Expr::value(call_ref.clone())),
        (Column::ProviderId, Expr::value(Option::<String>::None)),
    ];
    if !transition(
        &cx.db,
        message.id,
        CALLING,
        Some(&[QUEUED][..]),
        changes,
        cx.now,
    )
    .await?
    {
        return Ok(None);
    }
    Ok(row::Entity::find_by_id(message.id)
        .filter(Column::CallRef.eq(call_ref))
        .one(&cx.db)
        .await?)
}

/// Cancels `user_id`'s messages waiting for a call (the first, or the
/// retry): their sender's access ends in the caller's transaction.
///
/// # Errors
/// A database error.
pub async fn cancel_queued_for(
    db: &impl ConnectionTrait,
    user_id: i64,
    now: i64,
) -> Result<(), ServiceError> {
    row::Entity::update_many()
        .col_expr(Column::Status, Expr::value(CANCELED))
        .col_expr(Column::NextAttemptAt, Expr::value(Option::<i64>::None))
        .col_expr(Column::LastError, Expr::value("the sender's access ended"))
        .col_expr(Column::UpdatedAt, Expr::value(now))
        .filter(Column::UserId.eq(user_id))
        .filter(Column::Status.eq(QUEUED))
        .exec(db)
        .await?;
    Ok(())
}

/// Whether the sender of `m` may still have calls placed.
async fn sender_has_access(cx: &Cx, m: &row::Model) -> Result<bool, ServiceError> {
    let sender = user::Entity::find_by_id(m.user_id).one(&cx.db).await?;
    Ok(sender.is_some_and(|u| crate::services::accounts::users::has_access(&u, cx.now)))
}

/// Back to the queue without a call placed: the attempt does not count.
async fn postpone(cx: &Cx, m: &row::Model, at: i64, why: &str) -> Result<(), ServiceError> {
    postpone_with(cx, m, at, why, Vec::new()).await
}

async fn postpone_with(
    cx: &Cx,
    m: &row::Model,
    at: i64,
    why: &str,
    mut changes: Vec<(Column, sea_orm::sea_query::SimpleExpr)>,
) -> Result<(), ServiceError> {
    changes.extend([
        (Column::Attempts, Expr::col(Column::Attempts).sub(1)),
        (Column::NextAttemptAt, Expr::value(at)),
        (Column::LastError, Expr::value(why)),
    ]);
    transition(&cx.db, m.id, QUEUED, Some(&[CALLING][..]), changes, cx.now).await?;
    Ok(())
}

/// Ends `m` as `to` with `why` kept for support.
pub(super) async fn end(cx: &Cx, m: &row::Model, to: &str, why: &str) -> Result<(), ServiceError> {
    let changes = vec![
        (Column::NextAttemptAt, Expr::value(Option::<i64>::None)),
        (Column::LastError, Expr::value(why)),
    ];
    transition(&cx.db, m.id, to, None, changes, cx.now).await?;
    Ok(())
}

async fn deliver(
    cx: &Cx,
    speech: &Speech,
    calls: &CallPlacer,
    m: &row::Model,
    hold: &Hold,
) -> Result<(), ServiceError> {
    if !sender_has_access(cx, m).await? {
        return end(cx, m, CANCELED, "the sender's access ended").await;
    }
    if registry::is_blocked(&cx.db, &m.to_e164).await? {
        return end(
            cx,
            m,
            OPTED_OUT,
            "the number is on the do-not-contact registry",
        )
        .await;
    }
    let zones = policy::zones_of(PhoneData::global(), &m.to_e164);
    if let Some(morning) = policy::quiet_until(&zones, cx.now, &cx.config.voice) {
        return postpone(cx, m, morning, "quiet hours at the number").await;
    }
    let request = audio::for_call(m, CallAudio::Message)?;
    match speech.render(&request).await {
        Ok(_) => {}
        Err(SpeechError::Busy) => {
            return postpone(cx, m, cx.now + SPEECH_BUSY_RETRY_MS, "speech busy").await
        }
        Err(e) => return end(cx, m, FAILED, &format!("speech: {e:?}")).await,
    }
    let bcp47 = app_core::model::voice::language(&m.language).map_or("en-US", |l| l.bcp47);
    let audio_url = audio::call_audio_url(&cx.config, &m.call_ref, CallAudio::Message, cx.now);
    let call = OutgoingCall {
        to: m.to_e164.clone(),
        twiml: twiml::play_and_gather(
            &audio_url,
            &audio::gather_url(&cx.config, &m.call_ref),
            bcp47,
        ),
    };
    hold.calling();
    match calls.place(&call, &m.call_ref).await {
        Ok(placed) => {
            crate::metrics::call_outcome("placed");
            let changes = vec![
                (Column::ProviderId, Expr::value(placed.provider_id.clone())),
                (Column::NextAttemptAt, Expr::value(cx.now + WATCHDOG_MS)),
                (Column::Failures, Expr::value(0)),
            ];
            transition(&cx.db, m.id, CALLING, Some(&[CALLING][..]), changes, cx.now).await?;
            apply_progress(cx, m, placed.progress).await
        }
        Err(error) => not_placed(cx, m, &error).await,
    }
}

/// The provider did not confirm the call: unknown outcome → reconcile;
/// temporary → try again later (a few times); refused → failed.
async fn not_placed(cx: &Cx, m: &row::Model, error: &CallError) -> Result<(), ServiceError> {
    let why: String = error.to_string().chars().take(255).collect();
    tracing::warn!(message = m.id, error = %error, unknown = error.outcome_unknown(), "voice call not confirmed");
    crate::metrics::call_outcome(if error.outcome_unknown() {
        "uncertain"
    } else {
        "failed"
    });
    if error.outcome_unknown() {
        let changes = vec![
            (
                Column::NextAttemptAt,
                Expr::value(cx.now + reconcile::LOOKUP_EVERY_MS),
            ),
            (Column::Failures, Expr::value(0)),
            (Column::LastError, Expr::value(why)),
        ];
        transition(
            &cx.db,
            m.id,
            UNCERTAIN,
            Some(&[CALLING][..]),
            changes,
            cx.now,
        )
        .await?;
        return Ok(());
    }
    if error.is_transient() && m.failures + 1 < MAX_FAILURES {
        let backoff = 30_000 * (1_i64 << m.failures.clamp(0, 6));
        let changes = vec![(Column::Failures, Expr::col(Column::Failures).add(1))];
        return postpone_with(cx, m, cx.now + backoff, &why, changes).await;
    }
    events::fail(cx, m, &why).await
}
