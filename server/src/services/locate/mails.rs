//! The e-mail to a member when the owner of the number answered their
//! request (shared, declined or blocked), sent only when the member asked
//! for it on the request. Queued in the transaction of the owner's answer
//! (one job per answer: a request is answered once), rendered by the job
//! worker from the rows as they are then; at least once, and a repeat
//! carries the same `Message-ID` so the receiver keeps one.
use super::{display_phone, effective_status};
use crate::mail::templates::{locate_answer, Brand};
use crate::mail::Mailer;
use crate::persistence::entities::{locate_request as request, user};
use crate::services::job_queue::{self, JobKind};
use crate::services::{Cx, ServiceError};
use app_core::i18n::{t, Locale};
use app_core::model::locate::LocateStatus;
use app_core::routes::{href, Page};
use sea_orm::{ConnectionTrait, EntityTrait};
use serde::{Deserialize, Serialize};

/// The job: which request was answered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnswerMail {
    pub request_id: i64,
}

impl JobKind for AnswerMail {
    const KIND: &'static str = "locate_answer_mail";
}

/// Queues the mail for `row`, answered now, when its requester asked for
/// it. Call in the answer's transaction, then wake the job worker.
///
/// # Errors
/// A database error.
pub(super) async fn queue(
    db: &impl ConnectionTrait,
    row: &request::Model,
    now: i64,
) -> Result<bool, ServiceError> {
    if !row.notify_email {
        return Ok(false);
    }
    job_queue::enqueue(db, &AnswerMail { request_id: row.id }, now).await?;
    Ok(true)
}

/// Runs an [`AnswerMail`] job: the answer as the member's dashboard names
/// it, in the member's language (nothing for a request or account gone, or
/// a request that is not answered).
///
/// # Errors
/// A database error; a mail that could not be sent.
pub async fn send(
    cx: &Cx,
    mailer: &Mailer,
    brand: &Brand,
    job: &AnswerMail,
) -> Result<(), ServiceError> {
    let Some(row) = request::Entity::find_by_id(job.request_id)
        .one(&cx.db)
        .await?
    else {
        return Ok(());
    };
    let status = effective_status(&row, cx.now);
    if !matches!(
        status,
        LocateStatus::Located | LocateStatus::Declined | LocateStatus::Blocked
    ) {
        return Ok(());
    }
    let Some(member) = user::Entity::find_by_id(row.requester_id)
        .one(&cx.db)
        .await?
    else {
        return Ok(());
    };
    let locale = Locale::from_code(&member.locale).unwrap_or_default();
    let link = format!(
        "{}{}",
        cx.config.public_base_url,
        href(locale, Page::DashboardLocations)
    );
    let mail = locate_answer(
        locale,
        &member.email,
        &display_phone(&row.phone_e164),
        t(locale, status.label_key()),
        &link,
        brand,
    );
    mailer.send(mail).await.map_err(|e| {
        tracing::error!(error = %e, "locate answer e-mail not sent");
        ServiceError::Busy {
            retry_after_secs: 60,
        }
    })
}
