//! The second factor's account-wide ceiling, mirroring the customers'
//! distributed-attack ceiling (`services::accounts::abuse`):
//! - A code is only looked at once the password was right, so only someone
//!   who knows the password can spend this ceiling: a stranger who knows
//!   an address cannot lock a staff member out.
//! - Per address, the sign-in limits of [`super::auth`] slow a guesser down;
//!   over all addresses, [`CODE_FAILURES_PER_ACCOUNT`] wrong codes an hour
//!   are evaluated. A unit is taken in the transaction of the check, before
//!   the code is compared, and given back when it was right, so of any burst
//!   exactly the ceiling is evaluated.
//! - The attempt after the ceiling locks the account: every code is refused,
//!   the right one too, and each active administrator is sent one alert
//!   mail, queued in the locking transaction. Only an operator unlocks it
//!   (`server staff unlock`), never a sign-in.
use super::totp;
use crate::mail::templates::{staff_locked, Brand};
use crate::mail::Mailer;
use crate::persistence::entities::staff_user;
use crate::services::job_queue::{self, JobKind};
use crate::services::limits::{self, Rule};
use crate::services::sealed;
use crate::services::{Cx, ServiceError};
use app_core::i18n::{Key, Locale};
use app_core::model::console::StaffRole;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, TransactionTrait};
use serde::{Deserialize, Serialize};

/// Wrong codes for one staff account from every address, per hour.
pub const CODE_FAILURES_PER_ACCOUNT: Rule = Rule::per_minutes(10, 60);

/// The ceiling's counter of a staff account.
fn ceiling_key(staff_id: i64) -> String {
    format!("staff-totp:account:{staff_id}")
}

/// The answer to every attempt on a locked account.
fn locked() -> ServiceError {
    ServiceError::Invalid(Key::ConsoleApiSignInLocked)
}

/// The step of `code` if it is right for `member` (whose password was
/// right), counted against the account's ceiling; `None` when wrong.
///
/// # Errors
/// [`Key::ConsoleApiSignInLocked`] when the account is or becomes locked;
/// a database error.
pub async fn check_code(
    cx: &Cx,
    member: &staff_user::Model,
    code: &str,
) -> Result<Option<i64>, ServiceError> {
    let key = ceiling_key(member.id);
    let txn = cx.db.begin().await?;
    match limits::take(&txn, &key, CODE_FAILURES_PER_ACCOUNT, cx.now).await {
        Ok(()) => {}
        Err(ServiceError::RateLimited { .. }) => {
            let alerted = lock(&txn, member.id, cx.now).await?;
            txn.commit().await?;
            if alerted {
                job_queue::wake(cx);
            }
            return Err(locked());
        }
        Err(other) => return Err(other),
    }
    // Read under the counter's lock: a lock taken meanwhile is seen here.
    let current = staff_user::Entity::find_by_id(member.id)
        .one(&txn)
        .await?
        .ok_or(ServiceError::NotFound)?;
    if current.totp_locked_at.is_some() {
        // Not evaluated: the unit rolls back with the transaction.
        return Err(locked());
    }
    let secret = sealed::open(
        &cx.config.secrets,
        sealed::TOTP_SECRET,
        &current.totp_secret,
    )?;
    let step = totp::matching_step(&secret, code, cx.now, current.totp_last_step);
    if step.is_some() {
        limits::give_back(&txn, &key).await?;
    }
    txn.commit().await?;
    Ok(step)
}

/// Locks the account unless it is locked already and, when this call
/// locked it, queues one alert per active administrator. Returns whether
/// it locked it.
async fn lock(db: &impl ConnectionTrait, staff_id: i64, now: i64) -> Result<bool, ServiceError> {
    let changed = staff_user::Entity::update_many()
        .col_expr(staff_user::Column::TotpLockedAt, Expr::value(now))
        .col_expr(staff_user::Column::UpdatedAt, Expr::value(now))
        .filter(staff_user::Column::Id.eq(staff_id))
        .filter(staff_user::Column::TotpLockedAt.is_null())
        .exec(db)
        .await?;
    if changed.rows_affected != 1 {
        return Ok(false);
    }
    tracing::warn!(
        staff_id,
        "staff second factor locked after too many wrong codes"
    );
    let admins = staff_user::Entity::find()
        .filter(staff_user::Column::Role.eq(StaffRole::Admin.code()))
        .filter(staff_user::Column::Disabled.eq(false))
        .all(db)
        .await?;
    for admin in admins {
        let mail = StaffLockedMail {
            staff_id,
            admin_id: admin.id,
        };
        job_queue::enqueue(db, &mail, now).await?;
    }
    Ok(true)
}

/// Unlocks the staff account of `email` and clears its ceiling. `false`
/// when there is no such account.
///
/// # Errors
/// A database error.
pub async fn unlock(
    db: &impl ConnectionTrait,
    email: &str,
    now: i64,
) -> Result<bool, ServiceError> {
    let Some(found) = super::staff::find(db, email).await? else {
        return Ok(false);
    };
    staff_user::Entity::update_many()
        .col_expr(staff_user::Column::TotpLockedAt, Expr::value(None::<i64>))
        .col_expr(staff_user::Column::UpdatedAt, Expr::value(now))
        .filter(staff_user::Column::Id.eq(found.id))
        .exec(db)
        .await?;
    limits::reset(db, &ceiling_key(found.id)).await?;
    Ok(true)
}

/// The job: tell one administrator that one staff account was locked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StaffLockedMail {
    pub staff_id: i64,
    pub admin_id: i64,
}

impl JobKind for StaffLockedMail {
    const KIND: &'static str = "staff_locked_mail";
}

/// Runs a [`StaffLockedMail`] job (in English: staff have no locale).
///
/// # Errors
/// A database error; a mail that could not be sent.
pub async fn send_alert(
    cx: &Cx,
    mailer: &Mailer,
    brand: &Brand,
    job: &StaffLockedMail,
) -> Result<(), ServiceError> {
    let find = |id| staff_user::Entity::find_by_id(id).one(&cx.db);
    let (Some(locked), Some(admin)) = (find(job.staff_id).await?, find(job.admin_id).await?) else {
        return Ok(());
    };
    let mail = staff_locked(
        Locale::En,
        &admin.email,
        &locked.email,
        CODE_FAILURES_PER_ACCOUNT.limit,
        brand,
    );
    mailer.send(mail).await.map_err(|e| {
        tracing::error!(error = %e, "staff lock alert not sent");
        ServiceError::Busy {
            retry_after_secs: 60,
        }
    })
}
