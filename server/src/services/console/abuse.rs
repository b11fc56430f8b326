//! The abuse queue: reports of voice messages, of locate requests and
//! owners' spam disputes, in one table, decided by support.
use super::audit::{self, Entry};
use super::{actions, reported, Staff, REASON_MAX_CHARS};
use crate::domain::phone::PhoneFormat;
use crate::persistence::entities::{abuse_report as row, requester_block, user};
use crate::services::lookup::reports;
use crate::services::{Cx, ServiceError};
use app_core::i18n::Key;
use app_core::model::console::{
    AbuseAction, AbuseDecision, AbuseReportView, AbuseSource, ROWS_PER_PAGE,
};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, TransactionTrait,
};
use std::collections::HashMap;

pub use super::OPEN_REPORT as OPEN;
const SPAM_DISPUTE: &str = "spam_dispute";

fn source(code: &str) -> AbuseSource {
    match code {
        "voice_message" => AbuseSource::VoiceMessage,
        SPAM_DISPUTE => AbuseSource::SpamDispute,
        _ => AbuseSource::LocateRequest,
    }
}

/// `+62 812-3456-789` → `+62 81•-••••-789`: enough to tell reports apart,
/// not enough to call the person.
pub fn mask(e164: &str) -> String {
    let shown = crate::services::phone::validate(e164, None).map_or_else(
        |_| e164.to_owned(),
        |p| p.format(PhoneFormat::International),
    );
    let digits = shown.chars().filter(char::is_ascii_digit).count();
    let mut seen = 0;
    shown
        .chars()
        .map(|c| {
            if !c.is_ascii_digit() {
                return c;
            }
            seen += 1;
            if seen <= 4 || seen > digits.saturating_sub(3) {
                c
            } else {
                '•'
            }
        })
        .collect()
}

/// `GET /console/abuse?status=open|closed`: open reports oldest first (a
/// queue), closed ones newest first, each with the words reported. Reading
/// the queue is audited.
///
/// # Errors
/// A database error.
pub async fn list(
    cx: &Cx,
    staff: &Staff,
    open: bool,
) -> Result<Vec<AbuseReportView>, ServiceError> {
    let query = if open {
        row::Entity::find()
            .filter(row::Column::Status.eq(OPEN))
            .order_by_asc(row::Column::Id)
    } else {
        row::Entity::find()
            .filter(row::Column::Status.ne(OPEN))
            .order_by_desc(row::Column::Id)
    };
    let rows = query.limit(ROWS_PER_PAGE).all(&cx.db).await?;
    let shown: Vec<String> = rows.iter().map(|r| r.id.to_string()).collect();
    let detail = format!(
        "{}: {}",
        if open { OPEN } else { "closed" },
        shown.join(",")
    );
    let entry = Entry::new("abuse_queue_view", "abuse_report", 0, detail);
    audit::record(&cx.db, staff.id, entry, cx.now).await?;
    views(&cx.db, rows).await
}

/// The reports as the queue shows them: with the accused's address and
/// the words reported.
async fn views(
    db: &impl ConnectionTrait,
    rows: Vec<row::Model>,
) -> Result<Vec<AbuseReportView>, ServiceError> {
    let ids: Vec<i64> = rows.iter().filter_map(|r| r.accused_user_id).collect();
    let emails: HashMap<i64, String> = user::Entity::find()
        .filter(user::Column::Id.is_in(ids))
        .all(db)
        .await?
        .into_iter()
        .map(|u| (u.id, u.email))
        .collect();
    let mut words = reported::words(db, &rows).await?;
    Ok(rows
        .into_iter()
        .map(|r| AbuseReportView {
            id: r.id,
            source: source(&r.source),
            subject_id: r.subject_id,
            accused_user_id: r.accused_user_id,
            accused_email: r.accused_user_id.and_then(|id| emails.get(&id).cloned()),
            reporter_masked: mask(&r.reporter_e164),
            reported_words: words.remove(&r.id),
            status: r.status,
            created_at: r.created_at,
        })
        .collect())
}

/// The status a decision leaves, if the action fits the report.
fn outcome(report: &row::Model, action: AbuseAction) -> Option<&'static str> {
    let dispute = report.source == SPAM_DISPUTE;
    match action {
        AbuseAction::Dismiss => Some("dismissed"),
        AbuseAction::BlockRequester if !dispute && report.accused_user_id.is_some() => {
            Some("requester_blocked")
        }
        AbuseAction::SuspendAccount if report.accused_user_id.is_some() => {
            Some("account_suspended")
        }
        AbuseAction::UpholdDispute if dispute => Some("dispute_upheld"),
        _ => None,
    }
}

/// `POST /console/abuse/{id}`: decides an open report once. Dismiss (on a
/// spam dispute: the spam report shows again), block the requester towards
/// the reporting number, suspend the accused account (admins), or uphold a
/// spam dispute (the spam report is removed). The decision, its effect and
/// the audit entry commit together.
///
/// # Errors
/// [`ServiceError::NotFound`]; [`Key::ConsoleApiActionNotForReport`];
/// [`Key::ConsoleApiReportDecided`]; [`ServiceError::Forbidden`].
pub async fn decide(
    cx: &Cx,
    staff: &Staff,
    id: i64,
    decision: &AbuseDecision,
) -> Result<AbuseReportView, ServiceError> {
    let note = decision.note.trim();
    if note.chars().count() > REASON_MAX_CHARS {
        return Err(ServiceError::Invalid(Key::ConsoleApiReasonTooLong));
    }
    if decision.action == AbuseAction::SuspendAccount {
        staff.require_admin()?;
    }
    let report = row::Entity::find_by_id(id)
        .one(&cx.db)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let status = outcome(&report, decision.action)
        .ok_or(ServiceError::Invalid(Key::ConsoleApiActionNotForReport))?;
    let txn = cx.db.begin().await?;
    let claimed = row::Entity::update_many()
        .col_expr(row::Column::Status, Expr::value(status))
        .col_expr(row::Column::DecidedBy, Expr::value(staff.id))
        .col_expr(row::Column::DecidedAt, Expr::value(cx.now))
        .col_expr(row::Column::Note, Expr::value(note))
        .filter(row::Column::Id.eq(id))
        .filter(row::Column::Status.eq(OPEN))
        .exec(&txn)
        .await?;
    if claimed.rows_affected != 1 {
        return Err(ServiceError::Invalid(Key::ConsoleApiReportDecided));
    }
    apply(&txn, &report, decision.action, cx.now).await?;
    audit::record(
        &txn,
        staff.id,
        Entry::new(
            "abuse_decision",
            "abuse_report",
            id,
            format!("{status}: {note}"),
        ),
        cx.now,
    )
    .await?;
    txn.commit().await?;
    if report.source == SPAM_DISPUTE {
        crate::services::lookup::forget_all_facts(cx);
    }
    let decided = row::Entity::find_by_id(id)
        .one(&cx.db)
        .await?
        .ok_or(ServiceError::NotFound)?;
    views(&cx.db, vec![decided])
        .await?
        .pop()
        .ok_or(ServiceError::NotFound)
}

async fn apply(
    db: &impl ConnectionTrait,
    report: &row::Model,
    action: AbuseAction,
    now: i64,
) -> Result<(), ServiceError> {
    let dispute = report.source == SPAM_DISPUTE;
    match (action, report.accused_user_id) {
        // A dispute is decided whatever else happens to the reporter.
        (AbuseAction::Dismiss, _) if dispute => {
            reports::review_in(db, report.subject_id, true, now).await
        }
        (AbuseAction::UpholdDispute, _) => {
            reports::review_in(db, report.subject_id, false, now).await
        }
        (AbuseAction::BlockRequester, Some(accused)) => {
            block(db, accused, &report.reporter_e164, now).await
        }
        (AbuseAction::SuspendAccount, Some(accused)) => {
            actions::suspend_in(db, accused, now).await?;
            if dispute {
                reports::review_in(db, report.subject_id, false, now).await?;
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// `user_id` may no longer send locate requests or voice messages to `e164`.
///
/// # Errors
/// A database error.
pub async fn block(
    db: &impl ConnectionTrait,
    user_id: i64,
    e164: &str,
    now: i64,
) -> Result<(), ServiceError> {
    let new = requester_block::ActiveModel {
        user_id: Set(user_id),
        phone_e164: Set(e164.to_owned()),
        created_at: Set(now),
        ..Default::default()
    };
    let once = OnConflict::columns([
        requester_block::Column::UserId,
        requester_block::Column::PhoneE164,
    ])
    .do_nothing()
    .to_owned();
    requester_block::Entity::insert(new)
        .on_conflict(once)
        .exec_without_returning(db)
        .await?;
    Ok(())
}
