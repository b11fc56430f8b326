//! The audit log's writing side: one row per staff action, written in the
//! transaction of the change (billing, the help chat, the console), and one
//! per reading of a person's data. Append-only: this module only inserts,
//! and the database's triggers refuse UPDATE and DELETE; on PostgreSQL the
//! service runs as a role that may not alter, truncate or disable them
//! (docs/operations.md). The console reads the log (`console::audit`).
use crate::persistence::entities::staff_audit as row;
use crate::services::ServiceError;
use sea_orm::{ActiveValue::Set, ConnectionTrait, EntityTrait};

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
