//! Filing an abuse report for the console's queue: one report per source,
//! subject and reporting number (filing the same one twice is one report).
//! The console decides them (`services::console::abuse`).
use crate::persistence::entities::abuse_report;
use crate::services::ServiceError;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveValue::Set, ConnectionTrait, EntityTrait};

/// The status of a report nobody decided yet.
pub const OPEN: &str = "open";

/// A report to file.
#[derive(Clone, Copy, Debug)]
pub struct NewReport<'a> {
    /// What is reported: `locate_sms`, `voice_message`, `spam_dispute`.
    pub source: &'static str,
    /// The row of that source (request, message, spam report).
    pub subject_id: i64,
    /// The member the report is about, when one is.
    pub accused_user_id: Option<i64>,
    /// The number that reported it.
    pub reporter_e164: &'a str,
}

/// Files `report` as open at `now`, unless the same one is filed already.
///
/// # Errors
/// A database error.
pub async fn file(
    db: &impl ConnectionTrait,
    report: NewReport<'_>,
    now: i64,
) -> Result<(), ServiceError> {
    let new = abuse_report::ActiveModel {
        source: Set(report.source.to_owned()),
        subject_id: Set(report.subject_id),
        accused_user_id: Set(report.accused_user_id),
        reporter_e164: Set(report.reporter_e164.to_owned()),
        status: Set(OPEN.to_owned()),
        created_at: Set(now),
        ..Default::default()
    };
    let once = OnConflict::columns([
        abuse_report::Column::Source,
        abuse_report::Column::SubjectId,
        abuse_report::Column::ReporterE164,
    ])
    .do_nothing()
    .to_owned();
    abuse_report::Entity::insert(new)
        .on_conflict(once)
        .exec_without_returning(db)
        .await?;
    Ok(())
}
