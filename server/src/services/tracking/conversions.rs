//! Conversion events for Meta's Conversions API (marketing consent only).
//! Events are written to `meta_events` in the deciding transaction and sent
//! by a job, so a slow Graph API never slows a page. `(event_name,
//! event_id)` is unique: the browser's and the server's report of one
//! purchase share `purchase-<order number>` and are queued once, and Meta
//! deduplicates the same pair within 48 hours.
use super::{is_token, require, Consent};
use crate::persistence::entities::{meta_event, order, order_attribution};
use crate::services::accounts::ClientInfo;
use crate::services::limits::{self, Rule};
use crate::services::{job_queue, Cx, ServiceError};
use app_core::i18n::Key;
use sea_orm::{
    sea_query::OnConflict, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait,
    QueryFilter, TransactionTrait,
};

use super::delivery::{self, MetaEventJob};

mod event;
use event::meta_cookie;
pub use event::{hash_email, hash_external_id, ServerEvent, UserData};

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
    check_browser_event(cx, input)?;

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
    let source = page_url(&cx.config.public_base_url, &input.event_source_url);
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

/// Refuses an event for another pixel ([`ServiceError::NotFound`]), and an
/// unknown name, a time outside what Meta accepts or a malformed id.
fn check_browser_event(cx: &Cx, input: &BrowserEvent) -> Result<(), ServiceError> {
    let other_pixel = cx
        .config
        .meta
        .pixel_id
        .as_ref()
        .is_some_and(|p| *p != input.pixel);
    if other_pixel || !input.pixel.bytes().all(|b| b.is_ascii_digit()) {
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
    Ok(())
}

/// The page the browser names when it is one of ours, else our home page.
fn page_url(base: &str, reported: &str) -> String {
    if reported.starts_with(&format!("{base}/")) {
        reported.to_owned()
    } else {
        format!("{base}/")
    }
}

async fn paid_order(cx: &Cx, event_id: &str) -> Result<order::Model, ServiceError> {
    let order_no = event_id
        .strip_prefix("purchase-")
        .ok_or(ServiceError::Invalid(Key::ErrorBadRequest))?;
    order::Entity::find()
        .filter(order::Column::OrderNo.eq(order_no))
        .filter(order::Column::Status.eq(order::PAID))
        .one(&cx.db)
        .await?
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
    let amount = crate::payments::Money {
        minor: order.first_amount_minor,
        currency: order.currency.clone(),
        exponent: order.currency_exponent.unsigned_abs(),
    };
    let value: f64 = amount.decimal().parse().unwrap_or(0.0);
    let prefix = app_core::i18n::Locale::from_code(&order.locale)
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
/// for the sender job, otherwise kept here only. A website event without
/// the browser's user agent is kept only too: Meta refuses it, and with it
/// the whole request. Returns whether a job was queued.
async fn queue(
    db: &impl ConnectionTrait,
    cx: &Cx,
    event: &ServerEvent,
    test_event_code: Option<&str>,
) -> Result<bool, ServiceError> {
    let sendable = event.action_source != "website"
        || event
            .user_data
            .client_user_agent
            .as_deref()
            .is_some_and(|ua| !ua.is_empty());
    let enabled = cx.config.meta.enabled() && sendable;
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
