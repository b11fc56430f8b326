//! dLocal adapter against a loopback fake of dLocal's Payins API that checks
//! what dLocal checks (credentials, X-Version, the V2-HMAC-SHA256 signature
//! of X-Login + X-Date + body, unique order ids, idempotency keys) and
//! notifications signed the way dLocal signs them.
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
    dlocal::{DLocalConfig, DLocalProvider},
    wire, ChargeOutcome, CheckoutRequest, Customer, EventKind, Money, PaymentError, ProviderEvent,
    RefundOutcome, RefundRequest, RenewalCharge, WebhookError, WebhookRequest,
};
use server::signing::{hex, hmac_sha256};
use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
    time::Duration,
};

const LOGIN: &str = "sak223k2wdksdl2";
const TRANS_KEY: &str = "fm12O7G9";
const SECRET_KEY: &str = "dlocal-secret-key";

fn sign(login: &str, x_date: &str, body: &[u8]) -> String {
    hex(&hmac_sha256(
        SECRET_KEY.as_bytes(),
        &[login.as_bytes(), x_date.as_bytes(), body],
    ))
}

fn error(status: StatusCode, code: i64, message: &str) -> Response {
    (status, Json(json!({"code": code, "message": message}))).into_response()
}

#[derive(Clone, Default)]
struct Fake {
    log: Log,
    /// Payments by order id, as `GET /orders/{id}` returns them.
    orders: Arc<Mutex<HashMap<String, Value>>>,
}

/// Whether the request is signed and authenticated as dLocal requires.
fn authentic(seen: &Seen) -> bool {
    let (Some(x_date), Some(auth)) = (seen.header("x-date"), seen.header("authorization")) else {
        return false;
    };
    seen.header("x-login") == Some(LOGIN)
        && seen.header("x-trans-key") == Some(TRANS_KEY)
        && seen.header("x-version") == Some("2.1")
        && wire::rfc3339_ms(x_date).is_some()
        && auth
            == format!(
                "V2-HMAC-SHA256, Signature: {}",
                sign(LOGIN, x_date, &seen.body)
            )
}

async fn fake_dlocal(
    State(fake): State<Fake>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let seen = Seen::new(method, &uri, headers, body);
    fake.log.lock().unwrap().push(seen.clone());
    if !authentic(&seen) {
        return error(StatusCode::FORBIDDEN, 3001, "Invalid credentials.");
    }
    match (seen.method.as_str(), seen.path.as_str()) {
        ("POST", "/payments") => create_payment(&fake, &seen).await,
        ("POST", "/refunds") => {
            let body = seen.json();
            // dLocal documents no idempotency header: one is never honoured.
            if body["notification_url"].as_str().is_none() {
                return error(StatusCode::BAD_REQUEST, 5001, "Missing parameter.");
            }
            // The ledger is the request log: a payment refunded in full before
            // has nothing left to refund, whatever key a request carries.
            let earlier = fake.log.lock().unwrap().iter().filter(|s| s.path == "/refunds" && s.json()["payment_id"] == body["payment_id"]).count();
            if earlier > 1 {
                return error(StatusCode::BAD_REQUEST, 5008, "Amount exceeded.");
            }
            Json(json!({"id": "REF-1", "payment_id": body["payment_id"], "status": "PENDING", "status_code": 100, "amount": body["amount"], "currency": body["currency"]})).into_response()
        }
        ("GET", path) if path.starts_with("/orders/") => match fake.orders.lock().unwrap().get(path.trim_start_matches("/orders/")) {
            Some(payment) => Json(json!({"payment_id": payment["id"], "order_id": payment["order_id"], "status": payment["status"], "status_code": payment["status_code"]})).into_response(),
            None => error(StatusCode::NOT_FOUND, 4000, "Payment not found."),
        },
        _ => error(StatusCode::NOT_FOUND, 4000, "Not found."),
    }
}

/// dLocal's country tables: (country, currency, `payment_method_id`,
/// allowed flows) for the Philippines and Indonesia.
const METHODS: [(&str, &str, &str, &[&str]); 9] = [
    ("PH", "PHP", "GY", &["REDIRECT"]),
    ("PH", "PHP", "PM", &["REDIRECT"]),
    ("ID", "IDR", "QR", &["DIRECT", "REDIRECT"]),
    ("ID", "IDR", "XW", &["REDIRECT"]),
    ("ID", "IDR", "OV", &["DIRECT"]),
    ("ID", "IDR", "DN", &["DIRECT", "REDIRECT"]),
    ("ID", "IDR", "SO", &["REDIRECT"]),
    ("ID", "IDR", "LK", &["REDIRECT"]),
    ("ID", "IDR", "XU", &["REDIRECT"]),
];

/// Wallets charged only with the payer present: GrabPay, Maya, QRIS, OVO's
/// redirect flow, ShopeePay.
const PAYER_ONLY: [&str; 5] = ["GY", "PM", "QR", "XW", "SO"];

/// A method, country, currency or flow dLocal does not list together; an
/// IDR amount with decimals (the rupiah has none).
fn undocumented(body: &Value) -> Option<Response> {
    let text = |k: &str| body[k].as_str().unwrap_or_default().to_owned();
    let (country, currency, method, flow) = (
        text("country"),
        text("currency"),
        text("payment_method_id"),
        text("payment_method_flow"),
    );
    let listed = METHODS
        .iter()
        .find(|(c, _, m, _)| (*c, *m) == (country.as_str(), method.as_str()));
    let Some((_, cur, _, flows)) = listed else {
        return Some(error(
            StatusCode::BAD_REQUEST,
            5014,
            "Payment method not supported.",
        ));
    };
    if *cur != currency || !flows.contains(&flow.as_str()) {
        return Some(error(
            StatusCode::BAD_REQUEST,
            5014,
            "Payment method flow not supported.",
        ));
    }
    let whole = body["amount"].as_f64().is_some_and(|a| a.fract() == 0.0);
    (currency == "IDR" && !whole).then(|| error(StatusCode::BAD_REQUEST, 5001, "Invalid amount."))
}

async fn create_payment(fake: &Fake, seen: &Seen) -> Response {
    let body = seen.json();
    let order_id = body["order_id"].as_str().unwrap_or_default().to_owned();
    if order_id.is_empty()
        || seen.header("x-idempotency-key") != Some(order_id.as_str())
        || body["notification_url"].as_str().is_none()
    {
        return error(StatusCode::BAD_REQUEST, 5001, "Missing parameter.");
    }
    if fake.orders.lock().unwrap().contains_key(&order_id) {
        return error(StatusCode::BAD_REQUEST, 5009, "Order ID is duplicated.");
    }
    let direct = body["payment_method_flow"] == "DIRECT";
    if let Some(refusal) = undocumented(&body) {
        return refusal;
    }
    // No saved-token charge of a wallet dLocal takes only with the payer
    // (REDIRECT-only, or a QR code the payer scans): the legacy wallet-token
    // model is closed to new merchants.
    let method = body["payment_method_id"].as_str().unwrap_or_default();
    if body["wallet"]["token"].is_string() && PAYER_ONLY.contains(&method) {
        return error(
            StatusCode::BAD_REQUEST,
            5014,
            "Payment method flow not supported.",
        );
    }
    // A REDIRECT needs device.type, and every payment the payer's name and
    // document (Indonesia's NIK has 16 digits).
    let payer = &body["payer"];
    let document = payer["document"].as_str().unwrap_or_default();
    let nik = body["country"] != "ID"
        || (document.len() == 16 && document.bytes().all(|b| b.is_ascii_digit()));
    if !direct
        && (!["MOBILE", "DESKTOP"].contains(&body["device"]["type"].as_str().unwrap_or_default())
            || !payer["name"].is_string()
            || !payer["document"].is_string()
            || !nik)
    {
        return error(StatusCode::BAD_REQUEST, 5001, "Missing parameter.");
    }
    let (status, code) = match (direct, body["wallet"]["token"].as_str()) {
        (false, _) => ("PENDING", "100"),
        (true, Some("W-good")) => ("PAID", "200"),
        (true, Some("W-empty")) => ("REJECTED", "302"),
        (true, _) => {
            return error(
                StatusCode::BAD_REQUEST,
                5008,
                "Token not found or inactive.",
            )
        }
    };
    if order_id == "slow" {
        tokio::time::sleep(SLOW_ANSWER).await;
    }
    let payment = json!({
        "id": format!("D-4-{order_id}"), "amount": body["amount"], "currency": body["currency"], "country": body["country"],
        "payment_method_id": body["payment_method_id"], "payment_method_flow": body["payment_method_flow"],
        "status": status, "status_code": code, "order_id": order_id, "notification_url": body["notification_url"],
        "redirect_url": if direct { Value::Null } else { json!(format!("https://pay.dlocal.test/collect/{order_id}")) },
    });
    fake.orders
        .lock()
        .unwrap()
        .insert(order_id, payment.clone());
    Json(payment).into_response()
}

async fn fake() -> (String, Log) {
    let fake = Fake::default();
    (
        serve(Router::new().fallback(fake_dlocal).with_state(fake.clone())).await,
        fake.log,
    )
}

fn config(base: &str, trans_key: &str) -> DLocalConfig {
    let vars: HashMap<&str, String> = HashMap::from([
        ("DLOCAL_LOGIN", LOGIN.to_owned()),
        ("DLOCAL_TRANS_KEY", trans_key.to_owned()),
        ("DLOCAL_SECRET_KEY", SECRET_KEY.to_owned()),
        ("DLOCAL_API_BASE", base.to_owned()),
    ]);
    DLocalConfig::from_vars(&|name| vars.get(name).cloned())
        .expect("valid")
        .expect("configured")
}

fn provider(base: &str, timeout: Duration) -> DLocalProvider {
    DLocalProvider::new(&config(base, TRANS_KEY), "https://ct.test/", timeout).expect("provider")
}

fn php(minor: i64) -> Money {
    Money {
        minor,
        currency: "PHP".into(),
        exponent: 2,
    }
}

fn checkout(order_no: &str, method: MethodChoice) -> CheckoutRequest {
    CheckoutRequest {
        order_no: order_no.into(),
        method,
        customer: Customer {
            email: "payer@example.com".into(),
            name: Some("Juan Cruz".into()),
            document: Some("123456789012".into()),
            country: "PH".into(),
            ..Default::default()
        },
        locale: "en".into(),
        first_charge: php(1_990),
        renewal: php(19_900),
        cycle: Cycle::Month,
        trial_days: 1,
        skips_trial: false,
        plan_id: 1,
        return_url: "https://ct.test/pay-result?orderNo=o1".into(),
        cancel_url: "https://ct.test/pay-method?planId=1".into(),
        notify_url: "https://ct.test/api_f/v1/payments/webhook/dlocal".into(),
        device: None,
    }
}

fn renewal(key: &str, token: Option<&str>) -> RenewalCharge {
    RenewalCharge {
        idempotency_key: key.into(),
        subscription_ref: None,
        payment_token: token.map(str::to_owned),
        amount: php(19_900),
        order_no: "ord123".into(),
        notify_url: "https://ct.test/api_f/v1/payments/webhook/dlocal".into(),
        device: None,
    }
}

#[tokio::test]
async fn dlocal_checkout_is_a_signed_redirect_payment_named_by_the_order() {
    let (base, log) = fake().await;
    let dlocal = provider(&base, Duration::from_secs(5));
    let start = dlocal
        .create_checkout(&checkout("ord123", MethodChoice::Grabpay))
        .await
        .expect("created");
    assert_eq!(start.redirect_url, "https://pay.dlocal.test/collect/ord123");
    assert_eq!(start.provider_ref.as_deref(), Some("D-4-ord123"));
    let seen = log.lock().unwrap()[0].clone();
    let text = std::str::from_utf8(&seen.body).unwrap();
    assert!(
        text.contains(r#""amount":19.90"#),
        "the amount is written from minor units: {text}"
    );
    let body = seen.json();
    assert_eq!(
        (body["currency"].as_str(), body["country"].as_str()),
        (Some("PHP"), Some("PH"))
    );
    assert_eq!(
        (
            body["payment_method_id"].as_str(),
            body["payment_method_flow"].as_str()
        ),
        (Some("GY"), Some("REDIRECT"))
    );
    assert_eq!(
        body["callback_url"],
        "https://ct.test/pay-result?orderNo=o1"
    );
    assert_eq!(
        body["notification_url"],
        "https://ct.test/api_f/v1/payments/webhook/dlocal"
    );
    assert_eq!(body["device"], json!({"type": "DESKTOP"}));
    assert_eq!(
        (
            body["payer"]["name"].as_str(),
            body["payer"]["document"].as_str()
        ),
        (Some("Juan Cruz"), Some("123456789012"))
    );
    assert!(body.get("wallet").is_none(), "no legacy wallet saving");
    assert_eq!(seen.header("x-idempotency-key"), Some("ord123"));
    let again = dlocal
        .create_checkout(&checkout("ord123", MethodChoice::Paymaya))
        .await
        .expect_err("dLocal dedupes order ids");
    assert_eq!(
        again,
        PaymentError::Rejected {
            status: 400,
            code: "5009".into()
        }
    );
    assert_eq!(
        dlocal
            .create_checkout(&checkout("ord124", MethodChoice::Card))
            .await,
        Err(PaymentError::NotSupported)
    );
}

#[tokio::test]
async fn dlocal_redirect_only_wallets_are_never_charged_without_the_payer() {
    let (base, log) = fake().await;
    let dlocal = provider(&base, Duration::from_secs(5));
    for token in [Some("PH:GY:W-good"), Some("PH:PM:W-good"), None] {
        assert_eq!(
            dlocal.charge_renewal(&renewal("ren-1", token)).await,
            Err(PaymentError::NotSupported),
            "{token:?}: GrabPay and Maya take REDIRECT payments only"
        );
    }
    assert!(log.lock().unwrap().is_empty(), "nothing sent");
    dlocal
        .create_checkout(&checkout("ren-1", MethodChoice::Paymaya))
        .await
        .expect("created");
    assert_eq!(
        dlocal.lookup_charge("ren-1").await,
        Ok(Some(ChargeOutcome::Pending {
            provider_ref: "D-4-ren-1".into()
        }))
    );
    assert_eq!(dlocal.lookup_charge("ren-9").await, Ok(None));
    dlocal
        .cancel("anything")
        .await
        .expect("renewals are ours: nothing to cancel at dLocal");
    let refund = RefundRequest {
        idempotency_key: "rf-1".into(),
        provider_payment_ref: "D-4-ren-1".into(),
        amount: php(5_050),
        order_no: "ord123".into(),
    };
    assert_eq!(
        dlocal.refund(&refund).await,
        Ok(RefundOutcome::Pending {
            provider_ref: "REF-1".into()
        })
    );
    let seen = log.lock().unwrap().last().cloned().unwrap();
    assert!(std::str::from_utf8(&seen.body)
        .unwrap()
        .contains(r#""amount":50.50"#));
    assert_eq!(seen.json()["payment_id"], "D-4-ren-1");
    assert_eq!(
        seen.json()["notification_url"],
        "https://ct.test/api_f/v1/payments/webhook/dlocal"
    );
    assert_eq!(
        seen.header("x-idempotency-key"),
        None,
        "dLocal documents no idempotency key"
    );
    assert_eq!(
        dlocal.refund(&refund).await,
        Err(PaymentError::Rejected {
            status: 400,
            code: "5008".into()
        }),
        "a second full refund of the payment is refused"
    );
}

#[tokio::test]
async fn dlocal_refusals_carry_the_numeric_code() {
    let (base, _log) = fake().await;
    let stranger = DLocalProvider::new(
        &config(&base, "wrong-trans-key"),
        "https://ct.test",
        Duration::from_secs(5),
    )
    .unwrap();
    let denied = stranger
        .create_checkout(&checkout("ord200", MethodChoice::Grabpay))
        .await
        .expect_err("bad credentials");
    assert_eq!(
        denied,
        PaymentError::Rejected {
            status: 403,
            code: "3001".into()
        }
    );
    assert!(!denied.is_uncertain());
    assert!(!format!("{denied:?} {stranger:?}").contains("wrong-trans-key"));
    let dlocal = provider(&base, Duration::from_secs(5));
    let mut anonymous = checkout("ord201", MethodChoice::Grabpay);
    anonymous.customer.document = None;
    assert_eq!(
        dlocal.create_checkout(&anonymous).await,
        Err(PaymentError::Rejected {
            status: 400,
            code: "payer_name_and_document".into()
        }),
        "dLocal requires the payer's name and document: refused unsent"
    );
}

#[tokio::test]
async fn dlocal_a_phone_checkout_says_so_in_device_type() {
    let (base, log) = fake().await;
    let dlocal = provider(&base, Duration::from_secs(5));
    let mut phone = checkout("ord300", MethodChoice::Grabpay);
    phone.device = Some(server::payments::PayerDevice {
        ip: "203.0.113.7".into(),
        user_agent: "Mozilla/5.0 (Linux; Android 14) Mobile".into(),
    });
    dlocal.create_checkout(&phone).await.expect("created");
    let body = log.lock().unwrap()[0].json();
    assert_eq!(body["device"], json!({"type": "MOBILE"}));
}

#[tokio::test]
async fn dlocal_slow_answer_is_a_timeout_and_not_retried() {
    let (base, log) = fake().await;
    let error = provider(&base, SHORT_TIMEOUT)
        .create_checkout(&checkout("slow", MethodChoice::Paymaya))
        .await
        .expect_err("too slow");
    assert_eq!(error, PaymentError::Timeout);
    assert!(error.is_uncertain());
    assert_eq!(count_after_slow_answer(&log, "/payments").await, 1);
    assert_eq!(count(&log, "/payments"), 1);
}

const PAID: &str = r#"{"id":"D-4-be8eda8c","amount":19.90,"status":"PAID","status_detail":"The payment was paid.","status_code":"200","currency":"PHP","country":"PH","payment_method_id":"GY","payment_method_type":"TICKET","payment_method_flow":"REDIRECT","payer":{"name":"Juan Cruz","email":"payer@example.com"},"wallet":{"token":"W-good"},"order_id":"ord123","notification_url":"https://ct.test/api_f/v1/payments/webhook/dlocal","created_date":"2024-03-01T10:00:00.000+0000"}"#;

fn signed(login: &str, x_date: &str, body: &str) -> HeaderMap {
    let mut headers = HeaderMap::new();
    headers.insert("X-Date", x_date.parse().unwrap());
    headers.insert("X-Login", login.parse().unwrap());
    headers.insert(
        "Authorization",
        format!(
            "V2-HMAC-SHA256, Signature: {}",
            sign(login, x_date, body.as_bytes())
        )
        .parse()
        .unwrap(),
    );
    headers
}

async fn deliver(
    dlocal: &DLocalProvider,
    headers: &HeaderMap,
    body: &str,
    now_ms: i64,
) -> Result<Vec<ProviderEvent>, WebhookError> {
    let req = WebhookRequest {
        headers,
        raw_body: body.as_bytes(),
        url: "https://ct.test/api_f/v1/payments/webhook/dlocal",
        now_ms,
    };
    dlocal.verify_webhook(&req).await
}

#[tokio::test]
async fn dlocal_notifications_verify_with_x_date_in_the_window() {
    let dlocal = provider("http://127.0.0.1:9", Duration::from_secs(5));
    let x_date = "2024-03-01T10:00:05.123Z";
    let now = wire::rfc3339_ms(x_date).unwrap() + 1_000;
    let events = deliver(&dlocal, &signed(LOGIN, x_date, PAID), PAID, now)
        .await
        .expect("verified");
    assert_eq!(
        (events[0].event_id.as_str(), events[0].occurred_at_ms),
        ("D-4-be8eda8c:PAID", now - 1_000)
    );
    assert_eq!(
        events[0].kind,
        EventKind::CheckoutPaid {
            order_no: "ord123".into(),
            provider_payment_ref: "D-4-be8eda8c".into(),
            subscription_ref: None,
            payment_token: Some("PH:GY:W-good".into()),
            amount: php(1_990),
            tax_minor: 0,
            instrument: None,
            instrument_country: None,
        }
    );
    let tampered = PAID.replace("19.90", "1.99");
    assert_eq!(
        deliver(&dlocal, &signed(LOGIN, x_date, PAID), &tampered, now).await,
        Err(WebhookError::BadSignature)
    );
    assert_eq!(
        deliver(
            &dlocal,
            &signed("another-merchant", x_date, PAID),
            PAID,
            now
        )
        .await,
        Err(WebhookError::BadSignature)
    );
    let mut unsigned = signed(LOGIN, x_date, PAID);
    unsigned.remove("authorization");
    assert_eq!(
        deliver(&dlocal, &unsigned, PAID, now).await,
        Err(WebhookError::MissingSignature)
    );
    // dLocal retries for days and documents no fresh X-Date per retry: a
    // retry with the first X-Date is taken, named like the first delivery.
    let first = deliver(&dlocal, &signed(LOGIN, x_date, PAID), PAID, now).await;
    let late = now + 4 * 86_400_000;
    let retry = deliver(&dlocal, &signed(LOGIN, x_date, PAID), PAID, late).await;
    assert_eq!(retry, first);
    assert!(retry.is_ok());
}

#[test]
fn dlocal_config_is_all_or_nothing() {
    assert!(DLocalConfig::from_vars(&|_| None).unwrap().is_none());
    let partial = |name: &str| (name == "DLOCAL_LOGIN").then(|| LOGIN.to_owned());
    let error = DLocalConfig::from_vars(&partial).expect_err("incomplete");
    assert!(error.to_string().contains("DLOCAL_TRANS_KEY"), "{error}");
    let printed = format!("{:?}", config("https://api.dlocal.com", TRANS_KEY));
    assert!(
        !printed.contains(TRANS_KEY) && !printed.contains(SECRET_KEY) && !printed.contains(LOGIN),
        "{printed}"
    );
}

fn idr(minor: i64) -> Money {
    Money {
        minor,
        currency: "IDR".into(),
        exponent: 0,
    }
}

fn indonesian(order_no: &str, method: MethodChoice, nik: &str) -> CheckoutRequest {
    let mut req = checkout(order_no, method);
    req.customer.country = "ID".into();
    req.customer.name = Some("Siti Rahayu".into());
    req.customer.document = Some(nik.into());
    req.first_charge = idr(300);
    req.renewal = idr(190_000);
    req
}

#[tokio::test]
async fn dlocal_indonesian_wallets_use_their_documented_ids_and_whole_rupiah() {
    let (base, log) = fake().await;
    let dlocal = provider(&base, Duration::from_secs(5));
    let nik = "3171234567890123";
    for (i, (method, id)) in [
        (MethodChoice::Qris, "QR"),
        (MethodChoice::Ovo, "XW"),
        (MethodChoice::Shopeepay, "SO"),
    ]
    .into_iter()
    .enumerate()
    {
        let order = format!("idr{i}");
        dlocal
            .create_checkout(&indonesian(&order, method, nik))
            .await
            .unwrap_or_else(|e| panic!("{method:?}: {e:?}"));
        let seen = log.lock().unwrap().last().unwrap().clone();
        let text = std::str::from_utf8(&seen.body).unwrap().to_owned();
        assert!(
            text.contains(r#""amount":300,"#),
            "no decimals in rupiah: {text}"
        );
        let body = seen.json();
        assert_eq!(body["payment_method_id"], id);
        assert_eq!(body["payment_method_flow"], "REDIRECT");
        assert_eq!(
            (body["country"].as_str(), body["currency"].as_str()),
            (Some("ID"), Some("IDR"))
        );
        // No token is documented for these wallets: a renewal needs the payer.
        let token = format!("ID:{id}:tok");
        assert_eq!(
            dlocal
                .charge_renewal(&renewal("ren-id", Some(&token)))
                .await,
            Err(PaymentError::NotSupported)
        );
    }
    let sent = log.lock().unwrap().len();
    assert_eq!(sent, 3, "renewals were refused here, unsent");
    let short = dlocal
        .create_checkout(&indonesian("idr9", MethodChoice::Qris, "12345"))
        .await;
    assert_eq!(
        short,
        Err(PaymentError::Rejected {
            status: 400,
            code: "5001".into()
        }),
        "dLocal requires the 16-digit NIK in Indonesia"
    );
}

#[tokio::test]
async fn the_fake_refuses_a_saved_token_charge_of_a_wallet_taken_only_with_the_payer() {
    let (base, _log) = fake().await;
    let client = reqwest::Client::new();
    for (country, currency, method) in [
        ("PH", "PHP", "GY"),
        ("PH", "PHP", "PM"),
        ("ID", "IDR", "QR"),
        ("ID", "IDR", "XW"),
        ("ID", "IDR", "SO"),
    ] {
        let order_id = format!("renew_7_1_{method}");
        let body = json!({
            "amount": 190000, "currency": currency, "country": country,
            "payment_method_id": method, "payment_method_flow": "DIRECT",
            "payer": {"user_reference": "CT01"}, "wallet": {"token": "W-good"},
            "order_id": order_id, "notification_url": "https://ct.test/api_f/v1/payments/webhook/dlocal",
        })
        .to_string();
        let x_date = wire::iso_ms(server::clock::now_ms());
        let signature = sign(LOGIN, &x_date, body.as_bytes());
        let res = client
            .post(format!("{base}/payments"))
            .header("X-Date", &x_date)
            .header("X-Login", LOGIN)
            .header("X-Trans-Key", TRANS_KEY)
            .header("X-Version", "2.1")
            .header("X-Idempotency-Key", &order_id)
            .header("Content-Type", "application/json")
            .header(
                "Authorization",
                format!("V2-HMAC-SHA256, Signature: {signature}"),
            )
            .body(body)
            .send()
            .await
            .expect("answered");
        assert_eq!(res.status().as_u16(), 400, "{method}");
        let answer: Value = res.json().await.unwrap();
        assert_eq!(answer["code"], 5014, "{method}: as dLocal refuses it");
    }
}
