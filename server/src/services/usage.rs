//! The usage ledger: every billable use of the service writes one row
//! here, in the transaction that makes the use, so a use and its ledger row
//! exist together or not at all. Rules about "was the service used" (the
//! 14-day refund) read only this ledger and never the feature tables; a new
//! billable feature adds a [`UsageKind`] and calls [`record`].
//!
//! Stopping a member's work that is queued but not yet done (calls not yet
//! placed, SMS not yet sent) starts here too, in [`stop_queued_work`]:
//! billing calls it in the transaction that ends the member's access, and
//! each feature that queues work stops its own ([`reactions`]).
use crate::persistence::entities::usage_entry as row;
use crate::services::{reactions, ServiceError};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait,
    PaginatorTrait, QueryFilter,
};

/// What was used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UsageKind {
    /// A locate request (its SMS to the number's owner).
    Locate,
    /// A voice message (a call we pay for).
    Voice,
    /// A full lookup (spam verdict and owner entry).
    Lookup,
}

impl UsageKind {
    /// The stored name.
    pub const fn code(self) -> &'static str {
        match self {
            UsageKind::Locate => "locate",
            UsageKind::Voice => "voice",
            UsageKind::Lookup => "lookup",
        }
    }
}

/// Records one use by `user_id` of `kind`, naming its row (`subject_id`)
/// when it has one. Call it with the transaction of the use itself.
///
/// # Errors
/// A database error.
pub async fn record(
    db: &impl ConnectionTrait,
    user_id: i64,
    kind: UsageKind,
    subject_id: Option<i64>,
    now: i64,
) -> Result<(), ServiceError> {
    let entry = row::ActiveModel {
        user_id: Set(user_id),
        kind: Set(kind.code().to_owned()),
        subject_id: Set(subject_id),
        created_at: Set(now),
        ..Default::default()
    };
    row::Entity::insert(entry)
        .exec_without_returning(db)
        .await?;
    Ok(())
}

/// A use of [`record_each_while_subscribed`]: by `user_id` in `session_id` at `now`.
#[derive(Clone, Copy, Debug)]
pub struct SessionUse {
    pub session_id: i64,
    pub user_id: i64,
    pub now: i64,
}

/// Records each use like [`record`], but only while its session is open
/// and its member not suspended and subscribed at its `now`, in two
/// statements for all of them: one read of their sessions with their
/// members, one insert of the rows of those open. Call it inside the
/// transaction of the uses: on SQLite, after its first write, nothing
/// changes the sessions in between; on PostgreSQL a session ended after
/// the read counts as ended from the next use on. Per position whether its
/// row was written.
///
/// # Errors
/// A database error.
pub async fn record_each_while_subscribed(
    db: &impl ConnectionTrait,
    uses: &[SessionUse],
    kind: UsageKind,
) -> Result<Vec<bool>, ServiceError> {
    use crate::persistence::entities::{session, user};
    if uses.is_empty() {
        return Ok(Vec::new());
    }
    let ids: std::collections::BTreeSet<i64> = uses.iter().map(|u| u.session_id).collect();
    let sessions: std::collections::HashMap<i64, (session::Model, user::Model)> =
        session::Entity::find()
            .filter(session::Column::Id.is_in(ids))
            .find_also_related(user::Entity)
            .all(db)
            .await?
            .into_iter()
            .filter_map(|(session, member)| Some((session.id, (session, member?))))
            .collect();
    let open: Vec<bool> = uses
        .iter()
        .map(|u| {
            sessions
                .get(&u.session_id)
                .is_some_and(|(session, member)| {
                    session.user_id == u.user_id
                        && session.expires_at > u.now
                        && member.suspended_at.is_none()
                        && member.vip_time > u.now
                })
        })
        .collect();
    let rows: Vec<row::ActiveModel> = uses
        .iter()
        .zip(&open)
        .filter(|(_, open)| **open)
        .map(|(u, _)| row::ActiveModel {
            user_id: Set(u.user_id),
            kind: Set(kind.code().to_owned()),
            created_at: Set(u.now),
            ..Default::default()
        })
        .collect();
    if !rows.is_empty() {
        row::Entity::insert_many(rows)
            .exec_without_returning(db)
            .await?;
    }
    Ok(open)
}

/// Whether `user_id` used the service at or after `since`.
///
/// # Errors
/// A database error.
pub async fn used_since(
    db: &impl ConnectionTrait,
    user_id: i64,
    since: i64,
) -> Result<bool, ServiceError> {
    let uses = row::Entity::find()
        .filter(row::Column::UserId.eq(user_id))
        .filter(row::Column::CreatedAt.gte(since))
        .count(db)
        .await?;
    Ok(uses > 0)
}

/// Stops `user_id`'s work that is queued and not yet done: voice calls not
/// yet placed and locate SMS not yet sent. Run it in the transaction that
/// ends the member's access; the queues' workers also refuse to start work
/// for a member without access, so work a worker held during that
/// transaction and handed back is never done either.
///
/// # Errors
/// A database error.
pub async fn stop_queued_work(
    txn: &DatabaseTransaction,
    user_id: i64,
    now: i64,
) -> Result<(), ServiceError> {
    reactions::access_ended(txn, user_id, now).await
}
