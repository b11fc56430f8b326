//! Changing a password, and resetting a forgotten one with an e-mailed code.
use super::{limits, rate_limit, secrets, sessions, users, AuthSession, ClientInfo};
use crate::mail::templates::{self, Brand};
use crate::mail::Mailer;
use crate::persistence::entities::{password_reset_code as code_row, user};
use crate::services::ServiceError;
use app::account::validation::{validate_code, validate_email, validate_password_into, FieldErrors, Slot};
use app::i18n::{Key, Locale};
use sea_orm::sea_query::{Expr, ExprTrait as _};
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use std::sync::Arc;

/// Changes the signed-in user's password (the old one is required) and ends
/// their other sessions.
///
/// # Errors
/// [`ServiceError::Fields`] for a malformed new password or a wrong old one;
/// [`ServiceError::RateLimited`] after too many wrong old passwords.
pub async fn change(
    db: &impl ConnectionTrait,
    auth: &AuthSession,
    old_password: &str,
    new_password: &str,
    now: i64,
) -> Result<(), ServiceError> {
    let mut errors = FieldErrors::default();
    if old_password.is_empty() {
        errors.set(Slot::Password, Some(Key::ValidatePassword));
    }
    validate_password_into(new_password, Slot::NewPassword, &mut errors);
    if !errors.is_empty() {
        return Err(ServiceError::Fields(errors));
    }
    let key = format!("password:account:{}", auth.user.id);
    rate_limit::check(db, &key, limits::LOGIN_FAILURES_PER_ACCOUNT, now).await?;
    if !secrets::verify_password(old_password.to_owned(), Some(auth.user.password_hash.clone())).await {
        rate_limit::record(db, &key, limits::LOGIN_FAILURES_PER_ACCOUNT, now).await?;
        errors.set(Slot::Password, Some(Key::ErrorWrongPassword));
        return Err(ServiceError::Fields(errors));
    }
    set_password(db, auth.user.id, new_password, now).await?;
    sessions::end_others(db, auth.user.id, Some(auth.session.id)).await
}

/// E-mails a reset code when the address has an account. The answer is the
/// same either way, and the mail leaves in the background so the response
/// time does not tell either.
///
/// # Errors
/// [`ServiceError::Fields`] for a malformed address; [`ServiceError::RateLimited`].
pub async fn send_reset_code(
    db: &impl ConnectionTrait,
    mailer: Arc<Mailer>,
    brand: &Brand,
    email: &str,
    client: &ClientInfo,
    now: i64,
) -> Result<(), ServiceError> {
    let mut errors = FieldErrors::default();
    if validate_email(email, &mut errors).is_some() {
        return Err(ServiceError::Fields(errors));
    }
    let email_key = format!("code-sent:account:{}", secrets::digest(&[&users::normalize_email(email)]));
    let ip_key = format!("code-sent:ip:{}", client.ip_bucket());
    rate_limit::check(db, &email_key, limits::CODES_SENT_PER_EMAIL, now).await?;
    rate_limit::check(db, &ip_key, limits::CODES_SENT_PER_IP, now).await?;
    rate_limit::record(db, &email_key, limits::CODES_SENT_PER_EMAIL, now).await?;
    rate_limit::record(db, &ip_key, limits::CODES_SENT_PER_IP, now).await?;

    let Some(user) = users::find_by_email(db, email).await? else { return Ok(()) };
    // One live code per account: a new one replaces the old.
    code_row::Entity::delete_many().filter(code_row::Column::UserId.eq(user.id)).exec(db).await?;
    let code = secrets::new_code();
    let row = code_row::ActiveModel {
        user_id: Set(user.id),
        code_hash: Set(code_digest(user.id, &code)),
        attempts: Set(0),
        expires_at: Set(now + limits::CODE_TTL_MS),
        used_at: Set(None),
        created_at: Set(now),
        ..Default::default()
    };
    code_row::Entity::insert(row).exec(db).await?;
    let locale = Locale::from_code(&user.locale).unwrap_or_default();
    let minutes = u32::try_from(limits::CODE_TTL_MS / 60_000).unwrap_or(15);
    let message = templates::reset_code(locale, &user.email, &code, minutes, brand);
    tokio::spawn(async move {
        if let Err(e) = mailer.send(message).await {
            tracing::error!(error = %e, "reset code e-mail not sent");
        }
    });
    Ok(())
}

/// Sets a new password with an e-mailed code. A code works once, before it
/// expires, for at most five tries; every session of the account ends.
///
/// # Errors
/// [`ServiceError::Fields`] for malformed input or a wrong, used or expired
/// code (one message for all three); [`ServiceError::RateLimited`].
pub async fn reset_with_code(
    db: &impl ConnectionTrait,
    email: &str,
    code: &str,
    new_password: &str,
    client: &ClientInfo,
    now: i64,
) -> Result<(), ServiceError> {
    let mut errors = FieldErrors::default();
    validate_email(email, &mut errors);
    validate_code(code, &mut errors);
    validate_password_into(new_password, Slot::NewPassword, &mut errors);
    if !errors.is_empty() {
        return Err(ServiceError::Fields(errors));
    }
    let ip_key = format!("code-check:ip:{}", client.ip_bucket());
    let account_key = format!("code-check:account:{}", secrets::digest(&[&users::normalize_email(email)]));
    rate_limit::check(db, &ip_key, limits::CODE_FAILURES_PER_IP, now).await?;
    rate_limit::check(db, &account_key, limits::CODE_FAILURES_PER_ACCOUNT, now).await?;

    let user = users::find_by_email(db, email).await?;
    let live = match &user {
        Some(user) => code_row::Entity::find()
            .filter(code_row::Column::UserId.eq(user.id))
            .filter(code_row::Column::UsedAt.is_null())
            .filter(code_row::Column::ExpiresAt.gt(now))
            .filter(code_row::Column::Attempts.lt(limits::CODE_MAX_ATTEMPTS))
            .order_by_desc(code_row::Column::Id)
            .one(db)
            .await?
            .map(|row| (user.id, row)),
        None => None,
    };
    let matched = live.filter(|(user_id, row)| secrets::same_secret(&row.code_hash, &code_digest(*user_id, code.trim())));
    let Some((user_id, row)) = matched else {
        if let Some(user) = &user {
            code_row::Entity::update_many()
                .col_expr(code_row::Column::Attempts, Expr::col(code_row::Column::Attempts).add(1))
                .filter(code_row::Column::UserId.eq(user.id))
                .filter(code_row::Column::UsedAt.is_null())
                .exec(db)
                .await?;
        }
        rate_limit::record(db, &ip_key, limits::CODE_FAILURES_PER_IP, now).await?;
        rate_limit::record(db, &account_key, limits::CODE_FAILURES_PER_ACCOUNT, now).await?;
        errors.set(Slot::Code, Some(Key::ErrorCodeWrong));
        return Err(ServiceError::Fields(errors));
    };
    // Spend the code first: of two concurrent uses only one updates a row.
    let spent = code_row::Entity::update_many()
        .col_expr(code_row::Column::UsedAt, Expr::value(now))
        .filter(code_row::Column::Id.eq(row.id))
        .filter(code_row::Column::UsedAt.is_null())
        .exec(db)
        .await?;
    if spent.rows_affected != 1 {
        errors.set(Slot::Code, Some(Key::ErrorCodeWrong));
        return Err(ServiceError::Fields(errors));
    }
    set_password(db, user_id, new_password, now).await?;
    rate_limit::reset(db, &account_key).await?;
    sessions::end_others(db, user_id, None).await
}

async fn set_password(db: &impl ConnectionTrait, user_id: i64, password: &str, now: i64) -> Result<(), ServiceError> {
    let hash = secrets::hash_password(password.to_owned()).await;
    user::Entity::update_many()
        .col_expr(user::Column::PasswordHash, Expr::value(hash))
        .col_expr(user::Column::UpdatedAt, Expr::value(now))
        .filter(user::Column::Id.eq(user_id))
        .exec(db)
        .await?;
    Ok(())
}

/// Codes are short, so their digest is keyed with the user: a leaked table
/// row cannot be matched against a precomputed list of all codes at once.
fn code_digest(user_id: i64, code: &str) -> String {
    secrets::digest(&["reset-code", &user_id.to_string(), code])
}
