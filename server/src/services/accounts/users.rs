//! Creating and finding accounts. Accounts come from checkout later; until
//! then from `server user create` (README).
use super::secrets;
use crate::persistence::entities::user::{self, Column, Entity};
use crate::services::ServiceError;
use app::account::validation::{validate_email, validate_password, FieldErrors};
use app::i18n::{Key, Locale};
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

/// The unique form of an e-mail: trimmed, lower-cased (uniqueness is case-insensitive).
pub fn normalize_email(email: &str) -> String {
    email.trim().to_lowercase()
}

/// What a new account needs.
#[derive(Clone, Debug)]
pub struct NewUser {
    pub email: String,
    pub password: String,
    pub locale: Locale,
    pub payment_count: i32,
    /// Subscription expiry, ms since the Unix epoch.
    pub vip_time: i64,
}

/// Creates an account after checking the e-mail and password rules.
///
/// # Errors
/// [`ServiceError::Fields`] for a bad e-mail or password, [`ServiceError::Invalid`]
/// with [`Key::ErrorEmailTaken`] when the address has an account; database errors.
pub async fn create(db: &impl ConnectionTrait, new: NewUser, now: i64) -> Result<user::Model, ServiceError> {
    let mut errors = FieldErrors::default();
    validate_email(&new.email, &mut errors);
    validate_password(&new.password, &mut errors);
    if !errors.is_empty() {
        return Err(ServiceError::Fields(errors));
    }
    let normalized = normalize_email(&new.email);
    if find_by_email(db, &normalized).await?.is_some() {
        return Err(ServiceError::Invalid(Key::ErrorEmailTaken));
    }
    let row = user::ActiveModel {
        email: Set(new.email.trim().to_owned()),
        email_normalized: Set(normalized),
        password_hash: Set(secrets::hash_password(new.password, secrets::DEFAULT_HASH_WAIT).await?),
        payment_count: Set(new.payment_count),
        vip_time: Set(new.vip_time),
        locale: Set(new.locale.code().to_owned()),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    };
    Ok(Entity::insert(row).exec_with_returning(db).await?)
}

/// The account of an e-mail, matched case-insensitively.
///
/// # Errors
/// A database error.
pub async fn find_by_email(db: &impl ConnectionTrait, email: &str) -> Result<Option<user::Model>, ServiceError> {
    Ok(Entity::find().filter(Column::EmailNormalized.eq(normalize_email(email))).one(db).await?)
}

/// What `GET /portal/user/checkEmail/{email}` answers: only whether the
/// address is well-formed. Whether it has an account is never said to a
/// stranger: checkout attaches an order to an existing account and tells its
/// owner by e-mail instead.
pub fn check_email(email: &str) -> Result<(), ServiceError> {
    let mut errors = FieldErrors::default();
    match validate_email(email, &mut errors) {
        Some(_) => Err(ServiceError::Fields(errors)),
        None => Ok(()),
    }
}
