//! Changing a password, and resetting a forgotten one with an e-mailed code.
use super::sessions::NewSession;
use super::{abuse, secrets, sessions, users, AuthSession, ClientInfo};
use crate::mail::templates::{self, Brand};
use crate::mail::Mailer;
use crate::persistence::entities::{password_reset_code as code_row, user};
use crate::services::job_queue::{self, JobKind};
use crate::services::{limits, Cx};
use crate::services::{sealed, ServiceError};
use crate::tokens;
use app_core::account::validation::{
    validate_code, validate_email, validate_password_into, FieldErrors, Slot,
};
use app_core::i18n::{Key, Locale};
use sea_orm::sea_query::{Expr, ExprTrait as _};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, TransactionTrait,
};
use serde::{Deserialize, Serialize};

/// Changes the signed-in user's password (the old one is required) and ends
/// their other sessions. Wrong old passwords count like wrong logins.
///
/// # Errors
/// [`ServiceError::Fields`] for a malformed new password or a wrong old one;
/// [`ServiceError::RateLimited`] after too many wrong old passwords;
/// [`ServiceError::Busy`] when no hashing slot is free.
pub async fn change(
    cx: &Cx,
    auth: &AuthSession,
    old_password: &str,
    new_password: &str,
) -> Result<(), ServiceError> {
    let mut errors = FieldErrors::default();
    if old_password.is_empty() {
        errors.set(Slot::Password, Some(Key::ValidatePassword));
    }
    validate_password_into(new_password, Slot::NewPassword, &mut errors);
    if !errors.is_empty() {
        return Err(ServiceError::Fields(errors));
    }
    let key = format!("password-change:{}", auth.user.id);
    limits::take(&cx.db, &key, abuse::LOGIN_FAILURES_PER_CLIENT, cx.now).await?;
    let stored = Some(auth.user.password_hash.clone());
    let verified =
        secrets::verify_password(old_password.to_owned(), stored, cx.config.hash_wait()).await;
    if !matches!(verified, Ok(false)) {
        limits::give_back(&cx.db, &key).await?;
    }
    if !verified? {
        errors.set(Slot::Password, Some(Key::ErrorWrongPassword));
        return Err(ServiceError::Fields(errors));
    }
    set_password(cx, auth.user.id, new_password).await?;
    sessions::end_others(&cx.db, auth.user.id, Some(auth.session.id)).await
}

/// The job that looks up the account and mails its code, off the request.
#[derive(Debug, Serialize, Deserialize)]
pub struct ResetCodeMail {
    pub email: String,
}

impl JobKind for ResetCodeMail {
    const KIND: &'static str = "reset_code_mail";
}

/// Asks for a reset code. The request does the same work whether or not the
/// address has an account (limits, then one queued job), so neither the
/// answer nor its timing tells; the job looks the account up and mails.
///
/// # Errors
/// [`ServiceError::Fields`] for a malformed address; [`ServiceError::RateLimited`].
pub async fn send_reset_code(
    cx: &Cx,
    email: &str,
    client: &ClientInfo,
) -> Result<(), ServiceError> {
    let mut errors = FieldErrors::default();
    if validate_email(email, &mut errors).is_some() {
        return Err(ServiceError::Fields(errors));
    }
    let normalized = users::normalize_email(email);
    let email_key = format!("code-sent:account:{}", tokens::digest(&[&normalized]));
    let ip_key = format!("code-sent:ip:{}", client.ip_bucket());
    let txn = cx.db.begin().await?;
    limits::take_all(
        &txn,
        &[
            (&email_key, abuse::CODES_SENT_PER_EMAIL),
            (&ip_key, abuse::CODES_SENT_PER_IP),
        ],
        cx.now,
    )
    .await?;
    job_queue::enqueue(&txn, &ResetCodeMail { email: normalized }, cx.now).await?;
    txn.commit().await?;
    job_queue::wake(cx);
    Ok(())
}

/// Runs a [`ResetCodeMail`] job: a code for the account, if there is one,
/// mailed in its language. One live code per account. A repeat of the same
/// job (its worker died after the mail left) sends the same code again, so
/// whichever copy the receiver keeps works.
///
/// # Errors
/// A database error; a mail that could not be sent.
pub async fn mail_reset_code(
    cx: &Cx,
    mailer: &Mailer,
    brand: &Brand,
    job: &ResetCodeMail,
) -> Result<(), ServiceError> {
    let Some(user) = users::find_by_email(&cx.db, &job.email).await? else {
        return Ok(());
    };
    let code = match code_of_job(cx, user.id, mailer.job_key()).await? {
        Some(code) => code,
        None => new_code_row(cx, user.id, mailer.job_key()).await?,
    };
    let locale = Locale::from_code(&user.locale).unwrap_or_default();
    let minutes = u32::try_from(abuse::CODE_TTL_MS / 60_000).unwrap_or(15);
    let message = templates::reset_code(locale, &user.email, &code, minutes, brand);
    mailer.send(message).await.map_err(|e| {
        tracing::error!(error = %e, "reset code e-mail not sent");
        ServiceError::Busy {
            retry_after_secs: 60,
        }
    })
}

/// The live code an earlier run of this job made, if any.
async fn code_of_job(
    cx: &Cx,
    user_id: i64,
    job_key: Option<&str>,
) -> Result<Option<String>, ServiceError> {
    let Some(job_key) = job_key else {
        return Ok(None);
    };
    let row = code_row::Entity::find()
        .filter(code_row::Column::UserId.eq(user_id))
        .filter(code_row::Column::JobKey.eq(job_key))
        .filter(code_row::Column::UsedAt.is_null())
        .filter(code_row::Column::ExpiresAt.gt(cx.now))
        .one(&cx.db)
        .await?;
    let sealed = row.and_then(|r| r.code_sealed);
    Ok(sealed.and_then(|s| cx.config.secrets.open(sealed::RESET_CODE, &s).ok()))
}

/// A fresh code replacing the account's others; returns it.
async fn new_code_row(
    cx: &Cx,
    user_id: i64,
    job_key: Option<&str>,
) -> Result<String, ServiceError> {
    let code = tokens::new_code();
    let txn = cx.db.begin().await?;
    code_row::Entity::delete_many()
        .filter(code_row::Column::UserId.eq(user_id))
        .exec(&txn)
        .await?;
    let row = code_row::ActiveModel {
        user_id: Set(user_id),
        code_hash: Set(code_digest(user_id, &code)),
        attempts: Set(0),
        expires_at: Set(cx.now + abuse::CODE_TTL_MS),
        used_at: Set(None),
        created_at: Set(cx.now),
        job_key: Set(job_key.map(str::to_owned)),
        code_sealed: Set(job_key.map(|_| cx.config.secrets.seal(sealed::RESET_CODE, &code))),
        ..Default::default()
    };
    code_row::Entity::insert(row).exec(&txn).await?;
    txn.commit().await?;
    Ok(code)
}

/// Sets a new password with an e-mailed code and signs the owner in: the
/// code proves the address, so it works even while strangers keep the
/// account's wrong-password ceiling full. A code works once, before it
/// expires, for at most five tries; every other session of the account ends
/// and its wrong-password ceiling is cleared.
///
/// # Errors
/// [`ServiceError::Fields`] for malformed input or a wrong, used or expired
/// code (one message for all three); [`ServiceError::RateLimited`].
pub async fn reset_with_code(
    cx: &Cx,
    email: &str,
    code: &str,
    new_password: &str,
    client: &ClientInfo,
) -> Result<NewSession, ServiceError> {
    let mut errors = FieldErrors::default();
    validate_email(email, &mut errors);
    validate_code(code, &mut errors);
    validate_password_into(new_password, Slot::NewPassword, &mut errors);
    if !errors.is_empty() {
        return Err(ServiceError::Fields(errors));
    }
    let ip_key = format!("code-check:ip:{}", client.ip_bucket());
    let account_key = format!(
        "code-check:account:{}",
        tokens::digest(&[&users::normalize_email(email)])
    );
    let keys = [
        (ip_key.as_str(), abuse::CODE_FAILURES_PER_IP),
        (account_key.as_str(), abuse::CODE_FAILURES_PER_ACCOUNT),
    ];
    let txn = cx.db.begin().await?;
    limits::take_all(&txn, &keys, cx.now).await?;
    txn.commit().await?;
    let Some(user_id) = spend_code(cx, email, code).await? else {
        errors.set(Slot::Code, Some(Key::ErrorCodeWrong));
        return Err(ServiceError::Fields(errors));
    };
    limits::give_back(&cx.db, &ip_key).await?;
    set_password(cx, user_id, new_password).await?;
    limits::reset(&cx.db, &account_key).await?;
    sessions::clear_login_failures(&cx.db, email).await?;
    sessions::end_others(&cx.db, user_id, None).await?;
    let user = user::Entity::find_by_id(user_id)
        .one(&cx.db)
        .await?
        .ok_or(ServiceError::NotFound)?;
    sessions::start(&cx.db, user, client, cx.now).await
}

/// Spends the account's live code when `code` is it (of two concurrent uses
/// only one updates the row); a wrong code uses up one of its tries.
async fn spend_code(cx: &Cx, email: &str, code: &str) -> Result<Option<i64>, ServiceError> {
    let Some(user) = users::find_by_email(&cx.db, email).await? else {
        return Ok(None);
    };
    let live = code_row::Entity::find()
        .filter(code_row::Column::UserId.eq(user.id))
        .filter(code_row::Column::UsedAt.is_null())
        .filter(code_row::Column::ExpiresAt.gt(cx.now))
        .filter(code_row::Column::Attempts.lt(abuse::CODE_MAX_ATTEMPTS))
        .order_by_desc(code_row::Column::Id)
        .one(&cx.db)
        .await?;
    let Some(row) =
        live.filter(|row| tokens::same_secret(&row.code_hash, &code_digest(user.id, code.trim())))
    else {
        code_row::Entity::update_many()
            .col_expr(
                code_row::Column::Attempts,
                Expr::col(code_row::Column::Attempts).add(1),
            )
            .filter(code_row::Column::UserId.eq(user.id))
            .filter(code_row::Column::UsedAt.is_null())
            .exec(&cx.db)
            .await?;
        return Ok(None);
    };
    let spent = code_row::Entity::update_many()
        .col_expr(code_row::Column::UsedAt, Expr::value(cx.now))
        .filter(code_row::Column::Id.eq(row.id))
        .filter(code_row::Column::UsedAt.is_null())
        .exec(&cx.db)
        .await?;
    Ok((spent.rows_affected == 1).then_some(user.id))
}

async fn set_password(cx: &Cx, user_id: i64, password: &str) -> Result<(), ServiceError> {
    let hash = secrets::hash_password(password.to_owned(), cx.config.hash_wait()).await?;
    user::Entity::update_many()
        .col_expr(user::Column::PasswordHash, Expr::value(hash))
        .col_expr(user::Column::UpdatedAt, Expr::value(cx.now))
        .filter(user::Column::Id.eq(user_id))
        .exec(&cx.db)
        .await?;
    Ok(())
}

/// Codes are short, so their digest is keyed with the user: a leaked table
/// row cannot be matched against a precomputed list of all codes at once.
fn code_digest(user_id: i64, code: &str) -> String {
    tokens::digest(&["reset-code", &user_id.to_string(), code])
}
