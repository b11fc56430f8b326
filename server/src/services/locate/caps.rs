//! The daily caps of locate requests (config `LOCATE_CAP_*`): per account,
//! per account and number, and per number across all accounts.
use crate::config::LocateSettings;
use crate::services::limits::{self, Rule};
use crate::services::ServiceError;
use app_core::i18n::Key;
use sea_orm::ConnectionTrait;

const DAY_MS: i64 = 86_400_000;

fn day_rule(limit: u64) -> Rule {
    Rule {
        limit: i32::try_from(limit).unwrap_or(i32::MAX),
        window_ms: DAY_MS,
    }
}

/// Takes one unit of the per-number cap (every message a number receives,
/// first sends and resends alike, counts against it).
///
/// # Errors
/// [`Key::LocateNumberCapReached`], or a database error.
pub(super) async fn take_number_cap(
    db: &impl ConnectionTrait,
    caps: &LocateSettings,
    e164: &str,
    now: i64,
) -> Result<(), ServiceError> {
    let key = format!("locate:number:{e164}");
    limits::take(db, &key, day_rule(caps.cap_per_number_day), now)
        .await
        .map_err(|e| cap_error(e, Key::LocateNumberCapReached))
}

/// The three caps (config `LOCATE_CAP_*`): per account, per account and
/// number, per number across all accounts; each over 24 hours, each one
/// atomic unit of [`limits`].
pub(super) async fn take_caps(
    db: &impl ConnectionTrait,
    caps: &LocateSettings,
    requester_id: i64,
    e164: &str,
    now: i64,
) -> Result<(), ServiceError> {
    let mine = format!("locate:requester:{requester_id}");
    let pair = format!("locate:pair:{requester_id}:{e164}");
    let to_mine = |e| cap_error(e, Key::LocateCapReached);
    limits::take(db, &mine, day_rule(caps.cap_per_requester_day), now)
        .await
        .map_err(to_mine)?;
    limits::take(db, &pair, day_rule(caps.cap_per_requester_number_day), now)
        .await
        .map_err(to_mine)?;
    take_number_cap(db, caps, e164, now).await
}

/// A used-up cap is the cap's own message; other errors pass.
fn cap_error(error: ServiceError, key: Key) -> ServiceError {
    match error {
        ServiceError::RateLimited { .. } => ServiceError::Invalid(key),
        other => other,
    }
}
