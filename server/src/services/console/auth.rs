//! Staff sign-in (e-mail, password and a TOTP code), sign-out, and
//! recognising a staff session. Staff sessions live in their own table
//! under their own cookie: a customer's token is never a staff session and
//! a staff token never a customer's.
use super::audit::{self, Entry};
use super::{lockout, staff, Staff};
use crate::persistence::entities::{staff_session as session, staff_user};
use crate::services::accounts::{secrets, users::normalize_email, ClientInfo};
use crate::services::limits::{self, Rule};
use crate::services::{Cx, ServiceError};
use crate::tokens;
use app_core::i18n::Key;
use app_core::model::console::{StaffRole, STAFF_SESSION_TTL_MS};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, TransactionTrait,
};

/// Failed sign-ins for one staff e-mail from one client address.
pub const FAILURES_PER_EMAIL_AND_IP: Rule = Rule::per_minutes(5, 15);
/// Failed sign-ins from one client address across e-mails.
pub const FAILURES_PER_IP: Rule = Rule::per_minutes(20, 15);
/// `last_seen_at` is written at most this often.
const LAST_SEEN_RESOLUTION_MS: i64 = 60_000;

/// What the sign-in form sends.
#[derive(Clone, Copy, Debug)]
pub struct SignIn<'a> {
    pub email: &'a str,
    pub password: &'a str,
    pub totp: &'a str,
}

/// A staff session just opened: the token exists only here and in the answer.
#[derive(Clone, Debug)]
pub struct SignedIn {
    pub token: String,
    pub staff: Staff,
    pub expires_at: i64,
}

fn failure() -> ServiceError {
    ServiceError::Invalid(Key::ConsoleApiSignInFailed)
}

/// Signs a staff member in. A wrong e-mail, password or code, a replayed
/// code and a disabled account all get the one generic answer, in the same
/// time (an unknown e-mail is checked against a dummy hash). Each attempt
/// takes a unit of both limits first and a success gives them back, so of a
/// concurrent burst exactly the limit is evaluated. Codes are also counted
/// per account over all addresses ([`lockout`]): past that ceiling the
/// account is locked.
///
/// # Errors
/// [`Key::ConsoleApiSignInFailed`]; [`Key::ConsoleApiSignInLocked`];
/// [`ServiceError::RateLimited`];
/// [`ServiceError::Busy`] when no hashing slot is free.
pub async fn sign_in(
    cx: &Cx,
    input: SignIn<'_>,
    client: &ClientInfo,
) -> Result<SignedIn, ServiceError> {
    if input.email.trim().is_empty() || input.password.is_empty() || input.totp.trim().is_empty() {
        return Err(failure());
    }
    let ip = client.ip_bucket();
    let pair = format!(
        "staff-login:{}:{ip}",
        tokens::digest(&[&normalize_email(input.email)])
    );
    let per_ip = format!("staff-login:ip:{ip}");
    let keys = [
        (pair.as_str(), FAILURES_PER_EMAIL_AND_IP),
        (per_ip.as_str(), FAILURES_PER_IP),
    ];
    let txn = cx.db.begin().await?;
    limits::take_all(&txn, &keys, cx.now).await?;
    txn.commit().await?;

    let verified = check_credentials(cx, input, &keys).await?;
    let signed = open_session(cx, verified, client).await?;
    give_back(&cx.db, &keys).await?;
    Ok(signed)
}

/// A staff member whose password and current TOTP code were right.
struct Verified {
    member: staff_user::Model,
    role: StaffRole,
    /// The time step of the code, spent when the session opens.
    step: i64,
}

/// The staff member whose password and current TOTP code `input` carries;
/// the limits are given back when no hashing slot is free.
async fn check_credentials(
    cx: &Cx,
    input: SignIn<'_>,
    keys: &[(&str, Rule)],
) -> Result<Verified, ServiceError> {
    let found = staff::find(&cx.db, input.email).await?;
    let stored = found.as_ref().map(|s| s.password_hash.clone());
    let verified =
        match secrets::verify_password(input.password.to_owned(), stored, cx.config.hash_wait())
            .await
        {
            Ok(verified) => verified,
            Err(busy) => {
                give_back(&cx.db, keys).await?;
                return Err(busy);
            }
        };
    let Some(member) = found.filter(|s| verified && !s.disabled) else {
        return Err(failure());
    };
    let Some(role) = StaffRole::from_code(&member.role) else {
        return Err(failure());
    };
    let Some(step) = lockout::check_code(cx, &member, input.totp).await? else {
        return Err(failure());
    };
    Ok(Verified { member, role, step })
}

/// Spends the TOTP step and opens a session, audited, in one transaction.
async fn open_session(
    cx: &Cx,
    verified: Verified,
    client: &ClientInfo,
) -> Result<SignedIn, ServiceError> {
    let Verified { member, role, step } = verified;
    let token = tokens::new_token();
    let txn = cx.db.begin().await?;
    // Spends the step: of two sign-ins with the same code only one moves it.
    let spent = staff_user::Entity::update_many()
        .col_expr(staff_user::Column::TotpLastStep, Expr::value(step))
        .filter(staff_user::Column::Id.eq(member.id))
        .filter(staff_user::Column::TotpLastStep.lt(step))
        .exec(&txn)
        .await?;
    if spent.rows_affected != 1 {
        return Err(failure());
    }
    let expires_at = cx.now + STAFF_SESSION_TTL_MS;
    let row = session::ActiveModel {
        staff_id: Set(member.id),
        token_hash: Set(tokens::digest(&["staff", &token])),
        created_at: Set(cx.now),
        expires_at: Set(expires_at),
        last_seen_at: Set(cx.now),
        ..Default::default()
    };
    let opened = session::Entity::insert(row)
        .exec_with_returning(&txn)
        .await?;
    audit::record(
        &txn,
        member.id,
        Entry::new("sign_in", "staff", member.id, client.ip_bucket()),
        cx.now,
    )
    .await?;
    txn.commit().await?;
    let staff = Staff {
        id: member.id,
        email: member.email,
        role,
        session_id: opened.id,
    };
    Ok(SignedIn {
        token,
        staff,
        expires_at,
    })
}

async fn give_back(db: &impl ConnectionTrait, keys: &[(&str, Rule)]) -> Result<(), ServiceError> {
    for (key, _) in keys {
        limits::give_back(db, key).await?;
    }
    Ok(())
}

/// The staff member of a token, if the session is valid now and the
/// account not disabled.
///
/// # Errors
/// [`ServiceError::Unauthorized`]; a database error.
pub async fn authenticate(
    db: &impl ConnectionTrait,
    token: Option<&str>,
    now: i64,
) -> Result<Staff, ServiceError> {
    let token = token
        .filter(|t| t.len() == 64)
        .ok_or(ServiceError::Unauthorized)?;
    let found = session::Entity::find()
        .filter(session::Column::TokenHash.eq(tokens::digest(&["staff", token])))
        .one(db)
        .await?;
    let Some(row) = found else {
        return Err(ServiceError::Unauthorized);
    };
    if row.expires_at <= now {
        session::Entity::delete_by_id(row.id).exec(db).await?;
        return Err(ServiceError::Unauthorized);
    }
    let member = staff_user::Entity::find_by_id(row.staff_id)
        .one(db)
        .await?
        .filter(|s| !s.disabled);
    let Some((member, role)) = member.and_then(|m| StaffRole::from_code(&m.role).map(|r| (m, r)))
    else {
        return Err(ServiceError::Unauthorized);
    };
    if now - row.last_seen_at >= LAST_SEEN_RESOLUTION_MS {
        session::Entity::update_many()
            .col_expr(session::Column::LastSeenAt, Expr::value(now))
            .filter(session::Column::Id.eq(row.id))
            .exec(db)
            .await?;
    }
    Ok(Staff {
        id: member.id,
        email: member.email,
        role,
        session_id: row.id,
    })
}

/// Ends the caller's staff session.
///
/// # Errors
/// A database error.
pub async fn sign_out(cx: &Cx, staff: &Staff) -> Result<(), ServiceError> {
    let txn = cx.db.begin().await?;
    session::Entity::delete_by_id(staff.session_id)
        .exec(&txn)
        .await?;
    audit::record(
        &txn,
        staff.id,
        Entry::new("sign_out", "staff", staff.id, ""),
        cx.now,
    )
    .await?;
    txn.commit().await?;
    Ok(())
}
