//! Signing in and out, and recognising a session token on later calls.
use super::{abuse, secrets, users, ClientInfo};
use crate::persistence::entities::{session, user};
use crate::services::limits::{self, Rule};
use crate::services::Cx;
use crate::services::ServiceError;
use crate::tokens;
use app_core::account::validation::{validate_email, validate_password, FieldErrors, Slot};
use app_core::account::Viewer;
use app_core::i18n::Key;
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, TransactionTrait,
};

mod recognise;
pub use recognise::{authenticate, authenticate_counting, SessionCounts};

/// A valid session and its user.
#[derive(Clone, Debug)]
pub struct AuthSession {
    pub session: session::Model,
    pub user: user::Model,
}

impl AuthSession {
    /// The signed-in person as the UI shows them.
    pub fn viewer(&self) -> Viewer {
        Viewer {
            email: self.user.email.clone(),
            payment_count: i64::from(self.user.payment_count),
            vip_time: self.user.vip_time,
        }
    }
}

/// A session just created: the token exists only here and in the answer.
#[derive(Clone, Debug)]
pub struct NewSession {
    pub token: String,
    pub auth: AuthSession,
}

/// The limit keys one sign-in attempt counts against, with their rules.
fn login_limits(email: &str, client: &ClientInfo) -> [(String, Rule); 4] {
    let account = tokens::digest(&[&users::normalize_email(email)]);
    let ip = client.ip_bucket();
    [
        (
            format!("login:client:{account}:{ip}"),
            abuse::LOGIN_FAILURES_PER_CLIENT,
        ),
        (
            format!("login:client-day:{account}:{ip}"),
            abuse::LOGIN_FAILURES_PER_CLIENT_DAY,
        ),
        (format!("login:ip:{ip}"), abuse::LOGIN_FAILURES_PER_IP),
        (
            format!("login:account-day:{account}"),
            abuse::LOGIN_FAILURES_PER_ACCOUNT_DAY,
        ),
    ]
}

/// Signs in with e-mail and password. A wrong e-mail and a wrong password get
/// the same answer, in the same time. Each attempt takes a unit of every
/// limit before the password is checked; a right password gives them back
/// (see [`abuse`] for the design).
///
/// # Errors
/// [`ServiceError::Fields`] for malformed input, [`Key::ErrorLoginFailed`] for
/// wrong credentials, [`ServiceError::RateLimited`] after too many failures,
/// [`ServiceError::Busy`] when no hashing slot is free.
pub async fn login(
    cx: &Cx,
    email: &str,
    password: &str,
    client: &ClientInfo,
) -> Result<NewSession, ServiceError> {
    let (db, now) = (&cx.db, cx.now);
    let mut errors = FieldErrors::default();
    validate_email(email, &mut errors);
    validate_password(password, &mut errors);
    if !errors.is_empty() {
        return Err(ServiceError::Fields(errors));
    }
    let keys = login_limits(email, client);
    let refs: Vec<(&str, Rule)> = keys
        .iter()
        .map(|(key, rule)| (key.as_str(), *rule))
        .collect();
    let txn = db.begin().await?;
    limits::take_all(&txn, &refs, now).await?;
    txn.commit().await?;

    let user = users::find_by_email(db, email).await?;
    // Unknown accounts are checked against a dummy hash: same time, same answer.
    let stored = user.as_ref().map(|u| u.password_hash.clone());
    let verified =
        secrets::verify_password(password.to_owned(), stored, cx.config.hash_wait()).await;
    let verified = match verified {
        Ok(verified) => verified,
        Err(busy) => {
            // Not evaluated: the attempt does not count.
            give_back_all(db, &refs).await?;
            return Err(busy);
        }
    };
    // A suspended account hears what a wrong password hears.
    let Some(user) = user.filter(|u| verified && u.suspended_at.is_none()) else {
        errors.set(Slot::Form, Some(Key::ErrorLoginFailed));
        return Err(ServiceError::Fields(errors));
    };
    give_back_all(db, &refs).await?;
    start(db, user, client, now).await
}

async fn give_back_all(
    db: &impl ConnectionTrait,
    keys: &[(&str, Rule)],
) -> Result<(), ServiceError> {
    for (key, _) in keys {
        limits::give_back(db, key).await?;
    }
    Ok(())
}

/// Forgets the wrong passwords counted against `email` from everywhere
/// (after the owner proved the account with an e-mailed code).
///
/// # Errors
/// A database error.
pub async fn clear_login_failures(
    db: &impl ConnectionTrait,
    email: &str,
) -> Result<(), ServiceError> {
    let account = tokens::digest(&[&users::normalize_email(email)]);
    limits::reset(db, &format!("login:account-day:{account}")).await
}

/// Opens a session for `user` (login, a reset code, checkout's claim);
/// never for a suspended account.
///
/// # Errors
/// [`Key::ErrorLoginFailed`] for a suspended account; a database error.
pub async fn start(
    db: &impl ConnectionTrait,
    user: user::Model,
    client: &ClientInfo,
    now: i64,
) -> Result<NewSession, ServiceError> {
    if user.suspended_at.is_some() {
        let mut errors = FieldErrors::default();
        errors.set(Slot::Form, Some(Key::ErrorLoginFailed));
        return Err(ServiceError::Fields(errors));
    }
    let token = tokens::new_token();
    let row = session::ActiveModel {
        user_id: Set(user.id),
        token_hash: Set(tokens::digest(&[&token])),
        created_at: Set(now),
        expires_at: Set(now + abuse::SESSION_TTL_MS),
        last_seen_at: Set(now),
        user_agent: Set(client.user_agent.as_deref().map(|ua| truncate(ua, 255))),
        ..Default::default()
    };
    let session = session::Entity::insert(row).exec_with_returning(db).await?;
    Ok(NewSession {
        token,
        auth: AuthSession { session, user },
    })
}

/// One of the caller's own sessions. Someone else's answers "not found",
/// exactly like a session that does not exist.
///
/// # Errors
/// [`ServiceError::NotFound`]; a database error.
pub async fn detail(
    db: &impl ConnectionTrait,
    auth: &AuthSession,
    id: i64,
) -> Result<session::Model, ServiceError> {
    session::Entity::find_by_id(id)
        .filter(session::Column::UserId.eq(auth.user.id))
        .one(db)
        .await?
        .ok_or(ServiceError::NotFound)
}

/// Ends the caller's session.
///
/// # Errors
/// A database error.
pub async fn logout(db: &impl ConnectionTrait, auth: &AuthSession) -> Result<(), ServiceError> {
    session::Entity::delete_by_id(auth.session.id)
        .exec(db)
        .await?;
    Ok(())
}

/// Ends every session of `user_id` but `keep` (after a password change).
///
/// # Errors
/// A database error.
pub async fn end_others(
    db: &impl ConnectionTrait,
    user_id: i64,
    keep: Option<i64>,
) -> Result<(), ServiceError> {
    let mut query = session::Entity::delete_many().filter(session::Column::UserId.eq(user_id));
    if let Some(id) = keep {
        query = query.filter(session::Column::Id.ne(id));
    }
    query.exec(db).await?;
    Ok(())
}

fn truncate(value: &str, max_chars: usize) -> String {
    value.chars().take(max_chars).collect()
}
