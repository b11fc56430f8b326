//! Conversion events for Meta's Conversions API (marketing consent only).
//! Events are written to `meta_events` in the deciding transaction and sent
//! by a job, so a slow Graph API never slows a page. `(event_name,
//! event_id)` is unique: the browser's and the server's report of one
//! purchase share `purchase-<order number>` and are queued once, and Meta
//! deduplicates the same pair within 48 hours.
use super::{is_token, require, Consent};
use crate::persistence::entities::{meta_event, order, order_attribution};
use crate::services::accounts::ClientInfo;
use crate::services::billing::orders;
use crate::services::limits::{self, Rule};
use crate::services::{job_queue, Cx, ServiceError};
use app::i18n::Key;
use sea_orm::{
    sea_query::OnConflict, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait,
    QueryFilter, TransactionTrait,
};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::delivery::{self, MetaEventJob};

/// Browser events per client address.
pub const EVENTS_PER_CLIENT: Rule = Rule::per_minutes(30, 60);
/// Meta refuses a request holding an event older than 7 days.
const MAX_AGE_SECS: i64 = 7 * 86_400;
/// Events the browser may report.
const BROWSER_EVENTS: [&str; 5] = [
    "PageView",
    "ViewContent",
    "Lead",
    "InitiateCheckout",
    "Purchase",
];

/// A server event as Meta's `data[]` takes it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ServerEvent {
    pub event_name: String,
    /// Unix seconds.
    pub event_time: i64,
    pub event_id: String,
    pub action_source: String,
    pub event_source_url: String,
    pub user_data: UserData,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub custom_data: Option<serde_json::Value>,
}

/// Customer information: `em` and `external_id` hashed (SHA-256, lowercase
/// hex); the address, agent and Meta's cookies as they are.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct UserData {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub em: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub external_id: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_ip_address: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_user_agent: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fbc: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fbp: Option<String>,
}

fn sha256_hex(value: &str) -> String {
    Sha256::digest(value.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Meta's `em`: SHA-256 of the address trimmed and lower-cased.
pub fn hash_email(email: &str) -> String {
    sha256_hex(&email.trim().to_lowercase())
}

/// Meta's `external_id`: SHA-256 of our user id.
pub fn hash_external_id(user_id: i64) -> String {
    sha256_hex(&user_id.to_string())
}

/// `fb.1.<ms>.<value>`, as Meta writes `_fbc` and `_fbp`; anything else is dropped.
fn meta_cookie(value: Option<&str>) -> Option<String> {
    value
        .filter(|v| v.len() <= 255 && v.starts_with("fb.") && is_token(v, 255))
        .map(str::to_owned)
}

/// What the browser posts to `/fackbook/conversions/{pixel}`.
#[derive(Clone, Debug, Default)]
pub struct BrowserEvent {
    pub pixel: String,
    pub event_name: String,
    pub event_time: i64,
    pub event_id: String,
    pub event_source_url: String,
    pub fbc: Option<String>,
    pub fbp: Option<String>,
    /// From `?test=true&testEventCode=…`.
    pub test_event_code: Option<String>,
}

/// Queues a conversion the browser reports. A `Purchase` must name a paid
/// order (`purchase-<order number>`), so nobody can invent sales; it is
/// usually already queued by the payment itself and then changes nothing.
///
/// # Errors
/// [`ServiceError::NoConsent`] without marketing consent (nothing stored);
/// [`ServiceError::NotFound`] for another pixel; a bad field; the limit.
pub async fn accept_browser_event(
    cx: &Cx,
    consent: Option<Consent>,
    client: &ClientInfo,
    member_id: Option<i64>,
    input: &BrowserEvent,
) -> Result<(), ServiceError> {
    require(consent, |c| c.marketing)?;
    if cx
        .config
        .meta
        .pixel_id
        .as_ref()
        .is_some_and(|p| *p != input.pixel)
        || !input.pixel.bytes().all(|b| b.is_ascii_digit())
    {
        return Err(ServiceError::NotFound);
    }
    let now_secs = cx.now / 1000;
    let fresh = (now_secs - MAX_AGE_SECS..=now_secs + 300).contains(&input.event_time);
    let test_ok = input
        .test_event_code
        .as_deref()
        .is_none_or(|c| is_token(c, 64));
    if !BROWSER_EVENTS.contains(&input.event_name.as_str())
        || !fresh
        || !is_token(&input.event_id, 80)
        || !test_ok
    {
        return Err(ServiceError::Invalid(Key::ErrorBadRequest));
    }
    let mut user_data = UserData {
        external_id: member_id.map(hash_external_id).into_iter().collect(),
        client_ip_address: client.ip.map(|ip| ip.to_string()),
        client_user_agent: client.user_agent.clone(),
        fbc: meta_cookie(input.fbc.as_deref()),
        fbp: meta_cookie(input.fbp.as_deref()),
        ..UserData::default()
    };
    if input.event_name == "Purchase" {
        let order = paid_order(cx, &input.event_id).await?;
        user_data.em = vec![hash_email(&order.email)];
    }
    let base = &cx.config.public_base_url;
    let source = if input.event_source_url.starts_with(&format!("{base}/")) {
        input.event_source_url.clone()
    } else {
        format!("{base}/")
    };
    let event = ServerEvent {
        event_name: input.event_name.clone(),
        event_time: input.event_time,
        event_id: input.event_id.clone(),
        action_source: "website".to_owned(),
        event_source_url: source.chars().take(1024).collect(),
        user_data,
        custom_data: None,
    };
    let txn = cx.db.begin().await?;
    limits::take(
        &txn,
        &format!("track:meta:{}", client.ip_bucket()),
        EVENTS_PER_CLIENT,
        cx.now,
    )
    .await?;
    let queued = queue(&txn, cx, &event, input.test_event_code.as_deref()).await?;
    txn.commit().await?;
    if queued {
        job_queue::wake(cx);
    }
    Ok(())
}

async fn paid_order(cx: &Cx, event_id: &str) -> Result<order::Model, ServiceError> {
    let order_no = event_id
        .strip_prefix("purchase-")
        .ok_or(ServiceError::Invalid(Key::ErrorBadRequest))?;
    orders::by_order_no(&cx.db, order_no)
        .await?
        .filter(|o| o.status == orders::PAID)
        .ok_or(ServiceError::Invalid(Key::ErrorBadRequest))
}

/// Queues the `Purchase` of a paid order, with the event id the browser
/// uses too. Only orders placed with marketing consent have an attribution
/// row; for the others nothing is sent. Call in the payment's transaction.
///
/// # Errors
/// A database error.
pub async fn queue_purchase(
    db: &impl ConnectionTrait,
    cx: &Cx,
    order: &order::Model,
) -> Result<(), ServiceError> {
    let Some(a) = order_attribution::Entity::find()
        .filter(order_attribution::Column::OrderId.eq(order.id))
        .one(db)
        .await?
    else {
        return Ok(());
    };
    let amount = crate::services::billing::money::of(
        order.first_amount_minor,
        &order.currency,
        order.currency_exponent,
    );
    let value: f64 = amount.decimal().parse().unwrap_or(0.0);
    let prefix = app::i18n::Locale::from_code(&order.locale)
        .unwrap_or_default()
        .path_prefix();
    let base = &cx.config.public_base_url;
    let source = a
        .source_url
        .filter(|u| u.starts_with(&format!("{base}/")))
        .unwrap_or_else(|| format!("{base}{prefix}/pay-method"));
    let event = ServerEvent {
        event_name: "Purchase".to_owned(),
        event_time: cx.now / 1000,
        event_id: format!("purchase-{}", order.order_no),
        action_source: "website".to_owned(),
        event_source_url: source,
        user_data: UserData {
            em: vec![hash_email(&order.email)],
            external_id: order.user_id.map(hash_external_id).into_iter().collect(),
            client_ip_address: a.client_ip,
            client_user_agent: a.user_agent,
            fbc: a.fbc,
            fbp: a.fbp,
        },
        custom_data: Some(serde_json::json!({ "currency": order.currency, "value": value })),
    };
    queue(db, cx, &event, None).await?;
    Ok(())
}

/// Writes `event` once per name and id; with Meta configured it is queued
/// for the sender job, otherwise kept here only. Returns whether a job was queued.
async fn queue(
    db: &impl ConnectionTrait,
    cx: &Cx,
    event: &ServerEvent,
    test_event_code: Option<&str>,
) -> Result<bool, ServiceError> {
    let enabled = cx.config.meta.enabled();
    let row = meta_event::ActiveModel {
        event_name: Set(event.event_name.clone()),
        event_id: Set(event.event_id.clone()),
        body: Set(serde_json::to_string(event).unwrap_or_default()),
        test_event_code: Set(test_event_code.map(str::to_owned)),
        status: Set(if enabled {
            delivery::QUEUED
        } else {
            delivery::KEPT
        }
        .to_owned()),
        attempts: Set(0),
        last_error: Set(None),
        created_at: Set(cx.now),
        updated_at: Set(cx.now),
        ..Default::default()
    };
    let once = OnConflict::columns([meta_event::Column::EventName, meta_event::Column::EventId])
        .do_nothing()
        .to_owned();
    let inserted = meta_event::Entity::insert(row)
        .on_conflict(once)
        .exec_without_returning(db)
        .await?;
    if inserted != 1 || !enabled {
        return Ok(false);
    }
    let stored = meta_event::Entity::find()
        .filter(meta_event::Column::EventName.eq(&event.event_name))
        .filter(meta_event::Column::EventId.eq(&event.event_id))
        .one(db)
        .await?
        .ok_or(ServiceError::NotFound)?;
    job_queue::enqueue(
        db,
        &MetaEventJob {
            event_row: stored.id,
        },
        cx.now,
    )
    .await?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails_are_hashed_as_meta_documents() {
        // Meta's own example: `John_Smith@gmail.com` → `john_smith@gmail.com`.
        let expected = "62a14e44f765419d10fea99367361a727c12365e2520f32218d505ed9aa0f62f";
        assert_eq!(hash_email("  John_Smith@gmail.com "), expected);
        assert_eq!(hash_email("john_smith@gmail.com"), expected);
    }

    #[test]
    fn only_meta_shaped_cookies_pass() {
        assert_eq!(
            meta_cookie(Some("fb.1.1554763741205.AbCdEf123")).as_deref(),
            Some("fb.1.1554763741205.AbCdEf123")
        );
        assert_eq!(meta_cookie(Some("<script>")), None);
        assert_eq!(meta_cookie(Some("xyz")), None);
        assert_eq!(meta_cookie(None), None);
    }
}
