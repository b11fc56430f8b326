//! The secrets the service keeps sealed at rest ([`crate::secrets`]), by
//! column, and the reseal that moves every one of them to the current key:
//! values of the previous key are opened and sealed again, plain text from
//! before sealing is sealed. Run at every start for plain text
//! ([`seal_legacy`]) and by an operator for a rotation
//! (`server secrets reseal`).
use crate::persistence::entities::{staff_user, subscription};
use crate::secrets::{Keyring, SealError};
use crate::services::ServiceError;
use app_core::i18n::Key;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryTrait as _};

/// What every sealed value starts with, as a LIKE pattern.
const SEALED_PATTERN: &str = "sealed1:%";

/// The purpose of a staff member's TOTP key.
pub const TOTP_SECRET: &str = "staff_users.totp_secret";
/// The purpose of a subscription's saved wallet token.
pub const PAYMENT_TOKEN: &str = "subscriptions.payment_token";
/// The purpose of an e-mailed reset code kept for its job's repeat (it lives
/// minutes, so a key rotation simply lets it expire; no reseal needed).
pub const RESET_CODE: &str = "password_reset_codes.code_sealed";

/// Opens a sealed value; a value no configured key opens is logged and
/// answered as unavailable (the key is missing or the row was changed).
///
/// # Errors
/// [`ServiceError::Unavailable`].
pub fn open(keys: &Keyring, purpose: &str, stored: &str) -> Result<String, ServiceError> {
    keys.open(purpose, stored).map_err(|error| {
        tracing::error!(%error, purpose, "a sealed secret could not be opened");
        ServiceError::Unavailable(Key::ErrorUnavailable)
    })
}

/// How many values a reseal sealed again.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Resealed {
    pub totp_secrets: u64,
    pub payment_tokens: u64,
}

/// Seals every value not sealed with the current key. Each row is written
/// only if it still holds what was read, so a concurrent change wins.
///
/// # Errors
/// A value no configured key opens (nothing after it is resealed); a
/// database error.
pub async fn reseal_all(
    db: &impl ConnectionTrait,
    keys: &Keyring,
) -> Result<Resealed, anyhow::Error> {
    reseal(db, keys, false).await
}

/// Seals the plain-text values written before sealing existed.
///
/// # Errors
/// A database error.
pub async fn seal_legacy(
    db: &impl ConnectionTrait,
    keys: &Keyring,
) -> Result<Resealed, anyhow::Error> {
    reseal(db, keys, true).await
}

async fn reseal(
    db: &impl ConnectionTrait,
    keys: &Keyring,
    legacy_only: bool,
) -> Result<Resealed, anyhow::Error> {
    let next = |purpose: &str, stored: &str| -> Result<Option<String>, SealError> {
        if legacy_only && crate::secrets::is_sealed(stored) {
            return Ok(None);
        }
        keys.reseal(purpose, stored)
    };
    // At start only rows never sealed are read, not every row each time.
    let unsealed = legacy_only.then_some(SEALED_PATTERN);
    let mut done = Resealed::default();
    let staff_rows = staff_user::Entity::find()
        .apply_if(unsealed, |q, p| {
            q.filter(staff_user::Column::TotpSecret.not_like(p))
        })
        .all(db)
        .await?;
    for staff in staff_rows {
        let Some(sealed) = next(TOTP_SECRET, &staff.totp_secret)
            .map_err(|e| anyhow::anyhow!("staff {}: {e}", staff.id))?
        else {
            continue;
        };
        done.totp_secrets += staff_user::Entity::update_many()
            .col_expr(staff_user::Column::TotpSecret, Expr::value(sealed))
            .filter(staff_user::Column::Id.eq(staff.id))
            .filter(staff_user::Column::TotpSecret.eq(staff.totp_secret))
            .exec(db)
            .await?
            .rows_affected;
    }
    let saved = subscription::Entity::find()
        .filter(subscription::Column::PaymentToken.is_not_null())
        .apply_if(unsealed, |q, p| {
            q.filter(subscription::Column::PaymentToken.not_like(p))
        })
        .all(db)
        .await?;
    for sub in saved {
        let Some(token) = sub.payment_token else {
            continue;
        };
        let Some(sealed) = next(PAYMENT_TOKEN, &token)
            .map_err(|e| anyhow::anyhow!("subscription {}: {e}", sub.id))?
        else {
            continue;
        };
        done.payment_tokens += subscription::Entity::update_many()
            .col_expr(subscription::Column::PaymentToken, Expr::value(sealed))
            .filter(subscription::Column::Id.eq(sub.id))
            .filter(subscription::Column::PaymentToken.eq(token))
            .exec(db)
            .await?
            .rows_affected;
    }
    Ok(done)
}
