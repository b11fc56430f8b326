//! The sandbox's webhooks: what it sends when a checkout settles, how it
//! signs (`Sandbox-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
//! "t.body">`, Stripe's scheme), how we verify, and the delivery loop that
//! retries until our endpoint answers 2xx.
use super::{
    cards::{Behaviour, PaidWith},
    PENDING_SETTLES_AFTER_MS,
};
use crate::payments::{declines, EventKind, Money, ProviderEvent, WebhookError, WebhookRequest};
use crate::persistence::entities::{sandbox_payment, sandbox_webhook};
use crate::signing::{fresh, hex, hmac_sha256, random_hex, same};
use app_core::model::billing::Decline;
use sea_orm::{
    sea_query::Expr, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection,
    EntityTrait, QueryFilter, QueryOrder, QuerySelect, TransactionTrait,
};
use serde::{Deserialize, Serialize};

/// The signature header (lower case, as `HeaderMap` stores names).
pub const SIGNATURE_HEADER: &str = "sandbox-signature";

/// The JSON body of a sandbox webhook.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Body {
    id: String,
    #[serde(rename = "type")]
    kind: String,
    occurred_at: i64,
    data: Data,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Data {
    order_no: String,
    payment_ref: String,
    token: Option<String>,
    amount_minor: i64,
    currency: String,
    exponent: u32,
    /// Why the payment was refused (the sandbox's decline code).
    decline_code: Option<String>,
    /// The card's fingerprint, reported with the payment as real providers do.
    fingerprint: Option<String>,
    /// The card's issuing country, for the test cards that have one.
    country: Option<String>,
}

/// The header value for `body` signed at `unix_secs`.
pub fn sign(secret: &[u8], unix_secs: i64, body: &[u8]) -> String {
    let mac = hmac_sha256(secret, &[unix_secs.to_string().as_bytes(), b".", body]);
    format!("t={unix_secs},v1={}", hex(&mac))
}

/// Checks the signature and window, then reads the event.
pub fn verify(secret: &[u8], req: &WebhookRequest<'_>) -> Result<Vec<ProviderEvent>, WebhookError> {
    let header = req
        .headers
        .get(SIGNATURE_HEADER)
        .and_then(|v| v.to_str().ok())
        .ok_or(WebhookError::MissingSignature)?;
    let mut ts = None;
    let mut v1 = None;
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", value)) => ts = value.parse::<i64>().ok(),
            Some(("v1", value)) => v1 = Some(value),
            _ => {}
        }
    }
    let (Some(ts), Some(v1)) = (ts, v1) else {
        return Err(WebhookError::MissingSignature);
    };
    let expected = hex(&hmac_sha256(
        secret,
        &[ts.to_string().as_bytes(), b".", req.raw_body],
    ));
    if !same(expected.as_bytes(), v1.as_bytes()) {
        return Err(WebhookError::BadSignature);
    }
    if !fresh(ts * 1000, req.now_ms) {
        return Err(WebhookError::Stale);
    }
    let body: Body = serde_json::from_slice(req.raw_body).map_err(|_| WebhookError::Malformed)?;
    Ok(vec![to_event(body)])
}

fn to_event(body: Body) -> ProviderEvent {
    let d = body.data;
    let amount = Money {
        minor: d.amount_minor,
        currency: d.currency,
        exponent: d.exponent,
    };
    let kind = match body.kind.as_str() {
        "checkout.paid" => EventKind::CheckoutPaid {
            order_no: d.order_no,
            provider_payment_ref: d.payment_ref,
            subscription_ref: None,
            payment_token: d.token,
            amount,
            tax_minor: 0,
            instrument: d.fingerprint,
            instrument_country: d.country,
        },
        "checkout.pending" => EventKind::CheckoutPending {
            order_no: d.order_no,
        },
        "checkout.failed" => EventKind::CheckoutFailed {
            order_no: d.order_no,
            reason: d
                .decline_code
                .as_deref()
                .map_or(Decline::Declined, declines::sandbox),
        },
        other => EventKind::Other {
            event_type: other.to_owned(),
        },
    };
    ProviderEvent {
        event_id: body.id,
        occurred_at_ms: body.occurred_at,
        kind,
    }
}

/// Settles an open checkout and queues its webhooks, in one transaction.
pub async fn settle_checkout(
    db: &DatabaseConnection,
    order_no: &str,
    paid_with: PaidWith,
    now: i64,
) -> Result<bool, sea_orm::DbErr> {
    let behaviour = paid_with.behaviour;
    let txn = db.begin().await?;
    let status = match behaviour.decline_code() {
        Some("insufficient_funds") => "insufficient_funds",
        Some(_) => "declined",
        None => "succeeded",
    };
    let token = (status == "succeeded").then(|| format!("sbx_tok_{}", random_hex(16)));
    let updated = sandbox_payment::Entity::update_many()
        .col_expr(sandbox_payment::Column::Status, Expr::value(status))
        .col_expr(sandbox_payment::Column::Token, Expr::value(token.clone()))
        .col_expr(
            sandbox_payment::Column::Behaviour,
            Expr::value(behaviour.as_str()),
        )
        .filter(sandbox_payment::Column::Reference.eq(order_no))
        .filter(sandbox_payment::Column::Kind.eq("checkout"))
        .filter(sandbox_payment::Column::Status.eq("open"))
        .exec(&txn)
        .await?;
    if updated.rows_affected != 1 {
        return Ok(false);
    }
    let row = sandbox_payment::Entity::find()
        .filter(sandbox_payment::Column::Reference.eq(order_no))
        .one(&txn)
        .await?
        .ok_or_else(|| sea_orm::DbErr::RecordNotFound(order_no.to_owned()))?;
    for (kind, at) in webhooks_for(behaviour, now) {
        let hook = Hook {
            kind,
            token: token.clone(),
            fingerprint: paid_with.fingerprint.clone(),
            country: paid_with.country.map(str::to_owned),
            decline_code: behaviour.decline_code(),
            at,
        };
        queue(&txn, &row, hook).await?;
    }
    txn.commit().await?;
    Ok(true)
}

fn webhooks_for(behaviour: Behaviour, now: i64) -> Vec<(&'static str, i64)> {
    match behaviour {
        _ if behaviour.decline_code().is_some() => vec![("checkout.failed", now)],
        Behaviour::PendingThenSucceeds => {
            vec![
                ("checkout.pending", now),
                ("checkout.paid", now + PENDING_SETTLES_AFTER_MS),
            ]
        }
        _ => vec![("checkout.paid", now)],
    }
}

/// One webhook to send about a settled checkout.
struct Hook {
    kind: &'static str,
    token: Option<String>,
    fingerprint: Option<String>,
    country: Option<String>,
    decline_code: Option<&'static str>,
    at: i64,
}

async fn queue(
    db: &impl ConnectionTrait,
    row: &sandbox_payment::Model,
    hook: Hook,
) -> Result<(), sea_orm::DbErr> {
    let body = Body {
        id: format!("evt_sbx_{}", random_hex(16)),
        kind: hook.kind.to_owned(),
        occurred_at: hook.at,
        data: Data {
            order_no: row.reference.clone(),
            payment_ref: format!("sbx_pay_{}", row.id),
            token: hook.token,
            amount_minor: row.amount_minor,
            currency: row.currency.clone(),
            exponent: row.currency_exponent.unsigned_abs(),
            decline_code: hook.decline_code.map(str::to_owned),
            fingerprint: hook.fingerprint,
            country: hook.country,
        },
    };
    let webhook = sandbox_webhook::ActiveModel {
        body: Set(serde_json::to_string(&body).expect("plain data serializes")),
        notify_url: Set(row.notify_url.clone()),
        deliver_at: Set(hook.at),
        delivered_at: Set(None),
        attempts: Set(0),
        ..Default::default()
    };
    sandbox_webhook::Entity::insert(webhook)
        .exec_without_returning(db)
        .await?;
    Ok(())
}

/// How long one instance's delivery attempt keeps the others off a webhook.
const DELIVERY_LEASE_MS: i64 = 30_000;

/// Posts the due webhooks, signed now; a failed delivery is retried with
/// growing pauses (2 s, 4 s, … up to 10 min), like a real provider.
pub async fn deliver_due(
    db: &DatabaseConnection,
    client: &reqwest::Client,
    secret: &[u8],
    now: i64,
) -> usize {
    let due = sandbox_webhook::Entity::find()
        .filter(sandbox_webhook::Column::DeliveredAt.is_null())
        .filter(sandbox_webhook::Column::DeliverAt.lte(now))
        .order_by_asc(sandbox_webhook::Column::DeliverAt)
        .limit(20)
        .all(db)
        .await
        .unwrap_or_default();
    let mut delivered = 0;
    for hook in due {
        // One instance delivers it; a redelivery would only be ignored by
        // the event's unique id, but should not happen in the normal course.
        let claimed = sandbox_webhook::Entity::update_many()
            .col_expr(
                sandbox_webhook::Column::DeliverAt,
                Expr::value(now + DELIVERY_LEASE_MS),
            )
            .filter(sandbox_webhook::Column::Id.eq(hook.id))
            .filter(sandbox_webhook::Column::DeliveredAt.is_null())
            .filter(sandbox_webhook::Column::DeliverAt.eq(hook.deliver_at))
            .exec(db)
            .await;
        if !matches!(claimed, Ok(ref done) if done.rows_affected == 1) {
            continue;
        }
        let signature = sign(secret, now / 1000, hook.body.as_bytes());
        let sent = client
            .post(&hook.notify_url)
            .header(SIGNATURE_HEADER, signature)
            .header("content-type", "application/json")
            .body(hook.body.clone())
            .send()
            .await;
        let ok = matches!(&sent, Ok(r) if r.status().is_success());
        let update =
            sandbox_webhook::Entity::update_many().filter(sandbox_webhook::Column::Id.eq(hook.id));
        let update = if ok {
            delivered += 1;
            update.col_expr(sandbox_webhook::Column::DeliveredAt, Expr::value(now))
        } else {
            let pause = (2_000_i64 << hook.attempts.clamp(0, 9)).min(600_000);
            update
                .col_expr(
                    sandbox_webhook::Column::Attempts,
                    Expr::value(hook.attempts + 1),
                )
                .col_expr(sandbox_webhook::Column::DeliverAt, Expr::value(now + pause))
        };
        if let Err(error) = update.exec(db).await {
            tracing::warn!(%error, "sandbox webhook: cannot record the delivery");
        }
    }
    delivered
}
