//! FastSpring's webhooks: `X-FS-Signature` over the raw body (no timestamp
//! is signed, so there is no replay window: a redelivery carries the same
//! event id and is recognised by it), then each event of the batch in our
//! terms. Ids arrive bare, or as objects with webhook expansion on.
use crate::payments::{wire, EventKind, Money, ProviderEvent, WebhookError, WebhookRequest};
use crate::signing::{hmac_sha256, same};
use app_core::model::billing::Decline;
use base64::Engine as _;
use serde::Deserialize;
use serde_json::{value::RawValue, Value};

/// The signature header (lower case, as `HeaderMap` stores names).
pub const SIGNATURE_HEADER: &str = "x-fs-signature";

/// The header value FastSpring sends for `body`.
pub fn sign(secret: &[u8], body: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(hmac_sha256(secret, &[body]))
}

/// Checks the signature, then reads every event of the batch.
pub fn verify(secret: &[u8], req: &WebhookRequest<'_>) -> Result<Vec<ProviderEvent>, WebhookError> {
    let given = req
        .headers
        .get(SIGNATURE_HEADER)
        .ok_or(WebhookError::MissingSignature)?;
    let given = given
        .to_str()
        .map_err(|_| WebhookError::BadSignature)?
        .trim();
    if given.is_empty() {
        return Err(WebhookError::MissingSignature);
    }
    if !same(sign(secret, req.raw_body).as_bytes(), given.as_bytes()) {
        return Err(WebhookError::BadSignature);
    }
    let batch: Batch = serde_json::from_slice(req.raw_body).map_err(|_| WebhookError::Malformed)?;
    batch.events.into_iter().map(to_event).collect()
}

#[derive(Deserialize)]
struct Batch {
    events: Vec<Event>,
}

#[derive(Deserialize)]
struct Event {
    id: String,
    #[serde(rename = "type")]
    kind: String,
    /// ms since the epoch.
    created: i64,
    data: Box<RawValue>,
}

/// An order (`order.completed`, `order.failed`).
#[derive(Deserialize)]
struct Order {
    id: String,
    #[serde(default)]
    tags: Option<Value>,
    #[serde(default)]
    currency: Option<String>,
    #[serde(default)]
    total: Option<Box<RawValue>>,
    /// The tax inside `total`.
    #[serde(default)]
    tax: Option<Box<RawValue>>,
    #[serde(default)]
    items: Vec<OrderItem>,
}

#[derive(Deserialize)]
struct OrderItem {
    #[serde(default)]
    subscription: Option<Value>,
}

/// `subscription.charge.completed` / `.failed`.
#[derive(Deserialize)]
struct Charge {
    subscription: Value,
    #[serde(default)]
    order: Option<Value>,
    #[serde(default)]
    currency: Option<String>,
    #[serde(default)]
    total: Option<Box<RawValue>>,
}

/// `return.created`.
#[derive(Deserialize)]
struct Return {
    #[serde(default)]
    completed: bool,
    currency: String,
    #[serde(rename = "totalReturn")]
    total_return: Box<RawValue>,
    #[serde(default)]
    original: Option<Value>,
}

/// The id of a bare-id-or-object reference.
fn id_of(value: &Value, field: &str) -> Option<String> {
    match value {
        Value::String(id) => Some(id.clone()),
        Value::Object(map) => map
            .get("id")
            .or_else(|| map.get(field))
            .and_then(Value::as_str)
            .map(str::to_owned),
        _ => None,
    }
}

/// `total` (a JSON number in major units) in `currency`, read exactly.
fn money(total: Option<&RawValue>, currency: Option<String>) -> Result<Money, WebhookError> {
    let (Some(total), Some(currency)) = (total, currency) else {
        return Err(WebhookError::Malformed);
    };
    let exponent = wire::exponent_of(&currency);
    let minor = wire::raw_minor(total, exponent).ok_or(WebhookError::Malformed)?;
    Ok(Money {
        minor,
        currency,
        exponent,
    })
}

fn parse<T: serde::de::DeserializeOwned>(data: &RawValue) -> Result<T, WebhookError> {
    serde_json::from_str(data.get()).map_err(|_| WebhookError::Malformed)
}

fn to_event(event: Event) -> Result<ProviderEvent, WebhookError> {
    let other = || EventKind::Other {
        event_type: event.kind.clone(),
    };
    let kind = match event.kind.as_str() {
        "order.completed" => order_paid(parse(&event.data)?)?,
        "order.failed" => {
            let order: Order = parse(&event.data)?;
            order_no(&order).map(|order_no| EventKind::CheckoutFailed {
                order_no,
                reason: Decline::Declined,
            })
        }
        "subscription.charge.completed" => Some(renewal_paid(parse(&event.data)?)?),
        "subscription.charge.failed" => {
            let charge: Charge = parse(&event.data)?;
            let subscription_ref = id_of(&charge.subscription, "subscription");
            Some(EventKind::RenewalFailed {
                idempotency_key: None,
                subscription_ref,
            })
        }
        // `subscription.canceled` only schedules the end; this is the end.
        "subscription.deactivated" => {
            let data: Value = parse(&event.data)?;
            let subscription_ref = id_of(&data, "subscription").ok_or(WebhookError::Malformed)?;
            Some(EventKind::SubscriptionCanceled { subscription_ref })
        }
        "return.created" => refunded(parse(&event.data)?)?,
        _ => None,
    };
    Ok(ProviderEvent {
        event_id: event.id.clone(),
        occurred_at_ms: event.created,
        kind: kind.unwrap_or_else(other),
    })
}

fn order_no(order: &Order) -> Option<String> {
    order
        .tags
        .as_ref()?
        .get("order_no")?
        .as_str()
        .map(str::to_owned)
}

fn order_paid(order: Order) -> Result<Option<EventKind>, WebhookError> {
    let Some(order_no) = order_no(&order) else {
        return Ok(None);
    };
    let mut amount = money(order.total.as_deref(), order.currency.clone())?;
    let tax_minor = match order.tax.as_deref() {
        Some(tax) => money(Some(tax), order.currency.clone())?.minor,
        None => 0,
    };
    amount.minor -= tax_minor;
    let subscription_ref = order.items.iter().find_map(|i| {
        i.subscription
            .as_ref()
            .and_then(|s| id_of(s, "subscription"))
    });
    Ok(Some(EventKind::CheckoutPaid {
        order_no,
        provider_payment_ref: order.id,
        subscription_ref,
        payment_token: None,
        amount,
        tax_minor,
        instrument: None,
        instrument_country: None,
    }))
}

fn renewal_paid(charge: Charge) -> Result<EventKind, WebhookError> {
    let amount = money(charge.total.as_deref(), charge.currency.clone())?;
    let provider_payment_ref = charge
        .order
        .as_ref()
        .and_then(|o| id_of(o, "order"))
        .ok_or(WebhookError::Malformed)?;
    Ok(EventKind::RenewalPaid {
        idempotency_key: None,
        subscription_ref: id_of(&charge.subscription, "subscription"),
        provider_payment_ref,
        amount,
    })
}

/// A processed return of an order we know (`original` names it).
fn refunded(ret: Return) -> Result<Option<EventKind>, WebhookError> {
    let Some(order) = ret.original.as_ref().and_then(|o| id_of(o, "order")) else {
        return Ok(None);
    };
    if !ret.completed {
        return Ok(None);
    }
    let amount = money(Some(&ret.total_return), Some(ret.currency))?;
    Ok(Some(EventKind::Refunded {
        provider_payment_ref: order,
        amount,
    }))
}
