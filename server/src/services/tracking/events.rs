//! Click points and the operation log (analytics consent). Each row is a
//! few short, checked fields; each client address may add a bounded number
//! per window (the limits primitive, in the insert's transaction); rows go
//! after [`RETENTION_MS`].
use super::{is_plain, is_token, require, Consent};
use crate::persistence::entities::{click_point, operation_log};
use crate::services::accounts::ClientInfo;
use crate::services::limits::{self, Rule};
use crate::services::{Cx, ServiceError};
use app_core::i18n::Key;
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, TransactionTrait,
};

/// Click points per client address: far more than a person presses.
pub const CLICKS_PER_CLIENT: Rule = Rule::per_minutes(60, 10);
/// Operation-log events per client address.
pub const EVENTS_PER_CLIENT: Rule = Rule::per_minutes(120, 10);
/// How long rows are kept: 90 days.
pub const RETENTION_MS: i64 = 90 * 86_400_000;

/// `POST /operationLog/protal`: a main call-to-action pressed.
#[derive(Clone, Debug, Default)]
pub struct ClickPoint {
    /// The stored campaign channel, or `SEO`.
    pub apk_channel: String,
    pub btn_id: String,
    /// 0 Android, 1 iOS, 2 other.
    pub os: i32,
}

/// An operation-log event and the headers it came with.
#[derive(Clone, Debug, Default)]
pub struct OperationEvent {
    pub curr_document: String,
    pub domain: String,
    pub event_code: String,
    pub event_type: i32,
    pub apk_version_code: String,
    pub phone_os: String,
    pub track_id: String,
    pub version: String,
}

fn bad() -> ServiceError {
    ServiceError::Invalid(Key::ErrorBadRequest)
}

/// Records a click point.
///
/// # Errors
/// [`ServiceError::NoConsent`] without analytics consent (nothing stored);
/// a bad field; the per-client limit; a database error.
pub async fn record_click(
    cx: &Cx,
    consent: Option<Consent>,
    client: &ClientInfo,
    input: &ClickPoint,
) -> Result<(), ServiceError> {
    require(consent, |c| c.analytics)?;
    let channel = if input.apk_channel.trim().is_empty() {
        "SEO"
    } else {
        input.apk_channel.trim()
    };
    if !is_token(&input.btn_id, 64) || !is_plain(channel, 200) || !(0..=2).contains(&input.os) {
        return Err(bad());
    }
    let txn = cx.db.begin().await?;
    limits::take(
        &txn,
        &format!("track:click:{}", client.ip_bucket()),
        CLICKS_PER_CLIENT,
        cx.now,
    )
    .await?;
    let row = click_point::ActiveModel {
        btn_id: Set(input.btn_id.clone()),
        apk_channel: Set(channel.to_owned()),
        os: Set(input.os),
        created_at: Set(cx.now),
        ..Default::default()
    };
    click_point::Entity::insert(row)
        .exec_without_returning(&txn)
        .await?;
    txn.commit().await?;
    Ok(())
}

/// Records an operation-log event (`eventType` 1, the page's path).
///
/// # Errors
/// As [`record_click`].
pub async fn record_event(
    cx: &Cx,
    consent: Option<Consent>,
    client: &ClientInfo,
    input: &OperationEvent,
) -> Result<(), ServiceError> {
    require(consent, |c| c.analytics)?;
    let headers_ok = [
        (&input.apk_version_code, 32),
        (&input.phone_os, 32),
        (&input.track_id, 64),
        (&input.version, 32),
    ]
    .iter()
    .all(|(value, max)| value.is_empty() || is_token(value, *max));
    let fields_ok = input.event_type == 1
        && is_token(&input.event_code, 64)
        && input.curr_document.starts_with('/')
        && is_plain(&input.curr_document, 512)
        && is_token(&input.domain.replace(':', "."), 255);
    if !headers_ok || !fields_ok {
        return Err(bad());
    }
    let txn = cx.db.begin().await?;
    limits::take(
        &txn,
        &format!("track:event:{}", client.ip_bucket()),
        EVENTS_PER_CLIENT,
        cx.now,
    )
    .await?;
    let row = operation_log::ActiveModel {
        event_code: Set(input.event_code.clone()),
        event_type: Set(input.event_type),
        curr_document: Set(input.curr_document.clone()),
        domain: Set(input.domain.clone()),
        apk_version_code: Set(input.apk_version_code.clone()),
        phone_os: Set(input.phone_os.clone()),
        track_id: Set(input.track_id.clone()),
        version: Set(input.version.clone()),
        created_at: Set(cx.now),
        ..Default::default()
    };
    operation_log::Entity::insert(row)
        .exec_without_returning(&txn)
        .await?;
    txn.commit().await?;
    Ok(())
}

/// Deletes click points and operation-log rows older than [`RETENTION_MS`].
///
/// # Errors
/// A database error.
pub async fn delete_old(db: &impl ConnectionTrait, now: i64) -> Result<u64, ServiceError> {
    let cutoff = now - RETENTION_MS;
    let clicks = click_point::Entity::delete_many()
        .filter(click_point::Column::CreatedAt.lt(cutoff))
        .exec(db)
        .await?;
    let events = operation_log::Entity::delete_many()
        .filter(operation_log::Column::CreatedAt.lt(cutoff))
        .exec(db)
        .await?;
    Ok(clicks.rows_affected + events.rows_affected)
}
