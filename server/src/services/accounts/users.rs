//! Creating and finding accounts. Accounts come from checkout later; until
//! then from `server user create` (README).
use super::secrets;
use crate::persistence::entities::user::{self, Column, Entity};
use crate::services::ServiceError;
use app_core::account::validation::{validate_email, validate_password, FieldErrors};
use app_core::i18n::{Key, Locale};
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

/// Whether `member` may use the paid features now: a trialing or active
/// subscription, or a cancelled one whose paid period has not ended.
pub fn has_access(member: &user::Model, now: i64) -> bool {
    member.vip_time > now
}

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
pub async fn create(
    db: &impl ConnectionTrait,
    new: NewUser,
    now: i64,
) -> Result<user::Model, ServiceError> {
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
    let password_hash = secrets::hash_password(new.password, secrets::DEFAULT_HASH_WAIT).await?;
    let row = user::ActiveModel {
        payment_count: Set(new.payment_count),
        vip_time: Set(new.vip_time),
        ..new_row(&new.email, password_hash, new.locale.code(), now)
    };
    Ok(Entity::insert(row).exec_with_returning(db).await?)
}

/// The row of a new account: the e-mail as typed (trimmed) and in its
/// unique form, no payment and no access yet.
fn new_row(email: &str, password_hash: String, locale: &str, now: i64) -> user::ActiveModel {
    user::ActiveModel {
        email: Set(email.trim().to_owned()),
        email_normalized: Set(normalize_email(email)),
        password_hash: Set(password_hash),
        payment_count: Set(0),
        vip_time: Set(0),
        locale: Set(locale.to_owned()),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
}

/// A stored password hash that no password matches: accounts created by
/// checkout have none until their owner sets one (the welcome e-mail's link).
pub const NO_PASSWORD: &str = "!";

/// Creates the account a first payment opens: no password yet.
///
/// # Errors
/// A database error (a unique violation if the e-mail was taken meanwhile).
pub async fn create_without_password(
    db: &impl ConnectionTrait,
    email: &str,
    locale: &str,
    now: i64,
) -> Result<user::Model, ServiceError> {
    let row = new_row(email, NO_PASSWORD.to_owned(), locale, now);
    Ok(Entity::insert(row).exec_with_returning(db).await?)
}

/// Records a paid period: one more payment, access at least until `until`.
///
/// # Errors
/// A database error.
pub async fn add_paid_time(
    db: &impl ConnectionTrait,
    id: i64,
    until: i64,
    now: i64,
) -> Result<(), ServiceError> {
    use sea_orm::sea_query::{Expr, ExprTrait as _, Func};
    update_of(id, now)
        .col_expr(Column::PaymentCount, Expr::col(Column::PaymentCount).add(1))
        .col_expr(
            Column::VipTime,
            Func::greatest([Expr::col(Column::VipTime), Expr::value(until)]).into(),
        )
        .exec(db)
        .await?;
    Ok(())
}

/// Sets when access ends (a refund ends it now; a cancel keeps the period).
///
/// # Errors
/// A database error.
pub async fn set_access_until(
    db: &impl ConnectionTrait,
    id: i64,
    until: i64,
    now: i64,
) -> Result<(), ServiceError> {
    use sea_orm::sea_query::Expr;
    update_of(id, now)
        .col_expr(Column::VipTime, Expr::value(until))
        .exec(db)
        .await?;
    Ok(())
}

/// An update of account `id` that stamps `updated_at` with `now`; the
/// caller adds what changes.
fn update_of(id: i64, now: i64) -> sea_orm::UpdateMany<Entity> {
    use sea_orm::sea_query::Expr;
    Entity::update_many()
        .col_expr(Column::UpdatedAt, Expr::value(now))
        .filter(Column::Id.eq(id))
}

/// The account of an e-mail, matched case-insensitively.
///
/// # Errors
/// A database error.
pub async fn find_by_email(
    db: &impl ConnectionTrait,
    email: &str,
) -> Result<Option<user::Model>, ServiceError> {
    Ok(Entity::find()
        .filter(Column::EmailNormalized.eq(normalize_email(email)))
        .one(db)
        .await?)
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
