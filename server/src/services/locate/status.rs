//! The one owner of a locate request's status. A request moves forward
//! through the pending statuses (created → sent → delivered → opened) and
//! ends in exactly one final status; a final status never changes. Every
//! status write is [`transition`]: a conditional update that only touches
//! rows whose current status may move to the target, so two writers racing
//! (a late callback, the expiry job, the owner's answer) cannot undo each
//! other. A move the table does not allow changes nothing.
use crate::persistence::entities::locate_request as request;
use crate::services::ServiceError;
use app_core::model::locate::LocateStatus;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter};

/// Statuses in which the owner may still answer, in flow order.
pub const PENDING: [LocateStatus; 4] = [
    LocateStatus::Created,
    LocateStatus::Sent,
    LocateStatus::Delivered,
    LocateStatus::Opened,
];

/// Whether the owner may still answer a request in `status`.
pub fn is_pending(status: LocateStatus) -> bool {
    PENDING.contains(&status)
}

/// Whether a request in `from` may move to `to`.
pub fn allowed(from: LocateStatus, to: LocateStatus) -> bool {
    use LocateStatus as S;
    let rank = |s: LocateStatus| PENDING.iter().position(|p| *p == s);
    match (rank(from), to) {
        // A final status is final.
        (None, _) => false,
        // Pending moves only forward.
        (Some(f), to) if is_pending(to) => rank(to).is_some_and(|t| t > f),
        // Once the owner opened the link the SMS evidently arrived.
        (Some(_), S::Failed) => from != S::Opened,
        (Some(_), S::Located | S::Declined | S::Blocked | S::Expired | S::Cancelled) => true,
        (Some(_), _) => false,
    }
}

/// Every status that may move to `to`.
pub fn sources(to: LocateStatus) -> Vec<&'static str> {
    LocateStatus::ALL
        .into_iter()
        .filter(|from| allowed(*from, to))
        .map(LocateStatus::code)
        .collect()
}

/// Which requests a transition is about.
pub fn request(id: i64) -> Condition {
    Condition::all().add(request::Column::Id.eq(id))
}

/// Moves the requests matching `scope` to `to` where the table allows it;
/// returns how many moved (0: the move was not allowed, or another writer
/// got there first). Expiry, failure and cancelling kill the link (an
/// owner's answer keeps it, so the owner sees what they decided); every
/// final status except the requester's own cancel is news for the requester
/// (the badge), and every move reaches the requester's open dashboards
/// (`events`).
///
/// # Errors
/// A database error.
pub async fn transition(
    db: &impl ConnectionTrait,
    scope: Condition,
    to: LocateStatus,
    now: i64,
) -> Result<u64, ServiceError> {
    let mut update = request::Entity::update_many()
        .col_expr(request::Column::Status, Expr::value(to.code()))
        .col_expr(request::Column::UpdatedAt, Expr::value(now))
        .filter(request::Column::Status.is_in(sources(to)));
    if matches!(
        to,
        LocateStatus::Expired | LocateStatus::Failed | LocateStatus::Cancelled
    ) {
        update = update.col_expr(request::Column::LinkTokenHash, Expr::value(""));
    }
    if !is_pending(to) && to != LocateStatus::Cancelled {
        update = update.col_expr(request::Column::Unseen, Expr::value(true));
    }
    let moved = update.filter(scope.clone()).exec(db).await?.rows_affected;
    if moved > 0 {
        super::events::moved(db, scope, to, now).await?;
    }
    Ok(moved)
}

#[cfg(test)]
mod tests {
    use super::*;
    use LocateStatus as S;

    /// Every (from, to) pair, against the table written out by hand.
    #[test]
    fn every_transition_is_allowed_or_refused_as_designed() {
        let finals = [
            S::Located,
            S::Declined,
            S::Blocked,
            S::Expired,
            S::Cancelled,
        ];
        let expected = |from: S, to: S| -> bool {
            match from {
                S::Created => {
                    matches!(to, S::Sent | S::Delivered | S::Opened | S::Failed)
                        || finals.contains(&to)
                }
                S::Sent => {
                    matches!(to, S::Delivered | S::Opened | S::Failed) || finals.contains(&to)
                }
                S::Delivered => matches!(to, S::Opened | S::Failed) || finals.contains(&to),
                S::Opened => finals.contains(&to),
                S::Located | S::Declined | S::Blocked | S::Expired | S::Failed | S::Cancelled => {
                    false
                }
            }
        };
        let mut checked = 0;
        for from in S::ALL {
            for to in S::ALL {
                assert_eq!(allowed(from, to), expected(from, to), "{from:?} -> {to:?}");
                checked += 1;
            }
        }
        assert_eq!(checked, 100);
    }

    #[test]
    fn nothing_moves_to_itself_or_back() {
        for s in S::ALL {
            assert!(!allowed(s, s), "{s:?}");
        }
        assert!(!allowed(S::Delivered, S::Sent));
        assert!(!allowed(S::Opened, S::Created));
    }

    #[test]
    fn sources_are_the_allowed_froms() {
        assert_eq!(sources(S::Opened), vec!["created", "sent", "delivered"]);
        assert_eq!(sources(S::Failed), vec!["created", "sent", "delivered"]);
        assert_eq!(
            sources(S::Expired),
            vec!["created", "sent", "delivered", "opened"]
        );
        assert!(sources(S::Created).is_empty());
    }
}
