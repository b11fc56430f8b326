//! Staff accounts, made and disabled by an operator on the command line
//! (`server staff create|disable`); the console itself cannot create staff.
use super::totp;
use crate::persistence::entities::{staff_session, staff_user as row};
use crate::secrets::Keyring;
use crate::services::accounts::{secrets, users::normalize_email};
use crate::services::{sealed, ServiceError};
use app_core::account::validation::{validate_email, validate_password, FieldErrors};
use app_core::i18n::Key;
use app_core::model::console::StaffRole;
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

/// A staff account just made: the TOTP secret is shown once, here.
#[derive(Clone, Debug)]
pub struct CreatedStaff {
    pub id: i64,
    pub email: String,
    pub totp_secret: String,
    pub otpauth_uri: String,
}

/// Makes a staff account with a fresh TOTP secret, kept sealed with `keys`.
///
/// # Errors
/// Field errors (e-mail, password); [`Key::ErrorEmailTaken`]; [`ServiceError::Busy`]
/// when no hashing slot is free; database errors.
pub async fn create(
    db: &impl ConnectionTrait,
    email: &str,
    password: &str,
    role: StaffRole,
    keys: &Keyring,
    now: i64,
) -> Result<CreatedStaff, ServiceError> {
    let mut errors = FieldErrors::default();
    validate_email(email, &mut errors);
    validate_password(password, &mut errors);
    if !errors.is_empty() {
        return Err(ServiceError::Fields(errors));
    }
    let normalized = normalize_email(email);
    if find(db, &normalized).await?.is_some() {
        return Err(ServiceError::Invalid(Key::ErrorEmailTaken));
    }
    let secret = totp::new_secret();
    let new = row::ActiveModel {
        email: Set(email.trim().to_owned()),
        email_normalized: Set(normalized),
        password_hash: Set(
            secrets::hash_password(password.to_owned(), secrets::DEFAULT_HASH_WAIT).await?,
        ),
        role: Set(role.code().to_owned()),
        totp_secret: Set(keys.seal(sealed::TOTP_SECRET, &secret)),
        totp_last_step: Set(0),
        disabled: Set(false),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    };
    let stored = row::Entity::insert(new).exec_with_returning(db).await?;
    let otpauth_uri = totp::otpauth_uri(&stored.email, &secret);
    Ok(CreatedStaff {
        id: stored.id,
        email: stored.email,
        totp_secret: secret,
        otpauth_uri,
    })
}

/// Disables a staff account and ends its sessions. `false` when there is none.
///
/// # Errors
/// A database error.
pub async fn disable(
    db: &impl ConnectionTrait,
    email: &str,
    now: i64,
) -> Result<bool, ServiceError> {
    let Some(found) = find(db, email).await? else {
        return Ok(false);
    };
    row::Entity::update_many()
        .col_expr(row::Column::Disabled, Expr::value(true))
        .col_expr(row::Column::UpdatedAt, Expr::value(now))
        .filter(row::Column::Id.eq(found.id))
        .exec(db)
        .await?;
    staff_session::Entity::delete_many()
        .filter(staff_session::Column::StaffId.eq(found.id))
        .exec(db)
        .await?;
    Ok(true)
}

/// The staff account of an e-mail, matched case-insensitively.
///
/// # Errors
/// A database error.
pub async fn find(
    db: &impl ConnectionTrait,
    email: &str,
) -> Result<Option<row::Model>, ServiceError> {
    Ok(row::Entity::find()
        .filter(row::Column::EmailNormalized.eq(normalize_email(email)))
        .one(db)
        .await?)
}
