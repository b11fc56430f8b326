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

/// Records one use like [`record`], but only while `session_id` is open
/// and its member not suspended and subscribed at `now`: the session is
/// checked by the very statement that writes the use. `false` (nothing
/// written) when it is not.
///
/// # Errors
/// A database error.
pub async fn record_while_subscribed(
    db: &impl ConnectionTrait,
    session_id: i64,
    user_id: i64,
    kind: UsageKind,
    now: i64,
) -> Result<bool, ServiceError> {
    use crate::persistence::entities::{session, user};
    use sea_orm::sea_query::{Expr, ExprTrait as _, Query};
    let open = Query::select()
        .exprs([Expr::val(user_id), Expr::val(kind.code()), Expr::val(now)])
        .from(session::Entity)
        .inner_join(
            user::Entity,
            Expr::col((user::Entity, user::Column::Id))
                .equals((session::Entity, session::Column::UserId)),
        )
        .and_where(Expr::col((session::Entity, session::Column::Id)).eq(session_id))
        .and_where(Expr::col((session::Entity, session::Column::UserId)).eq(user_id))
        .and_where(Expr::col((session::Entity, session::Column::ExpiresAt)).gt(now))
        .and_where(Expr::col((user::Entity, user::Column::SuspendedAt)).is_null())
        .and_where(Expr::col((user::Entity, user::Column::VipTime)).gt(now))
        .to_owned();
    let insert = Query::insert()
        .into_table(row::Entity)
        .columns([
            row::Column::UserId,
            row::Column::Kind,
            row::Column::CreatedAt,
        ])
        .select_from(open)
        .map_err(|e| ServiceError::Database(sea_orm::DbErr::Custom(e.to_string())))?
        .to_owned();
    let written = db.execute(&insert).await?;
    Ok(written.rows_affected() == 1)
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
