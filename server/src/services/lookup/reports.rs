//! Spam reports: made by signed-in members, weighed by the reporter's trust
//! when made, hidden while their number's owner disputes them, and kept or
//! removed by review.
use super::score::{self, Counted, Reporter};
use crate::persistence::entities::{spam_report as report, user};
use crate::services::limits::{self, Rule};
use crate::services::number_proof::parse_number;
use crate::services::{Cx, ServiceError};
use crate::text_rules as detect;
use app_core::account::validation::{FieldErrors, Slot};
use app_core::i18n::Key;
use app_core::model::lookup::{SpamCategory, COMMENT_MAX_CHARS};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, FromQueryResult,
    PaginatorTrait, QueryFilter, Statement, TransactionTrait,
};

mod disputes;
pub use disputes::{dispute_all, review, review_in};

/// Counted in the score.
pub const VISIBLE: &str = "visible";
/// Hidden: the owner disputed it and review has not decided yet.
pub const DISPUTED: &str = "disputed";
/// Review found it unfounded.
pub const REMOVED: &str = "removed";

/// One report per member per number in 30 days.
const ONE_PER_NUMBER: Rule = Rule::per_minutes(1, 30 * 24 * 60);
/// The newest reports a verdict reads; older ones have faded anyway.
const VERDICT_WINDOW: u64 = 1000;

/// A report as typed.
#[derive(Clone, Copy, Debug)]
pub struct NewReport<'a> {
    pub country: &'a str,
    pub phone: &'a str,
    pub category: &'a str,
    pub comment: &'a str,
}

/// Checks the comment into `commentErrorMsg`: optional, at most
/// [`COMMENT_MAX_CHARS`], and no links, e-mail addresses or phone numbers
/// (a report is not a place to advertise or to publish contacts).
fn check_comment(comment: &str, errors: &mut FieldErrors) {
    let key = if comment.chars().count() > COMMENT_MAX_CHARS {
        Some(Key::LookupCommentTooLong)
    } else if detect::has_link(comment)
        || detect::has_email(comment)
        || detect::has_phone_number(comment)
    {
        Some(Key::LookupCommentContacts)
    } else {
        None
    };
    errors.set(Slot::Comment, key);
}

/// Files `member`'s report.
///
/// # Errors
/// Field errors (number, comment); [`Key::LookupCategoryInvalid`];
/// [`Key::LookupAlreadyReported`] within 30 days of their last report on
/// the number; the daily report limit; database errors.
pub async fn report(
    cx: &Cx,
    member: &user::Model,
    input: NewReport<'_>,
) -> Result<(), ServiceError> {
    let mut errors = FieldErrors::default();
    let e164 = parse_number(input.country, input.phone);
    if let Err(ServiceError::Fields(e)) = &e164 {
        errors = e.clone();
    }
    let comment = input.comment.trim();
    check_comment(comment, &mut errors);
    if !errors.is_empty() {
        return Err(ServiceError::Fields(errors));
    }
    let e164 = e164?;
    let category = SpamCategory::from_code(input.category)
        .ok_or(ServiceError::Invalid(Key::LookupCategoryInvalid))?;
    let weight = score::trust(reporter(&cx.db, member, cx.now).await?);
    let txn = cx.db.begin().await?;
    let daily = Rule::per_minutes(cx.config.lookup.reports_per_account_day, 24 * 60);
    limits::take(
        &txn,
        &format!("spam-reports:user:{}", member.id),
        daily,
        cx.now,
    )
    .await?;
    limits::take(
        &txn,
        &format!("spam-report:{}:{e164}", member.id),
        ONE_PER_NUMBER,
        cx.now,
    )
    .await
    .map_err(|e| {
        if matches!(e, ServiceError::RateLimited { .. }) {
            ServiceError::Invalid(Key::LookupAlreadyReported)
        } else {
            e
        }
    })?;
    let e164_key = e164.clone();
    let row = report::ActiveModel {
        phone_e164: Set(e164),
        reporter_id: Set(member.id),
        category: Set(category.code().to_owned()),
        comment: Set(comment.to_owned()),
        weight: Set(weight),
        status: Set(VISIBLE.to_owned()),
        created_at: Set(cx.now),
        ..Default::default()
    };
    report::Entity::insert(row)
        .exec_without_returning(&txn)
        .await?;
    txn.commit().await?;
    super::forget_facts(cx, &e164_key);
    Ok(())
}

#[derive(Debug, FromQueryResult)]
struct Count {
    n: i64,
}

/// What trust depends on, read for `member` now.
async fn reporter(
    db: &impl ConnectionTrait,
    member: &user::Model,
    now: i64,
) -> Result<Reporter, ServiceError> {
    let removed = report::Entity::find()
        .filter(report::Column::ReporterId.eq(member.id))
        .filter(report::Column::Status.eq(REMOVED))
        .count(db)
        .await?;
    // Their visible reports on numbers someone else reported too.
    let sql = "SELECT COUNT(*) AS n FROM spam_reports r WHERE r.reporter_id = $1 AND r.status = 'visible' AND EXISTS \
               (SELECT 1 FROM spam_reports o WHERE o.phone_e164 = r.phone_e164 AND o.reporter_id <> r.reporter_id AND o.status = 'visible')";
    let backend = db.get_database_backend();
    let sql = if backend == DbBackend::Postgres {
        sql.to_owned()
    } else {
        sql.replace("$1", "?")
    };
    let corroborated = Count::find_by_statement(Statement::from_sql_and_values(
        backend,
        sql,
        [member.id.into()],
    ))
    .one(db)
    .await?
    .map_or(0, |c| c.n);
    Ok(Reporter {
        has_paid: member.payment_count > 0,
        account_age_ms: now - member.created_at,
        corroborated: u32::try_from(corroborated).unwrap_or(u32::MAX),
        removed: u32::try_from(removed).unwrap_or(u32::MAX),
    })
}

/// The visible reports of `e164` as the score counts them, and whether
/// others wait for review.
///
/// # Errors
/// A database error.
pub async fn counted(
    db: &impl ConnectionTrait,
    e164: &str,
) -> Result<(Vec<Counted>, bool), ServiceError> {
    // One row, not one per report: the SQLite driver passes every row
    // between threads on its own, which made a lookup of a much-reported
    // number several times slower than one of a clean number.
    let backend = db.get_database_backend();
    let (aggregate, param) = if backend == DbBackend::Postgres {
        ("string_agg(x, ';')", "$1")
    } else {
        ("group_concat(x, ';')", "?")
    };
    let sql = format!(
        "SELECT {aggregate} AS n FROM (SELECT reporter_id || ',' || category || ',' || weight || ',' || created_at || ',' || status AS x \
         FROM spam_reports WHERE phone_e164 = {param} AND status IN ('{VISIBLE}', '{DISPUTED}') ORDER BY created_at DESC LIMIT {VERDICT_WINDOW}) newest"
    );
    let packed =
        Packed::find_by_statement(Statement::from_sql_and_values(backend, sql, [e164.into()]))
            .one(db)
            .await?
            .and_then(|p| p.n);
    Ok(unpack(packed.as_deref().unwrap_or_default()))
}

/// The reports packed as `reporter,category,weight,created_at,status;…`:
/// the visible ones as the score counts them, and whether any is disputed.
fn unpack(packed: &str) -> (Vec<Counted>, bool) {
    let mut under_review = false;
    let mut counted = Vec::new();
    for report in packed.split(';').filter(|r| !r.is_empty()) {
        let mut parts = report.split(',');
        let (Some(reporter), Some(category), Some(weight), Some(created_at), Some(status)) = (
            parts.next(),
            parts.next(),
            parts.next(),
            parts.next(),
            parts.next(),
        ) else {
            continue;
        };
        if status == DISPUTED {
            under_review = true;
            continue;
        }
        let parsed = (
            reporter.parse(),
            SpamCategory::from_code(category),
            weight.parse(),
            created_at.parse(),
        );
        if let (Ok(reporter_id), Some(category), Ok(weight), Ok(created_at)) = parsed {
            counted.push(Counted {
                reporter_id,
                category,
                weight,
                created_at,
            });
        }
    }
    (counted, under_review)
}

#[derive(Debug, FromQueryResult)]
struct Packed {
    n: Option<String>,
}
