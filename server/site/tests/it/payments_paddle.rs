//! Paddle Billing adapter against a loopback fake of Paddle's API (auth,
//! version header, JSON shapes, error envelopes) and webhooks signed the
//! way Paddle signs them.
use crate::payments_fake::{
    count, count_after_slow_answer, serve, Log, Seen, SHORT_TIMEOUT, SLOW_ANSWER,
};
use app::model::{billing::MethodChoice, Cycle};
use axum::{
    body::Bytes,
    extract::State,
    http::{HeaderMap, Method, StatusCode, Uri},
    response::{IntoResponse, Response},
    Json, Router,
};
use serde_json::{json, Value};
use server::payments::{
    paddle::{PaddleConfig, PaddleProvider},
    ChargeOutcome, CheckoutRequest, Customer, EventKind, Gateway, Money, PaymentError,
    ProviderEvent, RefundOutcome, RefundRequest, RenewalCharge, WebhookError, WebhookRequest,
};
use server::signing::{hex, hmac_sha256};
use std::{collections::HashMap, sync::Arc, time::Duration};

const KEY: &str = "pdl_live_apikey_test";
pub(crate) const SECRET: &str = "pdl_ntfset_01gkpj_secret";

fn error(status: StatusCode, code: &str) -> Response {
    let body = json!({"error": {"type": "request_error", "code": code, "detail": "details", "documentation_url": "https://developer.paddle.com/errors"}, "meta": {"request_id": "req_1"}});
    (status, Json(body)).into_response()
}

fn data(status: StatusCode, data: Value) -> Response {
    (
        status,
        Json(json!({"data": data, "meta": {"request_id": "req_1"}})),
    )
        .into_response()
}

/// Paddle's transactions, subscriptions and adjustments endpoints, as far
/// as the adapter uses them. Behaviour is chosen by the order number,
/// subscription or transaction id.
async fn fake_paddle(
    State(log): State<Log>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let seen = Seen::new(method, &uri, headers, body);
    log.lock().unwrap().push(seen.clone());
    if seen.header("authorization") != Some(&format!("Bearer {KEY}")) {
        return error(StatusCode::FORBIDDEN, "forbidden");
    }
    if seen.header("paddle-version") != Some("1") {
        return error(StatusCode::BAD_REQUEST, "invalid_version");
    }
    let body = seen.json();
    match (seen.method.as_str(), seen.path.as_str()) {
        ("POST", "/transactions") => create_transaction(&body).await,
        ("POST", "/adjustments") => match (
            body["action"].as_str(),
            body["type"].as_str(),
            body["transaction_id"].as_str(),
        ) {
            _ if body["reason"].as_str().is_none_or(str::is_empty) => {
                error(StatusCode::BAD_REQUEST, "bad_request")
            }
            // The ledger is the request log: a transaction refunded (pending
            // or approved) before is refused, whatever its id.
            (Some("refund"), Some("full"), Some(txn)) if refunded_before(&log, txn) => {
                error(StatusCode::BAD_REQUEST, "adjustment_pending_refund_request")
            }
            (Some("refund"), Some("full"), Some(txn)) => data(
                StatusCode::CREATED,
                json!({"id": "adj_01", "action": "refund", "type": "full", "status": "pending_approval", "transaction_id": txn}),
            ),
            _ => error(StatusCode::BAD_REQUEST, "bad_request"),
        },
        ("POST", path) if path.ends_with("/cancel") => {
            let id = path
                .trim_start_matches("/subscriptions/")
                .trim_end_matches("/cancel");
            match (id, body["effective_from"].as_str()) {
                ("sub_gone", _) => error(StatusCode::NOT_FOUND, "not_found"),
                (_, Some("next_billing_period")) => data(
                    StatusCode::OK,
                    json!({"id": id, "status": "active", "scheduled_change": {"action": "cancel", "effective_at": "2024-02-01T00:00:00Z", "resume_at": null}}),
                ),
                _ => error(StatusCode::BAD_REQUEST, "bad_request"),
            }
        }
        ("GET", "/transactions/txn_done") => data(
            StatusCode::OK,
            json!({"id": "txn_done", "status": "completed", "currency_code": "USD", "details": {"totals": {"total": "99", "grand_total": "99"}}, "payments": []}),
        ),
        _ => error(StatusCode::NOT_FOUND, "not_found"),
    }
}

/// Whether an earlier request (before the one just logged) refunded `txn`.
fn refunded_before(log: &Log, txn: &str) -> bool {
    let seen = log.lock().unwrap();
    let refunds = seen
        .iter()
        .filter(|s| s.method == Method::POST && s.path == "/adjustments")
        .filter(|s| s.json()["transaction_id"] == txn);
    refunds.count() > 1
}

async fn create_transaction(body: &Value) -> Response {
    let order_no = body["custom_data"]["order_no"].as_str().unwrap_or_default();
    let items = body["items"].as_array().cloned().unwrap_or_default();
    if items.len() != 1 || items[0]["quantity"] != 1 || order_no.is_empty() {
        return error(StatusCode::BAD_REQUEST, "bad_request");
    }
    if !["pri_month", "pri_month_no_trial"].contains(&items[0]["price_id"].as_str().unwrap_or("")) {
        return error(StatusCode::NOT_FOUND, "transaction_price_not_found");
    }
    match order_no {
        "slow" => tokio::time::sleep(SLOW_ANSWER).await,
        "garbled" => return (StatusCode::CREATED, "<html>gateway</html>").into_response(),
        _ => {}
    }
    let id = format!("txn_for_{order_no}");
    let url = format!("https://buy.example.com/pay?_ptxn={id}");
    data(
        StatusCode::CREATED,
        json!({"id": id, "status": "ready", "custom_data": body["custom_data"], "collection_mode": "automatic", "checkout": {"url": url}}),
    )
}

async fn fake() -> (String, Log) {
    let log = Log::default();
    let base = serve(Router::new().fallback(fake_paddle).with_state(log.clone())).await;
    (base, log)
}

fn config(base: &str, key: &str) -> PaddleConfig {
    let vars: HashMap<&str, String> = HashMap::from([
        ("PADDLE_API_KEY", key.to_owned()),
        ("PADDLE_WEBHOOK_SECRET", SECRET.to_owned()),
        ("PADDLE_PRICE_IDS", "1=pri_month,2=pri_gone".to_owned()),
        ("PADDLE_FULL_PRICE_IDS", "1=pri_month_no_trial".to_owned()),
        ("PADDLE_API_BASE", base.to_owned()),
    ]);
    PaddleConfig::from_vars(&|name| vars.get(name).cloned())
        .expect("valid")
        .expect("configured")
}

pub(crate) fn provider(base: &str, timeout: Duration) -> PaddleProvider {
    PaddleProvider::new(&config(base, KEY), "https://ct.test", timeout).expect("provider")
}

fn usd(minor: i64) -> Money {
    Money {
        minor,
        currency: "USD".into(),
        exponent: 2,
    }
}

fn checkout(order_no: &str, plan_id: i64) -> CheckoutRequest {
    CheckoutRequest {
        order_no: order_no.into(),
        method: MethodChoice::Card,
        customer: Customer {
            email: "payer@example.com".into(),
            country: "US".into(),
            ..Default::default()
        },
        locale: "en".into(),
        first_charge: usd(99),
        renewal: usd(2999),
        cycle: Cycle::Month,
        trial_days: 1,
        skips_trial: false,
        plan_id,
        return_url: "https://ct.test/pay-result?orderNo=o1".into(),
        cancel_url: "https://ct.test/pay-method?planId=1".into(),
        notify_url: "https://ct.test/api_f/v1/payments/webhook/paddle".into(),
        device: None,
    }
}

#[tokio::test]
async fn a_payer_who_had_the_trial_buys_the_plans_no_trial_price() {
    let (base, log) = fake().await;
    let paddle = provider(&base, Duration::from_secs(5));
    assert!(paddle.sells_without_trial(1) && !paddle.sells_without_trial(2));
    let returning = CheckoutRequest {
        skips_trial: true,
        trial_days: 0,
        ..checkout("ord_full", 1)
    };
    paddle.create_checkout(&returning).await.expect("created");
    let seen = log.lock().unwrap()[0].json();
    assert_eq!(seen["items"][0]["price_id"], "pri_month_no_trial");
    let without = CheckoutRequest {
        skips_trial: true,
        ..checkout("ord_full2", 2)
    };
    assert_eq!(
        paddle.create_checkout(&without).await,
        Err(PaymentError::NotSupported),
        "never the trial price for a payer who had the trial"
    );
    assert_eq!(log.lock().unwrap().len(), 1, "nothing asked of Paddle");
}

#[tokio::test]
async fn paddle_checkout_is_a_transaction_for_the_plans_price() {
    let (base, log) = fake().await;
    let start = provider(&base, Duration::from_secs(5))
        .create_checkout(&checkout("ord123", 1))
        .await
        .expect("created");
    assert_eq!(
        start.redirect_url,
        "https://buy.example.com/pay?_ptxn=txn_for_ord123"
    );
    assert_eq!(start.provider_ref.as_deref(), Some("txn_for_ord123"));
    let seen = log.lock().unwrap()[0].clone();
    assert_eq!(
        (seen.method.as_str(), seen.path.as_str()),
        ("POST", "/transactions")
    );
    assert_eq!(seen.header("content-type"), Some("application/json"));
    assert_eq!(
        seen.json(),
        json!({"items": [{"price_id": "pri_month", "quantity": 1}], "custom_data": {"order_no": "ord123"}, "collection_mode": "automatic"})
    );
}

#[tokio::test]
async fn paddle_cancels_at_period_end_refunds_in_full_and_lets_paddle_renew() {
    let (base, log) = fake().await;
    let paddle = provider(&base, Duration::from_secs(5));
    paddle.cancel("sub_01h7").await.expect("cancel scheduled");
    let refund = RefundRequest {
        idempotency_key: "rf1".into(),
        provider_payment_ref: "txn_01".into(),
        amount: usd(99),
        order_no: "ord123".into(),
    };
    assert_eq!(
        paddle.refund(&refund).await,
        Ok(RefundOutcome::Pending {
            provider_ref: "adj_01".into()
        })
    );
    let seen = log.lock().unwrap().clone();
    assert_eq!(seen[0].path, "/subscriptions/sub_01h7/cancel");
    assert_eq!(
        seen[0].json(),
        json!({"effective_from": "next_billing_period"})
    );
    assert_eq!(seen[1].path, "/adjustments");
    assert_eq!(seen[1].json()["transaction_id"], "txn_01");
    assert_eq!(seen[1].json()["type"], "full");
    let renewal = RenewalCharge {
        idempotency_key: "ren1".into(),
        subscription_ref: Some("sub_01h7".into()),
        payment_token: None,
        amount: usd(2999),
        order_no: "ord123".into(),
        notify_url: String::new(),
        device: None,
    };
    // Through the gateway, as billing's renewal worker and reconciler call it.
    let paddle = Gateway::Paddle(Arc::new(paddle));
    assert_eq!(
        paddle.charge_renewal(&renewal).await,
        Ok(ChargeOutcome::ProviderManaged)
    );
    assert_eq!(
        paddle.lookup_charge("ren1").await,
        Ok(None),
        "nothing is charged under our keys"
    );
    assert_eq!(
        paddle.lookup_charge("txn_done").await,
        Ok(Some(ChargeOutcome::Succeeded {
            provider_ref: "txn_done".into()
        }))
    );
    assert_eq!(paddle.lookup_charge("txn_unknown").await, Ok(None));
    assert_eq!(
        seen.len() + 2,
        log.lock().unwrap().len(),
        "only the two txn_ lookups reached Paddle"
    );
}

#[tokio::test]
async fn paddle_refusals_carry_paddles_code_and_are_certain() {
    let (base, log) = fake().await;
    let paddle = provider(&base, Duration::from_secs(5));
    let gone = paddle
        .create_checkout(&checkout("ord124", 2))
        .await
        .expect_err("unknown price");
    assert_eq!(
        gone,
        PaymentError::Rejected {
            status: 404,
            code: "transaction_price_not_found".into()
        }
    );
    assert!(!gone.is_uncertain());
    assert_eq!(
        paddle.cancel("sub_gone").await,
        Err(PaymentError::Rejected {
            status: 404,
            code: "not_found".into()
        })
    );
    let refund = RefundRequest {
        idempotency_key: "rf2".into(),
        provider_payment_ref: "txn_once".into(),
        amount: usd(99),
        order_no: "o".into(),
    };
    assert!(matches!(
        paddle.refund(&refund).await,
        Ok(RefundOutcome::Pending { .. })
    ));
    let twice = paddle
        .refund(&refund)
        .await
        .expect_err("a refund is already pending");
    assert_eq!(
        twice,
        PaymentError::Rejected {
            status: 400,
            code: "adjustment_pending_refund_request".into()
        }
    );
    let stranger = PaddleProvider::new(
        &config(&base, "pdl_wrong_key"),
        "https://ct.test",
        Duration::from_secs(5),
    )
    .unwrap();
    let denied = stranger
        .create_checkout(&checkout("ord125", 1))
        .await
        .expect_err("bad key");
    assert_eq!(
        denied,
        PaymentError::Rejected {
            status: 403,
            code: "forbidden".into()
        }
    );
    assert!(
        !format!("{denied} {denied:?} {stranger:?}").contains("pdl_wrong_key"),
        "the key is never printed"
    );
    let before = log.lock().unwrap().len();
    assert_eq!(
        paddle.create_checkout(&checkout("ord126", 9)).await,
        Err(PaymentError::NotSupported),
        "no price for plan 9"
    );
    assert_eq!(log.lock().unwrap().len(), before, "nothing was sent for it");
    let garbled = paddle
        .create_checkout(&checkout("garbled", 1))
        .await
        .expect_err("unreadable 201");
    assert_eq!(garbled, PaymentError::BadResponse);
    assert!(garbled.is_uncertain());
}

#[tokio::test]
async fn paddle_slow_answer_is_a_timeout_and_not_retried() {
    let (base, log) = fake().await;
    let started = std::time::Instant::now();
    let error = provider(&base, SHORT_TIMEOUT)
        .create_checkout(&checkout("slow", 1))
        .await
        .expect_err("too slow");
    assert_eq!(error, PaymentError::Timeout);
    assert!(error.is_uncertain());
    assert!(started.elapsed() < SLOW_ANSWER, "gave up on time");
    assert_eq!(count_after_slow_answer(&log, "/transactions").await, 1);
    assert_eq!(count(&log, "/transactions"), 1);
}

/// A webhook request signed as Paddle signs: `ts=…;h1=hex(HMAC(secret, "ts:body"))`.
pub(crate) fn signed(secret: &str, ts: i64, body: &str) -> HeaderMap {
    let mac = hmac_sha256(
        secret.as_bytes(),
        &[ts.to_string().as_bytes(), b":", body.as_bytes()],
    );
    let mut headers = HeaderMap::new();
    headers.insert(
        "paddle-signature",
        format!("ts={ts};h1={}", hex(&mac)).parse().unwrap(),
    );
    headers
}

const COMPLETED: &str = r#"{"event_id":"evt_01h7jk37p1ezj1k5b4kt83t35j","event_type":"transaction.completed","occurred_at":"2024-01-11T08:34:01.787929Z","notification_id":"ntf_01h7jk37xbxzq9f7fdery7eab5","data":{"id":"txn_01h8bxpvx398a7zbawb77y0kp5","status":"completed","customer_id":"ctm_01h7hswb86rtps5ggbq7ybydcw","subscription_id":"sub_01h7ht5z5wdg9pz18jx1fagp8k","currency_code":"USD","origin":"web","custom_data":{"order_no":"ord123"},"items":[{"price":{"id":"pri_month"},"quantity":1}],"details":{"totals":{"subtotal":"99","tax":"0","total":"99","credit":"0","balance":"0","grand_total":"99","currency_code":"USD"}},"payments":[{"status":"captured","error_code":null}]}}"#;

pub(crate) async fn deliver(
    paddle: &PaddleProvider,
    headers: &HeaderMap,
    body: &str,
    now_ms: i64,
) -> Result<Vec<ProviderEvent>, WebhookError> {
    let req = WebhookRequest {
        headers,
        raw_body: body.as_bytes(),
        url: "https://ct.test/api_f/v1/payments/webhook/paddle",
        now_ms,
    };
    paddle.verify_webhook(&req).await
}

#[tokio::test]
async fn paddle_webhooks_verify_on_the_raw_body_within_the_window() {
    let paddle = provider("http://127.0.0.1:9", Duration::from_secs(5));
    let ts = 1_704_962_041;
    let now_ms = ts * 1000 + 2_000;
    let events = deliver(&paddle, &signed(SECRET, ts, COMPLETED), COMPLETED, now_ms)
        .await
        .expect("verified");
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].event_id, "evt_01h7jk37p1ezj1k5b4kt83t35j");
    assert_eq!(events[0].occurred_at_ms, 1_704_962_041_787);
    let EventKind::CheckoutPaid {
        order_no,
        provider_payment_ref,
        subscription_ref,
        amount,
        ..
    } = &events[0].kind
    else {
        panic!("{:?}", events[0].kind)
    };
    assert_eq!(
        (order_no.as_str(), provider_payment_ref.as_str()),
        ("ord123", "txn_01h8bxpvx398a7zbawb77y0kp5")
    );
    assert_eq!(
        subscription_ref.as_deref(),
        Some("sub_01h7ht5z5wdg9pz18jx1fagp8k")
    );
    assert_eq!(*amount, usd(99));

    let tampered = COMPLETED.replace(r#""grand_total":"99""#, r#""grand_total":"9""#);
    let headers = signed(SECRET, ts, COMPLETED);
    assert_eq!(
        deliver(&paddle, &headers, &tampered, now_ms).await,
        Err(WebhookError::BadSignature)
    );
    assert_eq!(
        deliver(
            &paddle,
            &signed("pdl_other", ts, COMPLETED),
            COMPLETED,
            now_ms
        )
        .await,
        Err(WebhookError::BadSignature)
    );
    assert_eq!(
        deliver(&paddle, &HeaderMap::new(), COMPLETED, now_ms).await,
        Err(WebhookError::MissingSignature)
    );
    let stale = deliver(&paddle, &headers, COMPLETED, now_ms + 10 * 60 * 1000).await;
    assert_eq!(stale, Err(WebhookError::Stale));
}

#[test]
fn paddle_config_is_all_or_nothing_and_keeps_secrets_out_of_debug() {
    let none: &dyn Fn(&str) -> Option<String> = &|_| None;
    assert!(PaddleConfig::from_vars(none).unwrap().is_none());
    let partial: &dyn Fn(&str) -> Option<String> =
        &|name| (name == "PADDLE_API_KEY").then(|| KEY.to_owned());
    let error = PaddleConfig::from_vars(partial).expect_err("incomplete");
    assert!(
        error.to_string().contains("PADDLE_WEBHOOK_SECRET"),
        "{error}"
    );
    let printed = format!("{:?}", config("https://api.paddle.com", KEY));
    assert!(
        !printed.contains(KEY) && !printed.contains(SECRET),
        "{printed}"
    );
}
