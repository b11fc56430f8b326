//! Disputes of spam reports: the number's owner hides them until review,
//! and support keeps or removes each.
use super::{DISPUTED, REMOVED, VISIBLE};
use crate::persistence::entities::spam_report as report;
use crate::services::{Cx, ServiceError};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};

/// Hides every visible, not yet reviewed report of `e164` until review,
/// and files each in the support queue (one `spam_dispute` abuse report
/// per spam report, the number as reporter). Returns how many were hidden.
///
/// # Errors
/// A database error.
pub async fn dispute_all(
    db: &impl ConnectionTrait,
    e164: &str,
    now: i64,
) -> Result<u64, ServiceError> {
    use crate::services::abuse_reports;
    let open = report::Entity::find()
        .filter(report::Column::PhoneE164.eq(e164))
        .filter(report::Column::Status.eq(VISIBLE))
        .filter(report::Column::ReviewedAt.is_null())
        .order_by_asc(report::Column::Id)
        .all(db)
        .await?;
    let mut hidden = 0;
    for spam in open {
        let done = report::Entity::update_many()
            .col_expr(report::Column::Status, Expr::value(DISPUTED))
            .filter(report::Column::Id.eq(spam.id))
            .filter(report::Column::Status.eq(VISIBLE))
            .exec(db)
            .await?;
        if done.rows_affected == 0 {
            continue;
        }
        hidden += 1;
        let report = abuse_reports::NewReport {
            source: "spam_dispute",
            subject_id: spam.id,
            accused_user_id: Some(spam.reporter_id),
            reporter_e164: e164,
        };
        abuse_reports::file(db, report, now).await?;
    }
    Ok(hidden)
}

/// Support's decision on a disputed report: `keep` shows it again (it can
/// no longer be disputed), otherwise it is removed and counts against its
/// reporter's trust. Only a disputed report can be decided.
///
/// # Errors
/// [`ServiceError::NotFound`] for a report that is not disputed; database errors.
pub async fn review(cx: &Cx, report_id: i64, keep: bool) -> Result<(), ServiceError> {
    let done = review_in(&cx.db, report_id, keep, cx.now).await;
    // The report's number is not at hand; reviews are rare.
    crate::services::lookup::forget_all_facts(cx);
    done
}

/// [`review`] inside the caller's transaction (the console decides the
/// dispute and writes its audit entry together); the caller forgets the
/// cached facts after committing.
///
/// # Errors
/// As [`review`].
pub async fn review_in(
    db: &impl ConnectionTrait,
    report_id: i64,
    keep: bool,
    now: i64,
) -> Result<(), ServiceError> {
    let status = if keep { VISIBLE } else { REMOVED };
    let done = report::Entity::update_many()
        .col_expr(report::Column::Status, Expr::value(status))
        .col_expr(report::Column::ReviewedAt, Expr::value(now))
        .filter(report::Column::Id.eq(report_id))
        .filter(report::Column::Status.eq(DISPUTED))
        .exec(db)
        .await?;
    if done.rows_affected == 1 {
        Ok(())
    } else {
        Err(ServiceError::NotFound)
    }
}
