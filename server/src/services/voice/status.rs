//! The one state machine of a voice message. Every change of `status` goes
//! through [`transition`], a conditional update that moves the row only
//! from a state the target may be reached from, so a late or repeated
//! provider callback can never revive a final message or skip a step.
//!
//! ```text
//! queued ──claim──▶ calling ──placed, outcome unknown──▶ uncertain
//!   ▲                 │  ╲                                  │
//!   └─ retry / not ───┘   ╲── completed ─▶ delivered (final) │ found ▶ calling
//!      placed              ── busy, no answer twice ─▶ no_answer (final)
//!                          ── refused ─▶ failed (final)
//! any open state ── the number pressed 9 or is on the registry ─▶ opted_out (final)
//! queued ── the sender's access ended (refund) before the call ─▶ canceled (final)
//! ```
use crate::persistence::entities::voice_message::{self as row, Column};
use crate::services::ServiceError;
use app_core::model::voice::VoiceStatus;
use sea_orm::sea_query::{Expr, SimpleExpr};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

pub const QUEUED: &str = "queued";
pub const CALLING: &str = "calling";
/// A placed call with no news for this long is looked up at the provider.
pub const WATCHDOG_MS: i64 = 15 * 60_000;
/// Failed provider calls in a row before a message fails.
pub const MAX_FAILURES: i32 = 5;

/// Handed to the provider without a clear answer: reconciled, never re-placed blindly.
pub const UNCERTAIN: &str = "uncertain";
pub const DELIVERED: &str = "delivered";
pub const NO_ANSWER: &str = "no_answer";
pub const FAILED: &str = "failed";
pub const OPTED_OUT: &str = "opted_out";
/// Never placed: the sender's access ended first (a refund).
pub const CANCELED: &str = "canceled";

/// The open (not final) states.
pub const OPEN: [&str; 3] = [QUEUED, CALLING, UNCERTAIN];

/// The states `to` may be reached from.
fn sources(to: &str) -> &'static [&'static str] {
    match to {
        // Back to the queue: the one retry, a postponement (quiet hours, busy
        // speech), or an uncertain call the provider never received.
        QUEUED => &[QUEUED, CALLING, UNCERTAIN],
        CALLING => &[QUEUED, CALLING, UNCERTAIN],
        // Only a call that was placed; staying uncertain between lookups.
        UNCERTAIN => &[CALLING, UNCERTAIN],
        DELIVERED | NO_ANSWER | FAILED | OPTED_OUT => &OPEN,
        // Only a call not placed yet: a placed one is followed to its end.
        CANCELED => &[QUEUED, CALLING],
        _ => &[],
    }
}

/// What the sender sees of a stored state: an uncertain call is still
/// "calling"; a cancelled one could not be placed.
pub fn visible(stored: &str) -> VoiceStatus {
    match stored {
        UNCERTAIN => VoiceStatus::Calling,
        CANCELED => VoiceStatus::Failed,
        other => VoiceStatus::from_code(other).unwrap_or(VoiceStatus::Failed),
    }
}

/// Moves message `id` to `to` with `changes`, if its state allows it;
/// returns whether it moved. `only_from` narrows the allowed sources (a
/// worker moves only the rows it claimed).
///
/// # Errors
/// A database error.
pub async fn transition(
    db: &impl ConnectionTrait,
    id: i64,
    to: &str,
    only_from: Option<&[&str]>,
    changes: Vec<(Column, SimpleExpr)>,
    now: i64,
) -> Result<bool, ServiceError> {
    let allowed: Vec<&str> = sources(to)
        .iter()
        .copied()
        .filter(|s| only_from.is_none_or(|only| only.contains(s)))
        .collect();
    if allowed.is_empty() {
        return Ok(false);
    }
    let mut update = row::Entity::update_many()
        .col_expr(Column::Status, Expr::value(to))
        .col_expr(Column::UpdatedAt, Expr::value(now));
    for (column, value) in changes {
        update = update.col_expr(column, value);
    }
    let done = update
        .filter(Column::Id.eq(id))
        .filter(Column::Status.is_in(allowed))
        .exec(db)
        .await?;
    Ok(done.rows_affected == 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn final_states_are_never_left() {
        for to in [
            QUEUED, CALLING, UNCERTAIN, DELIVERED, NO_ANSWER, FAILED, OPTED_OUT, CANCELED,
        ] {
            for from in [DELIVERED, NO_ANSWER, FAILED, OPTED_OUT, CANCELED] {
                assert!(!sources(to).contains(&from), "{from} -> {to}");
            }
        }
    }

    #[test]
    fn only_a_placed_call_becomes_uncertain_and_every_open_state_can_end() {
        assert_eq!(sources(UNCERTAIN), &[CALLING, UNCERTAIN]);
        for end in [DELIVERED, NO_ANSWER, FAILED, OPTED_OUT] {
            assert_eq!(sources(end), &OPEN);
        }
        assert!(sources("bogus").is_empty());
        assert!(
            !sources(CANCELED).contains(&UNCERTAIN),
            "a placed call is followed"
        );
    }

    #[test]
    fn uncertain_shows_as_calling() {
        assert_eq!(visible(UNCERTAIN), VoiceStatus::Calling);
        assert_eq!(visible(NO_ANSWER), VoiceStatus::NoAnswer);
        assert_eq!(visible(OPTED_OUT), VoiceStatus::OptedOut);
    }
}
