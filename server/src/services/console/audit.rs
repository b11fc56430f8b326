//! The audit log: one row per staff action, written in the transaction of
//! the change, and one per reading of a person's data (a customer search
//! with its query, a customer's page, the chat inbox and a thread, the
//! abuse queue). Append-only: this module only inserts and reads, and the
//! database's triggers refuse UPDATE and DELETE; on PostgreSQL the service
//! runs as a role that may not alter, truncate or disable them
//! (docs/operations.md).
use super::Staff;
use crate::persistence::entities::{staff_audit as row, staff_user};
use crate::services::ServiceError;
use app::model::console::{AuditEntry, ROWS_PER_PAGE};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect,
};
use std::collections::HashMap;

/// An entry to write together with a change made elsewhere (billing, the
/// help chat): who, and what.
#[derive(Clone, Debug)]
pub struct Stamp {
    pub staff_id: i64,
    pub entry: Entry,
}

impl Stamp {
    /// Writes the entry (inside the caller's transaction).
    ///
    /// # Errors
    /// A database error.
    pub async fn write(&self, db: &impl ConnectionTrait, now: i64) -> Result<(), ServiceError> {
        record(db, self.staff_id, self.entry.clone(), now).await
    }
}

/// What a staff member did, to what.
#[derive(Clone, Debug)]
pub struct Entry {
    /// `sign_in`, `sign_out`, `refund`, `cancel`, `suspend`, `reinstate`,
    /// `abuse_decision`, `chat_reply`; readings: `customer_search`,
    /// `customer_view`, `chat_inbox_view`, `chat_view`, `abuse_queue_view`.
    pub action: &'static str,
    /// `customer`, `charge`, `abuse_report`, `chat`, `staff`.
    pub subject_kind: &'static str,
    pub subject_id: i64,
    pub detail: String,
}

impl Entry {
    pub fn new(
        action: &'static str,
        subject_kind: &'static str,
        subject_id: i64,
        detail: impl Into<String>,
    ) -> Entry {
        Entry {
            action,
            subject_kind,
            subject_id,
            detail: detail.into(),
        }
    }
}

/// Appends `entry` as done by `staff_id` at `now`.
///
/// # Errors
/// A database error.
pub async fn record(
    db: &impl ConnectionTrait,
    staff_id: i64,
    entry: Entry,
    now: i64,
) -> Result<(), ServiceError> {
    let new = row::ActiveModel {
        staff_id: Set(staff_id),
        action: Set(entry.action.to_owned()),
        subject_kind: Set(entry.subject_kind.to_owned()),
        subject_id: Set(entry.subject_id),
        detail: Set(entry.detail),
        created_at: Set(now),
        ..Default::default()
    };
    row::Entity::insert(new).exec_without_returning(db).await?;
    Ok(())
}

/// `GET /console/audit?before=ID`: the newest page of entries older than
/// `before` (every staff member may read the log).
///
/// # Errors
/// A database error.
pub async fn list(
    db: &impl ConnectionTrait,
    _staff: &Staff,
    before: Option<i64>,
) -> Result<Vec<AuditEntry>, ServiceError> {
    let mut query = row::Entity::find()
        .order_by_desc(row::Column::Id)
        .limit(ROWS_PER_PAGE);
    if let Some(before) = before {
        query = query.filter(row::Column::Id.lt(before));
    }
    views(db, query.all(db).await?).await
}

/// The newest `limit` entries about subjects `ids` of one kind.
///
/// # Errors
/// A database error.
pub async fn about(
    db: &impl ConnectionTrait,
    kind: &str,
    ids: &[i64],
    limit: u64,
) -> Result<Vec<AuditEntry>, ServiceError> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let rows = row::Entity::find()
        .filter(row::Column::SubjectKind.eq(kind))
        .filter(row::Column::SubjectId.is_in(ids.iter().copied()))
        .order_by_desc(row::Column::Id)
        .limit(limit)
        .all(db)
        .await?;
    views(db, rows).await
}

async fn views(
    db: &impl ConnectionTrait,
    rows: Vec<row::Model>,
) -> Result<Vec<AuditEntry>, ServiceError> {
    let mut ids: Vec<i64> = rows.iter().map(|r| r.staff_id).collect();
    ids.sort_unstable();
    ids.dedup();
    let emails: HashMap<i64, String> = staff_user::Entity::find()
        .filter(staff_user::Column::Id.is_in(ids))
        .all(db)
        .await?
        .into_iter()
        .map(|s| (s.id, s.email))
        .collect();
    Ok(rows
        .into_iter()
        .map(|r| AuditEntry {
            id: r.id,
            staff_email: emails.get(&r.staff_id).cloned().unwrap_or_default(),
            action: r.action,
            subject_kind: r.subject_kind,
            subject_id: r.subject_id,
            detail: r.detail,
            created_at: r.created_at,
        })
        .collect())
}
