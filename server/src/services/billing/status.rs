//! The one owner of a subscription's status:
//!
//! ```text
//! trialing ──renewed──▶ active ──renewed──▶ active
//!    │                    │
//!    └──renewal failed──▶ past_due ──renewed──▶ active
//!                           │ (retried each settlement day, no extra charge)
//! any live status ──ended / refunded / gave up──▶ canceled (final)
//! ```
//!
//! Cancelling at period end is a flag, not a status: access lasts until the
//! period ends, then the renewal job ends the subscription. Every write is
//! [`transition`], a conditional update on the allowed source statuses and
//! (for period moves) on the period the writer saw, so two workers or a
//! late webhook can never apply the same move twice.
use crate::persistence::entities::subscription::{self as sub, Column};
use crate::services::ServiceError;
use app_core::model::billing::SubscriptionState;
use sea_orm::sea_query::{Expr, SimpleExpr};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

/// The stored name of a state.
pub fn code(state: SubscriptionState) -> &'static str {
    match state {
        SubscriptionState::Trialing => "trialing",
        SubscriptionState::Active => "active",
        SubscriptionState::PastDue => "past_due",
        SubscriptionState::Canceled => "canceled",
    }
}

/// Reads a stored state; unknown text reads as canceled (no access).
pub fn parse(code_text: &str) -> SubscriptionState {
    ALL.into_iter()
        .find(|s| code(*s) == code_text)
        .unwrap_or(SubscriptionState::Canceled)
}

pub const ALL: [SubscriptionState; 4] = [
    SubscriptionState::Trialing,
    SubscriptionState::Active,
    SubscriptionState::PastDue,
    SubscriptionState::Canceled,
];

/// States that still renew (everything but canceled).
pub const LIVE: [&str; 3] = ["trialing", "active", "past_due"];

/// Whether a subscription in `from` may move to `to`.
pub fn allowed(from: SubscriptionState, to: SubscriptionState) -> bool {
    use SubscriptionState as S;
    match (from, to) {
        (S::Canceled, _) => false,
        // A paid renewal starts the next period (from the trial, a paid period or dunning).
        (_, S::Active) => true,
        // A failed renewal suspends; a failed retry stays suspended.
        (S::Trialing | S::Active | S::PastDue, S::PastDue) => true,
        (_, S::Canceled) => true,
        (_, S::Trialing) => false,
    }
}

/// The states that may move to `to`.
pub fn sources(to: SubscriptionState) -> Vec<&'static str> {
    ALL.into_iter()
        .filter(|from| allowed(*from, to))
        .map(code)
        .collect()
}

/// One status write: `to`, with extra column values, for subscription `id`
/// if its status may move there and (when given) it is still in
/// `expected_period`. Returns whether the row moved.
///
/// # Errors
/// A database error.
pub async fn transition(
    db: &impl ConnectionTrait,
    id: i64,
    expected_period: Option<i32>,
    to: SubscriptionState,
    extra: Vec<(Column, SimpleExpr)>,
    now: i64,
) -> Result<bool, ServiceError> {
    let mut update = sub::Entity::update_many()
        .col_expr(Column::Status, Expr::value(code(to)))
        .col_expr(Column::UpdatedAt, Expr::value(now))
        .filter(Column::Id.eq(id))
        .filter(Column::Status.is_in(sources(to)));
    if let Some(period) = expected_period {
        update = update.filter(Column::PeriodIndex.eq(period));
    }
    if to == SubscriptionState::Canceled {
        update = update.col_expr(Column::CanceledAt, Expr::value(now));
    }
    for (column, value) in extra {
        update = update.col_expr(column, value);
    }
    Ok(update.exec(db).await?.rows_affected == 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use SubscriptionState as S;

    #[test]
    fn every_move_is_allowed_or_refused_as_designed() {
        let expected = |from: S, to: S| match from {
            S::Trialing | S::Active | S::PastDue => {
                matches!(to, S::Active | S::PastDue | S::Canceled)
            }
            S::Canceled => false,
        };
        for from in ALL {
            for to in ALL {
                assert_eq!(allowed(from, to), expected(from, to), "{from:?} -> {to:?}");
            }
        }
    }

    #[test]
    fn nothing_returns_to_the_trial_or_leaves_canceled() {
        assert!(sources(S::Trialing).is_empty());
        assert_eq!(sources(S::Canceled), vec!["trialing", "active", "past_due"]);
        for s in ALL {
            assert_eq!(parse(code(s)), s);
        }
        assert_eq!(parse("garbage"), S::Canceled);
    }
}
