//! FastSpring adapter against a loopback fake of FastSpring's API (Basic
//! auth, session/return/cancel shapes, per-item results) and webhooks
//! signed the way FastSpring signs them.
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
use base64::Engine as _;
use serde_json::{json, Value};
use server::payments::{
    fastspring::{FastSpringConfig, FastSpringProvider},
    ChargeOutcome, CheckoutRequest, Customer, EventKind, Gateway, Money, PaymentError,
    ProviderEvent, RefundOutcome, RefundRequest, RenewalCharge, WebhookError, WebhookRequest,
};
use server::signing::hmac_sha256;
use std::{collections::HashMap, sync::Arc, time::Duration};

const USER: &str = "FS_API_USER";
const PASSWORD: &str = "fs-api-password";
const SECRET: &str = "fs_webhook_hmac_secret";

fn basic(user: &str, password: &str) -> String {
    format!(
        "Basic {}",
        base64::engine::general_purpose::STANDARD.encode(format!("{user}:{password}"))
    )
}

/// FastSpring's sessions, subscriptions and returns endpoints, as far as
/// the adapter uses them; behaviour is chosen by order number or id.
async fn fake_fastspring(
    State(log): State<Log>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let seen = Seen::new(method, &uri, headers, body);
    log.lock().unwrap().push(seen.clone());
    if seen.header("authorization") != Some(basic(USER, PASSWORD).as_str()) {
        return (StatusCode::UNAUTHORIZED, "Unauthorized").into_response();
    }
    let body = seen.json();
    match (seen.method.as_str(), seen.path.as_str()) {
        ("POST", "/sessions") => create_session(&body).await,
        ("DELETE", path) if path.starts_with("/subscriptions/") => {
            let id = path.trim_start_matches("/subscriptions/");
            let result = |result: &str, error: Value| json!({"subscriptions": [{"subscription": id, "action": "subscription.cancel", "result": result, "error": error}]});
            match (id, uri.query()) {
                ("sub_gone", _) => (StatusCode::BAD_REQUEST, Json(result("error", json!({"subscription": "Subscription not found"})))).into_response(),
                (_, None) => Json(json!({"subscriptions": [{"subscription": id, "action": "subscription.cancel", "result": "success"}]})).into_response(),
                // billingPeriod=0 would end it now; the adapter must not ask for that.
                (_, Some(_)) => (StatusCode::BAD_REQUEST, Json(result("error", json!({"billingPeriod": "unexpected"})))).into_response(),
            }
        }
        ("POST", "/returns") => {
            let item = &body["returns"][0];
            match (item["order"].as_str(), item["reason"].as_str(), item["notification"].as_str()) {
                // The ledger is the request log: an order returned before is
                // refused, whatever its id.
                (Some(order), ..) if returned_before(&log, order) => {
                    let error = json!({"returns": [{"action": "return.create", "result": "error", "error": {"order": "Order already returned"}}]});
                    (StatusCode::BAD_REQUEST, Json(error)).into_response()
                }
                (Some(_), Some(_), Some("ORIGINAL")) => Json(json!({"returns": [{"return": "ret_fs1", "reference": "RET-1", "completed": true, "action": "return.create", "result": "success"}]})).into_response(),
                _ => (StatusCode::BAD_REQUEST, Json(json!({"result": "error", "error": {"returns": "invalid"}}))).into_response(),
            }
        }
        _ => (StatusCode::NOT_FOUND, "Not Found").into_response(),
    }
}

/// Whether an earlier request (before the one just logged) returned `order`.
fn returned_before(log: &Log, order: &str) -> bool {
    let seen = log.lock().unwrap();
    let returns = seen
        .iter()
        .filter(|s| s.method == Method::POST && s.path == "/returns")
        .filter(|s| s.json()["returns"][0]["order"] == order);
    returns.count() > 1
}

async fn create_session(body: &Value) -> Response {
    let order_no = body["tags"]["order_no"].as_str().unwrap_or_default();
    let item = &body["items"][0];
    if order_no.is_empty() || body["contact"]["email"].as_str().is_none() || item["quantity"] != 1 {
        return (
            StatusCode::BAD_REQUEST,
            Json(json!({"result": "error", "error": {"session": "invalid"}})),
        )
            .into_response();
    }
    if item["product"] != "pro-monthly" {
        return (StatusCode::BAD_REQUEST, Json(json!({"action": "session.create", "result": "error", "error": {"items": "Product not found"}}))).into_response();
    }
    if order_no == "slow" {
        tokio::time::sleep(SLOW_ANSWER).await;
    }
    Json(json!({"id": format!("sess_{order_no}"), "currency": "USD", "expires": 1_700_086_400_000_i64, "order": null, "account": null, "subtotal": 29.99, "items": [{"product": "pro-monthly", "quantity": 1}]})).into_response()
}

async fn fake() -> (String, Log) {
    let log = Log::default();
    (
        serve(
            Router::new()
                .fallback(fake_fastspring)
                .with_state(log.clone()),
        )
        .await,
        log,
    )
}

fn config(base: &str, password: &str) -> FastSpringConfig {
    let vars: HashMap<&str, String> = HashMap::from([
        ("FASTSPRING_USERNAME", USER.to_owned()),
        ("FASTSPRING_PASSWORD", password.to_owned()),
        ("FASTSPRING_WEBHOOK_SECRET", SECRET.to_owned()),
        (
            "FASTSPRING_PRODUCT_PATHS",
            "1=pro-monthly,2=pro-retired".to_owned(),
        ),
        (
            "FASTSPRING_STOREFRONT",
            "https://ourstore.onfastspring.com/".to_owned(),
        ),
        ("FASTSPRING_API_BASE", base.to_owned()),
    ]);
    FastSpringConfig::from_vars(&|name| vars.get(name).cloned())
        .expect("valid")
        .expect("configured")
}

fn provider(base: &str, timeout: Duration) -> FastSpringProvider {
    FastSpringProvider::new(&config(base, PASSWORD), "https://ct.test", timeout).expect("provider")
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
        method: MethodChoice::FastSpring,
        customer: Customer {
            email: "payer@example.com".into(),
            name: Some("Ana Maria Cruz".into()),
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
        notify_url: "https://ct.test/api_f/v1/payments/webhook/fastspring".into(),
        device: None,
    }
}

#[tokio::test]
async fn fastspring_checkout_is_a_tagged_session_on_the_storefront() {
    let (base, log) = fake().await;
    let start = provider(&base, Duration::from_secs(5))
        .create_checkout(&checkout("ord123", 1))
        .await
        .expect("created");
    assert_eq!(
        start.redirect_url,
        "https://ourstore.onfastspring.com/session/sess_ord123"
    );
    assert_eq!(start.provider_ref.as_deref(), Some("sess_ord123"));
    let seen = log.lock().unwrap()[0].clone();
    assert_eq!(
        (seen.method.as_str(), seen.path.as_str()),
        ("POST", "/sessions")
    );
    assert_eq!(
        seen.json(),
        json!({
            "contact": {"email": "payer@example.com", "country": "US", "first": "Ana", "last": "Maria Cruz"},
            "items": [{"product": "pro-monthly", "quantity": 1}],
            "tags": {"order_no": "ord123"},
        })
    );
}

#[tokio::test]
async fn fastspring_cancels_at_the_next_billing_date_returns_orders_and_renews_itself() {
    let (base, log) = fake().await;
    let fs = provider(&base, Duration::from_secs(5));
    fs.cancel("sub_fs1").await.expect("cancel scheduled");
    let refund = RefundRequest {
        idempotency_key: "rf1".into(),
        provider_payment_ref: "ord_fs1".into(),
        amount: usd(99),
        order_no: "ord123".into(),
    };
    assert_eq!(
        fs.refund(&refund).await,
        Ok(RefundOutcome::Refunded {
            provider_ref: "ret_fs1".into()
        })
    );
    let seen = log.lock().unwrap().clone();
    assert_eq!(
        (seen[0].method.as_str(), seen[0].path.as_str()),
        ("DELETE", "/subscriptions/sub_fs1")
    );
    assert_eq!(
        seen[1].json(),
        json!({"returns": [{"order": "ord_fs1", "reason": "OTHER", "notification": "ORIGINAL"}]})
    );
    let renewal = RenewalCharge {
        idempotency_key: "ren1".into(),
        subscription_ref: Some("sub_fs1".into()),
        payment_token: None,
        amount: usd(2999),
        order_no: "ord123".into(),
        notify_url: String::new(),
        device: None,
    };
    // Through the gateway, as billing's renewal worker and reconciler call it.
    let fs = Gateway::FastSpring(Arc::new(fs));
    assert_eq!(
        fs.charge_renewal(&renewal).await,
        Ok(ChargeOutcome::ProviderManaged)
    );
    assert_eq!(fs.lookup_charge("ren1").await, Ok(None));
    assert_eq!(
        log.lock().unwrap().len(),
        2,
        "renewals and lookups call nobody"
    );
}

#[tokio::test]
async fn fastspring_refusals_name_the_field_and_are_certain() {
    let (base, _log) = fake().await;
    let fs = provider(&base, Duration::from_secs(5));
    let retired = fs
        .create_checkout(&checkout("ord124", 2))
        .await
        .expect_err("unknown product");
    assert_eq!(
        retired,
        PaymentError::Rejected {
            status: 400,
            code: "items".into()
        }
    );
    assert!(!retired.is_uncertain());
    assert_eq!(
        fs.cancel("sub_gone").await,
        Err(PaymentError::Rejected {
            status: 400,
            code: "subscription".into()
        })
    );
    let refund = RefundRequest {
        idempotency_key: "rf2".into(),
        provider_payment_ref: "ord_fs_once".into(),
        amount: usd(99),
        order_no: "o".into(),
    };
    assert!(fs.refund(&refund).await.is_ok(), "the first return");
    assert_eq!(
        fs.refund(&refund).await,
        Err(PaymentError::Rejected {
            status: 400,
            code: "order".into()
        })
    );
    assert_eq!(
        fs.cancel("../orders").await,
        Err(PaymentError::Rejected {
            status: 400,
            code: "invalid_id".into()
        })
    );
    let stranger = FastSpringProvider::new(
        &config(&base, "wrong-password-1"),
        "https://ct.test",
        Duration::from_secs(5),
    )
    .unwrap();
    let denied = stranger
        .create_checkout(&checkout("ord125", 1))
        .await
        .expect_err("bad credentials");
    assert_eq!(
        denied,
        PaymentError::Rejected {
            status: 401,
            code: "http_401".into()
        }
    );
    assert!(!format!("{denied:?} {stranger:?}").contains("wrong-password-1"));
}

#[tokio::test]
async fn fastspring_slow_answer_is_a_timeout_and_not_retried() {
    let (base, log) = fake().await;
    let error = provider(&base, SHORT_TIMEOUT)
        .create_checkout(&checkout("slow", 1))
        .await
        .expect_err("too slow");
    assert_eq!(error, PaymentError::Timeout);
    assert!(error.is_uncertain());
    assert_eq!(count_after_slow_answer(&log, "/sessions").await, 1);
    assert_eq!(count(&log, "/sessions"), 1);
}

const BATCH: &str = r#"{"events":[{"id":"evt_fs_1","live":false,"processed":false,"type":"order.completed","created":1700000000000,"data":{"order":"ord_fs1","id":"ord_fs1","reference":"FUR231114-1","completed":true,"currency":"USD","total":0.99,"totalDisplay":"$0.99","tags":{"order_no":"ord123"},"items":[{"product":"pro-monthly","quantity":1,"subtotal":0.99,"subscription":"sub_fs1"}]}},{"id":"evt_fs_2","live":false,"processed":false,"type":"subscription.charge.completed","created":1702600000000,"data":{"order":{"id":"ord_fs2","order":"ord_fs2"},"subscription":"sub_fs1","currency":"USD","total":29.99,"status":"successful","timestamp":1702600000000}}]}"#;

fn signed(secret: &str, body: &str) -> HeaderMap {
    let mut headers = HeaderMap::new();
    let mac = hmac_sha256(secret.as_bytes(), &[body.as_bytes()]);
    headers.insert(
        "X-FS-Signature",
        base64::engine::general_purpose::STANDARD
            .encode(mac)
            .parse()
            .unwrap(),
    );
    headers
}

async fn deliver(
    fs: &FastSpringProvider,
    headers: &HeaderMap,
    body: &str,
    now_ms: i64,
) -> Result<Vec<ProviderEvent>, WebhookError> {
    let req = WebhookRequest {
        headers,
        raw_body: body.as_bytes(),
        url: "https://ct.test/api_f/v1/payments/webhook/fastspring",
        now_ms,
    };
    fs.verify_webhook(&req).await
}

#[tokio::test]
async fn fastspring_webhooks_verify_on_the_raw_body() {
    let fs = provider("http://127.0.0.1:9", Duration::from_secs(5));
    let now = 1_702_600_001_000;
    let events = deliver(&fs, &signed(SECRET, BATCH), BATCH, now)
        .await
        .expect("verified");
    assert_eq!(events.len(), 2);
    assert_eq!(
        (events[0].event_id.as_str(), events[0].occurred_at_ms),
        ("evt_fs_1", 1_700_000_000_000)
    );
    let EventKind::CheckoutPaid {
        order_no,
        amount,
        subscription_ref,
        ..
    } = &events[0].kind
    else {
        panic!("{:?}", events[0].kind)
    };
    assert_eq!(
        (order_no.as_str(), amount, subscription_ref.as_deref()),
        ("ord123", &usd(99), Some("sub_fs1"))
    );
    let EventKind::RenewalPaid {
        subscription_ref,
        provider_payment_ref,
        amount,
        ..
    } = &events[1].kind
    else {
        panic!()
    };
    assert_eq!(
        (
            subscription_ref.as_deref(),
            provider_payment_ref.as_str(),
            amount
        ),
        (Some("sub_fs1"), "ord_fs2", &usd(2999))
    );

    let tampered = BATCH.replace("\"total\":29.99", "\"total\":2.99");
    assert_eq!(
        deliver(&fs, &signed(SECRET, BATCH), &tampered, now).await,
        Err(WebhookError::BadSignature)
    );
    assert_eq!(
        deliver(&fs, &signed("another", BATCH), BATCH, now).await,
        Err(WebhookError::BadSignature)
    );
    assert_eq!(
        deliver(&fs, &HeaderMap::new(), BATCH, now).await,
        Err(WebhookError::MissingSignature)
    );
    // FastSpring signs no timestamp and retries an unprocessed event with the
    // same id after 1 h, 2 h, 4 h, three times 6 h, then daily for up to 7
    // days: its last retry verifies, and the event id recognises it.
    let week_later = deliver(&fs, &signed(SECRET, BATCH), BATCH, now + 7 * 86_400_000)
        .await
        .expect("redelivery");
    assert_eq!(week_later, events);
}

#[test]
fn fastspring_config_is_all_or_nothing() {
    assert!(FastSpringConfig::from_vars(&|_| None).unwrap().is_none());
    let partial = |name: &str| (name == "FASTSPRING_USERNAME").then(|| USER.to_owned());
    let error = FastSpringConfig::from_vars(&partial).expect_err("incomplete");
    assert!(error.to_string().contains("FASTSPRING_PASSWORD"), "{error}");
    let printed = format!("{:?}", config("https://api.fastspring.com", PASSWORD));
    assert!(
        !printed.contains(PASSWORD) && !printed.contains(SECRET) && !printed.contains(USER),
        "{printed}"
    );
}
