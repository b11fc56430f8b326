//! Reading the audit log (`services::audit` writes it): a page of the
//! newest entries, and the entries about given subjects.
use super::Staff;
use crate::persistence::entities::{staff_audit as row, staff_user};
pub use crate::services::audit::{record, Entry, Stamp};
use crate::services::ServiceError;
use app_core::model::console::{AuditEntry, ROWS_PER_PAGE};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use std::collections::HashMap;

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
