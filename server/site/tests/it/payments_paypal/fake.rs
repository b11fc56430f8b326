//! A loopback PayPal: OAuth2 client credentials, Subscriptions v1 (create,
//! show, transactions, cancel), v1 sale refunds and
//! verify-webhook-signature, each checking what PayPal checks (credentials,
//! bearer token, `PayPal-Request-Id` replays, JSON shape, the transmission
//! signature over `id|time|webhook_id|crc32(event)` with PayPal's key).
use axum::{
    body::Bytes,
    extract::{Path, Query, State},
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    routing::{get, post},
    Json, Router,
};
use base64::{engine::general_purpose::STANDARD, Engine as _};
use rsa::pkcs1v15::{Signature, SigningKey, VerifyingKey};
use rsa::sha2::Sha256;
use rsa::signature::{SignatureEncoding as _, Signer as _, Verifier as _};
use serde_json::{json, value::RawValue, Value};
use server::payments::wire::{iso_ms_offset as rfc3339_ms, rfc3339_ms as parse_rfc3339_ms};
use std::{
    collections::HashMap,
    sync::{Arc, LazyLock, Mutex},
    time::Duration,
};

pub const CLIENT_ID: &str = "AYSq3RDGsmBLJE-otTkBtM-jBRd1TCQwFf9RGfwddNXWz0uFU9ztymylOhRS";
pub const SECRET: &str = "EGnHDxD_qRPdaLdZz8iCr8N7_MzF-YHPTkjs6NKYQvQSBngp4PTTVWkPZRbL";
pub const WEBHOOK_ID: &str = "1JE4291016473214C";
pub const CERT_URL: &str =
    "https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77";
/// Plans the fake knows; `P-SLOW` answers only after [`SLOW_ANSWER`].
pub const PLANS: [&str; 2] = ["P-5ML4271244454362WXNWU5NQ", "P-SLOW"];
pub const SLOW_ANSWER: Duration = Duration::from_secs(2);

/// PayPal's webhook signing key (a throw-away one for the whole test run).
pub static PAYPAL_KEY: LazyLock<rsa::RsaPrivateKey> =
    LazyLock::new(|| rsa::RsaPrivateKey::new(&mut rand_core::OsRng, 2048).expect("key"));

#[derive(Default)]
pub struct Ledger {
    /// Seconds each issued token lives.
    pub token_life_secs: u64,
    pub tokens: Vec<String>,
    /// Subscription creates received (replays included) and what was sent.
    pub creates: Vec<(Option<String>, Value)>,
    pub subscriptions: HashMap<String, Value>,
    replies: HashMap<String, (StatusCode, Value)>,
    /// Transactions per subscription, as `GET …/transactions` lists them.
    pub transactions: HashMap<String, Vec<Value>>,
    /// Sales that can be refunded: id → amount.
    pub sales: HashMap<String, (String, String)>,
    pub refunds: Vec<(Option<String>, Value)>,
    pub verify_calls: u32,
    /// Makes verify-webhook-signature answer 503.
    pub verify_down: bool,
}

pub type Shared = Arc<Mutex<Ledger>>;

pub struct FakePaypal {
    pub base: String,
    pub ledger: Shared,
}

pub async fn start(token_life_secs: u64) -> FakePaypal {
    let ledger: Shared = Arc::new(Mutex::new(Ledger {
        token_life_secs,
        ..Ledger::default()
    }));
    let router = Router::new()
        .route("/v1/oauth2/token", post(token))
        .route("/v1/billing/subscriptions", post(create))
        .route("/v1/billing/subscriptions/{id}", get(show))
        .route(
            "/v1/billing/subscriptions/{id}/transactions",
            get(transactions),
        )
        .route("/v1/billing/subscriptions/{id}/cancel", post(cancel))
        .route("/v1/payments/sale/{id}/refund", post(refund))
        .route("/v1/notifications/verify-webhook-signature", post(verify))
        .with_state(ledger.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind the fake");
    let addr = listener.local_addr().expect("local address");
    tokio::spawn(async move {
        axum::serve(listener, router)
            .await
            .expect("fake PayPal serves")
    });
    FakePaypal {
        base: format!("http://{addr}"),
        ledger,
    }
}

fn error(status: StatusCode, name: &str, issue: Option<&str>) -> Response {
    let details: Vec<Value> = issue
        .map(|i| json!({"issue": i, "description": "see issue"}))
        .into_iter()
        .collect();
    (
        status,
        Json(json!({"name": name, "message": "refused", "debug_id": "f00d", "details": details})),
    )
        .into_response()
}

fn authorized(ledger: &Shared, headers: &HeaderMap) -> bool {
    let given = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    given.is_some_and(|t| {
        ledger
            .lock()
            .unwrap()
            .tokens
            .iter()
            .any(|issued| issued == t)
    })
}

async fn token(State(ledger): State<Shared>, headers: HeaderMap, body: String) -> Response {
    let basic = format!("Basic {}", STANDARD.encode(format!("{CLIENT_ID}:{SECRET}")));
    let form_ok = headers
        .get("content-type")
        .is_some_and(|v| v == "application/x-www-form-urlencoded")
        && body == "grant_type=client_credentials";
    if headers.get("authorization").and_then(|v| v.to_str().ok()) != Some(basic.as_str())
        || !form_ok
    {
        let body =
            json!({"error": "invalid_client", "error_description": "Client Authentication failed"});
        return (StatusCode::UNAUTHORIZED, Json(body)).into_response();
    }
    let mut ledger = ledger.lock().unwrap();
    let access = format!("A21AAF{}", ledger.tokens.len() + 1);
    ledger.tokens.push(access.clone());
    Json(json!({"scope": "https://uri.paypal.com/services/subscriptions", "access_token": access,
        "token_type": "Bearer", "app_id": "APP-80W284485P519543T", "expires_in": ledger.token_life_secs,
        "nonce": "2020-04-03T15:35:36ZaYZlGvEkV4yVSz8g6bAKFoGSEzuy3CQcz3ljhibkOHg"}))
    .into_response()
}

async fn create(State(ledger): State<Shared>, headers: HeaderMap, body: Bytes) -> Response {
    if !authorized(&ledger, &headers) {
        return error(StatusCode::UNAUTHORIZED, "AUTHENTICATION_FAILURE", None);
    }
    let request_id = headers
        .get("paypal-request-id")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let Ok(sent) = serde_json::from_slice::<Value>(&body) else {
        return error(
            StatusCode::BAD_REQUEST,
            "INVALID_REQUEST",
            Some("MALFORMED_REQUEST_JSON"),
        );
    };
    ledger
        .lock()
        .unwrap()
        .creates
        .push((request_id.clone(), sent.clone()));
    let plan = sent["plan_id"].as_str().unwrap_or_default().to_owned();
    if plan == "P-SLOW" {
        tokio::time::sleep(SLOW_ANSWER).await;
    }
    if let Some((status, reply)) = request_id
        .as_ref()
        .and_then(|id| ledger.lock().unwrap().replies.get(id).cloned())
    {
        return (status, Json(reply)).into_response();
    }
    let context = &sent["application_context"];
    let complete = ["return_url", "cancel_url"].iter().all(|k| {
        context[k]
            .as_str()
            .is_some_and(|u| u.starts_with("https://"))
    }) && sent["custom_id"].is_string()
        && sent["subscriber"]["email_address"].is_string();
    if !PLANS.contains(&plan.as_str()) || !complete {
        return error(
            StatusCode::BAD_REQUEST,
            "INVALID_REQUEST",
            Some("INVALID_PARAMETER_VALUE"),
        );
    }
    let mut ledger = ledger.lock().unwrap();
    let id = format!("I-BW452GLLEP1G{}", ledger.subscriptions.len() + 1);
    let now = rfc3339_ms(server::clock::now_ms());
    let subscription = json!({"id": id, "plan_id": plan, "status": "APPROVAL_PENDING", "custom_id": sent["custom_id"],
        "create_time": now, "start_time": now, "quantity": "1", "billing_info": {"failed_payments_count": 0}});
    ledger.subscriptions.insert(id.clone(), subscription);
    let reply = json!({"id": id, "status": "APPROVAL_PENDING", "status_update_time": now, "plan_id": plan,
        "create_time": now, "links": [
            {"href": format!("https://www.paypal.com/webapps/billing/subscriptions?ba_token=BA-{id}"), "rel": "approve", "method": "GET"},
            {"href": format!("https://api-m.paypal.com/v1/billing/subscriptions/{id}"), "rel": "edit", "method": "PATCH"},
            {"href": format!("https://api-m.paypal.com/v1/billing/subscriptions/{id}"), "rel": "self", "method": "GET"}]});
    if let Some(request_id) = request_id {
        ledger
            .replies
            .insert(request_id, (StatusCode::CREATED, reply.clone()));
    }
    (StatusCode::CREATED, Json(reply)).into_response()
}

async fn show(
    State(ledger): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    if !authorized(&ledger, &headers) {
        return error(StatusCode::UNAUTHORIZED, "AUTHENTICATION_FAILURE", None);
    }
    match ledger.lock().unwrap().subscriptions.get(&id) {
        Some(subscription) => Json(subscription.clone()).into_response(),
        None => error(
            StatusCode::NOT_FOUND,
            "RESOURCE_NOT_FOUND",
            Some("INVALID_RESOURCE_ID"),
        ),
    }
}

async fn transactions(
    State(ledger): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    if !authorized(&ledger, &headers) {
        return error(StatusCode::UNAUTHORIZED, "AUTHENTICATION_FAILURE", None);
    }
    let bound = |name: &str| query.get(name).and_then(|v| parse_rfc3339_ms(v));
    let (Some(from), Some(to)) = (bound("start_time"), bound("end_time")) else {
        return error(
            StatusCode::BAD_REQUEST,
            "INVALID_REQUEST",
            Some("INVALID_PARAMETER_SYNTAX"),
        );
    };
    let listed: Vec<Value> = ledger
        .lock()
        .unwrap()
        .transactions
        .get(&id)
        .cloned()
        .unwrap_or_default();
    let inside: Vec<Value> = listed
        .into_iter()
        .filter(|t| {
            t["time"]
                .as_str()
                .and_then(parse_rfc3339_ms)
                .is_some_and(|at| (from..=to).contains(&at))
        })
        .collect();
    Json(json!({"transactions": inside, "total_items": inside.len(), "total_pages": 1}))
        .into_response()
}

async fn cancel(
    State(ledger): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
    body: Bytes,
) -> Response {
    if !authorized(&ledger, &headers) {
        return error(StatusCode::UNAUTHORIZED, "AUTHENTICATION_FAILURE", None);
    }
    if !serde_json::from_slice::<Value>(&body).is_ok_and(|b| b["reason"].is_string()) {
        return error(
            StatusCode::BAD_REQUEST,
            "INVALID_REQUEST",
            Some("MISSING_REQUIRED_PARAMETER"),
        );
    }
    let mut ledger = ledger.lock().unwrap();
    let Some(subscription) = ledger.subscriptions.get_mut(&id) else {
        return error(
            StatusCode::NOT_FOUND,
            "RESOURCE_NOT_FOUND",
            Some("INVALID_RESOURCE_ID"),
        );
    };
    if subscription["status"] == "CANCELLED" {
        return error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "UNPROCESSABLE_ENTITY",
            Some("SUBSCRIPTION_STATUS_INVALID"),
        );
    }
    subscription["status"] = json!("CANCELLED");
    StatusCode::NO_CONTENT.into_response()
}

async fn refund(
    State(ledger): State<Shared>,
    headers: HeaderMap,
    Path(sale): Path<String>,
    body: Bytes,
) -> Response {
    if !authorized(&ledger, &headers) {
        return error(StatusCode::UNAUTHORIZED, "AUTHENTICATION_FAILURE", None);
    }
    let request_id = headers
        .get("paypal-request-id")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let sent: Value = serde_json::from_slice(&body).unwrap_or_default();
    let mut ledger = ledger.lock().unwrap();
    ledger.refunds.push((request_id.clone(), sent.clone()));
    if let Some((status, reply)) = request_id
        .as_ref()
        .and_then(|id| ledger.replies.get(id).cloned())
    {
        return (status, Json(reply)).into_response();
    }
    let Some((_, currency)) = ledger.sales.get(&sale).cloned() else {
        return error(
            StatusCode::NOT_FOUND,
            "RESOURCE_NOT_FOUND",
            Some("INVALID_RESOURCE_ID"),
        );
    };
    if sent["amount"]["currency"] != currency.as_str() || !sent["amount"]["total"].is_string() {
        return error(
            StatusCode::BAD_REQUEST,
            "VALIDATION_ERROR",
            Some("INVALID_CURRENCY_CODE"),
        );
    }
    if let Err(issue) = paypal_amount(&sent["amount"]) {
        return error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "UNPROCESSABLE_ENTITY",
            Some(issue),
        );
    }
    let reply = json!({"id": format!("REF-{}{}", sale, ledger.refunds.len()), "state": "completed",
        "amount": sent["amount"], "sale_id": sale, "create_time": rfc3339_ms(server::clock::now_ms())});
    if let Some(request_id) = request_id {
        ledger
            .replies
            .insert(request_id, (StatusCode::CREATED, reply.clone()));
    }
    (StatusCode::CREATED, Json(reply)).into_response()
}

async fn verify(State(ledger): State<Shared>, headers: HeaderMap, body: Bytes) -> Response {
    if !authorized(&ledger, &headers) {
        return error(StatusCode::UNAUTHORIZED, "AUTHENTICATION_FAILURE", None);
    }
    {
        let mut ledger = ledger.lock().unwrap();
        ledger.verify_calls += 1;
        if ledger.verify_down {
            return error(StatusCode::SERVICE_UNAVAILABLE, "SERVICE_UNAVAILABLE", None);
        }
    }
    #[derive(serde::Deserialize)]
    struct Ask<'a> {
        auth_algo: String,
        cert_url: String,
        transmission_id: String,
        transmission_sig: String,
        transmission_time: String,
        webhook_id: String,
        #[serde(borrow)]
        webhook_event: &'a RawValue,
    }
    let Ok(ask) = serde_json::from_slice::<Ask<'_>>(&body) else {
        return error(
            StatusCode::BAD_REQUEST,
            "INVALID_REQUEST",
            Some("MISSING_REQUIRED_PARAMETER"),
        );
    };
    let message = transmission_message(
        &ask.transmission_id,
        &ask.transmission_time,
        &ask.webhook_id,
        ask.webhook_event.get(),
    );
    let signature = STANDARD
        .decode(&ask.transmission_sig)
        .ok()
        .and_then(|b| Signature::try_from(b.as_slice()).ok());
    let key = VerifyingKey::<Sha256>::new(PAYPAL_KEY.to_public_key());
    let good = ask.auth_algo == "SHA256withRSA"
        && ask
            .cert_url
            .starts_with("https://api.paypal.com/v1/notifications/certs/")
        && signature.is_some_and(|s| key.verify(message.as_bytes(), &s).is_ok());
    Json(json!({"verification_status": if good { "SUCCESS" } else { "FAILURE" }})).into_response()
}

/// What PayPal signs for one delivery.
pub fn transmission_message(id: &str, time: &str, webhook_id: &str, event: &str) -> String {
    format!(
        "{id}|{time}|{webhook_id}|{}",
        crc32fast::hash(event.as_bytes())
    )
}

/// The headers PayPal sends with `event`, signed with `key` at `at_ms`.
pub fn deliver(event: &str, at_ms: i64, key: &rsa::RsaPrivateKey) -> HeaderMap {
    let id = format!("b2384410-f8d2-11ea-8d2b-{at_ms:012}");
    let time = rfc3339_ms(at_ms).replace(".000+00:00", "Z");
    let message = transmission_message(&id, &time, WEBHOOK_ID, event);
    let signature = SigningKey::<Sha256>::new(key.clone()).sign(message.as_bytes());
    let mut headers = HeaderMap::new();
    for (name, value) in [
        ("paypal-transmission-id", id),
        ("paypal-transmission-time", time),
        (
            "paypal-transmission-sig",
            STANDARD.encode(signature.to_bytes()),
        ),
        ("paypal-cert-url", CERT_URL.to_owned()),
        ("paypal-auth-algo", "SHA256withRSA".to_owned()),
    ] {
        headers.insert(name, value.parse().expect("header value"));
    }
    headers
}

/// PayPal's currencies without decimals, and ones it does not support.
const NO_DECIMALS: [&str; 3] = ["HUF", "JPY", "TWD"];
const NOT_PAYPAL: [&str; 1] = ["IDR"];

/// Refuses what PayPal refuses in an amount: a currency it does not take,
/// decimals where the currency has none, more than two decimals anywhere.
fn paypal_amount(amount: &Value) -> Result<(), &'static str> {
    let currency = amount["currency"].as_str().unwrap_or_default();
    let total = amount["total"].as_str().unwrap_or_default();
    if NOT_PAYPAL.contains(&currency) {
        return Err("CURRENCY_NOT_SUPPORTED");
    }
    let decimals = total.split_once('.').map_or(0, |(_, f)| f.len());
    if NO_DECIMALS.contains(&currency) && decimals > 0 {
        return Err("DECIMALS_NOT_SUPPORTED");
    }
    if decimals > 2 {
        return Err("DECIMAL_PRECISION");
    }
    Ok(())
}
