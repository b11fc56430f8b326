//! A loopback PayerMax gateway: `orderAndPay` (hosted cashier with wallet
//! binding, and token debits), `orderQuery`, `refund` and `refundQuery`.
//! Like the real one it checks the `sign` header (SHA256withRSA over the raw
//! body with the merchant's public key), the envelope (`version` 1.4 for
//! these APIs, `keyVersion`, app, merchant, a `requestTime` within two
//! minutes), `outTradeNo` uniqueness (case insensitive), amounts as JSON
//! numbers in major units, a pure-API payment's `frontCallbackUrl` and
//! `buyerInfo`, and signs its success answers with the platform key.
use axum::{
    body::Bytes,
    extract::{Path, State},
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    routing::post,
    Router,
};
use base64::{engine::general_purpose::STANDARD, Engine as _};
use rsa::pkcs1v15::{Signature, SigningKey, VerifyingKey};
use rsa::sha2::Sha256;
use rsa::signature::{SignatureEncoding as _, Signer as _, Verifier as _};
use serde_json::{json, value::RawValue, Value};
use server::payments::wire::{
    decimal_minor as parse_minor, exponent_of, rfc3339_ms as parse_rfc3339_ms,
};
use std::{
    collections::HashMap,
    sync::{Arc, LazyLock, Mutex},
    time::Duration,
};

pub const MERCHANT_NO: &str = "P01010118267336";
pub const APP_ID: &str = "d68f5da6a0174388821a64114c6b322c";
/// `outTradeNo` prefixes with a behaviour: answered late, HTTP 403, or
/// PayerMax's own "no result yet".
pub const SLOW: &str = "SLOW";
pub const BLOCKED: &str = "BLOCKED";
pub const BUSY: &str = "BUSY";
pub const SLOW_ANSWER: Duration = Duration::from_secs(2);

/// Our key pair (PayerMax holds the public half) and PayerMax's.
pub static MERCHANT_KEY: LazyLock<rsa::RsaPrivateKey> = LazyLock::new(key);
pub static PLATFORM_KEY: LazyLock<rsa::RsaPrivateKey> = LazyLock::new(key);

fn key() -> rsa::RsaPrivateKey {
    rsa::RsaPrivateKey::new(&mut rand_core::OsRng, 2048).expect("key")
}

#[derive(Default)]
pub struct Ledger {
    /// Every accepted envelope, by API name, parsed and as sent.
    pub calls: Vec<(String, Value, String)>,
    /// Orders by upper-cased `outTradeNo`: status, amount text, currency, wallet.
    pub orders: HashMap<String, Value>,
    pub refunds: HashMap<String, Value>,
    /// Bound wallets: `paymentTokenID` → `targetOrg`.
    pub tokens: HashMap<String, String>,
    /// Signs success answers with this key instead of PayerMax's.
    pub wrong_answer_key: Option<rsa::RsaPrivateKey>,
}

pub type Shared = Arc<Mutex<Ledger>>;

pub struct FakePayerMax {
    pub base: String,
    pub ledger: Shared,
}

pub async fn start() -> FakePayerMax {
    let ledger: Shared = Arc::default();
    let router = Router::new()
        .route("/aggregate-pay/api/gateway/{api}", post(gateway))
        .with_state(ledger.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind the fake");
    let addr = listener.local_addr().expect("local address");
    tokio::spawn(async move {
        axum::serve(listener, router)
            .await
            .expect("fake PayerMax serves")
    });
    FakePayerMax {
        base: format!("http://{addr}"),
        ledger,
    }
}

impl FakePayerMax {
    /// The payer paid order `out_trade_no` at the cashier: the wallet is
    /// bound, and its token returned.
    pub fn paid(&self, out_trade_no: &str, token: &str) {
        let mut ledger = self.ledger.lock().unwrap();
        let order = ledger
            .orders
            .get_mut(&out_trade_no.to_uppercase())
            .expect("an order");
        order["status"] = json!("SUCCESS");
        let org = order["targetOrg"].as_str().unwrap_or_default().to_owned();
        if ["DANA", "GCASH"].contains(&org.as_str()) {
            ledger.tokens.insert(token.to_owned(), org);
        }
    }
}

impl FakePayerMax {
    /// A wallet bound outside these tests' orders.
    pub fn paid_token_only(&self, token: &str, target_org: &str) {
        self.ledger
            .lock()
            .unwrap()
            .tokens
            .insert(token.to_owned(), target_org.to_owned());
    }
}

/// `body` signed as PayerMax signs (base64 SHA256withRSA).
pub fn sign(key: &rsa::RsaPrivateKey, body: &[u8]) -> String {
    STANDARD.encode(SigningKey::<Sha256>::new(key.clone()).sign(body).to_bytes())
}

/// The headers of a notification PayerMax posts.
pub fn notification_headers(body: &str, key: &rsa::RsaPrivateKey) -> HeaderMap {
    let mut headers = HeaderMap::new();
    headers.insert("sign", sign(key, body.as_bytes()).parse().unwrap());
    headers.insert("content-type", "application/json".parse().unwrap());
    headers
}

fn answer(
    status: StatusCode,
    code: &str,
    msg: &str,
    data: Option<Value>,
    key: Option<&rsa::RsaPrivateKey>,
) -> Response {
    let mut body = json!({"code": code, "msg": msg});
    if let Some(data) = data {
        body["data"] = data;
    }
    let text = body.to_string();
    let mut response =
        (status, [("content-type", "application/json")], text.clone()).into_response();
    if let Some(key) = key {
        response
            .headers_mut()
            .insert("sign", sign(key, text.as_bytes()).parse().unwrap());
    }
    response
}

fn refuse(code: &str, msg: &str) -> Response {
    answer(StatusCode::OK, code, msg, None, None)
}

#[derive(serde::Deserialize)]
struct Amounts<'a> {
    #[serde(borrow, rename = "totalAmount")]
    total: Option<&'a RawValue>,
    #[serde(borrow, rename = "refundAmount")]
    refund: Option<&'a RawValue>,
}

/// A JSON number (never a string) with no more decimals than the currency has.
fn amount_text(raw: Option<&RawValue>, currency: &str) -> Option<String> {
    let text = raw?.get();
    parse_minor(text, exponent_of(currency)).filter(|m| *m > 0 && !text.starts_with('"'))?;
    Some(text.to_owned())
}

async fn gateway(
    State(ledger): State<Shared>,
    Path(api): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let signature = headers
        .get("sign")
        .and_then(|v| v.to_str().ok())
        .and_then(|s| STANDARD.decode(s).ok());
    let signature = signature.and_then(|b| Signature::try_from(b.as_slice()).ok());
    let merchant = VerifyingKey::<Sha256>::new(MERCHANT_KEY.to_public_key());
    if signature.is_none_or(|s| merchant.verify(&body, &s).is_err()) {
        return refuse("SIGN_VERIFY_FAILED", "The signature verify failed.");
    }
    let Ok(envelope) = serde_json::from_slice::<Value>(&body) else {
        return refuse("PARAMS_INVALID", "body is not JSON");
    };
    let sent_at = envelope["requestTime"].as_str().and_then(parse_rfc3339_ms);
    if sent_at.is_none_or(|at| (server::clock::now_ms() - at).abs() > 120_000) {
        return refuse("REQ_TIME_OVER_TIME", "requestTime effective in two minutes");
    }
    if envelope["keyVersion"] != "1"
        || envelope["appId"] != APP_ID
        || envelope["merchantNo"] != MERCHANT_NO
    {
        return refuse("MERCHANT_APP_INVALID", "Signature key is not configured.");
    }
    // orderAndPay, orderQuery, refund and refundQuery are version 1.4.
    if envelope["version"] != "1.4" {
        return refuse("PARAMS_INVALID", "version is invalid");
    }
    ledger.lock().unwrap().calls.push((
        api.clone(),
        envelope.clone(),
        String::from_utf8_lossy(&body).into_owned(),
    ));
    let data = &envelope["data"];
    let raw_data = serde_json::from_slice::<HashMap<String, Box<RawValue>>>(&body)
        .ok()
        .and_then(|m| m.get("data").cloned());
    let amounts = raw_data
        .as_deref()
        .and_then(|d| serde_json::from_str::<Amounts<'_>>(d.get()).ok());
    let total = amounts
        .as_ref()
        .and_then(|a| amount_text(a.total, data["currency"].as_str().unwrap_or_default()));
    let refund = amounts.as_ref().and_then(|a| {
        amount_text(
            a.refund,
            data["refundCurrency"].as_str().unwrap_or_default(),
        )
    });
    let out = data["outTradeNo"].as_str().unwrap_or_default().to_owned();
    if out.starts_with(SLOW) {
        tokio::time::sleep(SLOW_ANSWER).await;
    }
    if out.starts_with(BLOCKED) {
        return answer(StatusCode::FORBIDDEN, "FORBIDDEN", "blocked", None, None);
    }
    if out.starts_with(BUSY) {
        return refuse("SYSTEM_ERROR", "System is busy, please try again later.");
    }
    let mut ledger = ledger.lock().unwrap();
    let key = ledger
        .wrong_answer_key
        .clone()
        .unwrap_or_else(|| PLATFORM_KEY.clone());
    let reply = match api.as_str() {
        "orderAndPay" => order_and_pay(&mut ledger, data, total),
        "orderQuery" => order_query(&ledger, &out),
        "refund" => refund_of(&mut ledger, data, refund),
        "refundQuery" => refund_query(&ledger, data),
        _ => Err(("PARAMS_INVALID", "unknown API")),
    };
    match reply {
        Ok(data) => answer(
            StatusCode::OK,
            "APPLY_SUCCESS",
            "Success.",
            Some(data),
            Some(&key),
        ),
        Err((code, msg)) => refuse(code, msg),
    }
}

type Reply = Result<Value, (&'static str, &'static str)>;

fn order_and_pay(ledger: &mut Ledger, data: &Value, total: Option<String>) -> Reply {
    let out = data["outTradeNo"].as_str().unwrap_or_default();
    let valid_no = !out.is_empty()
        && out.len() <= 64
        && out.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    let total = total.ok_or(("AMOUNT_INVALID", "Amount is incorrect."))?;
    let detail = &data["paymentDetail"];
    let org = detail["targetOrg"].as_str().unwrap_or_default();
    let wallet_fits = match org {
        "GCASH" => data["currency"] == "PHP" && data["country"] == "PH",
        "DANA" | "GOPAY" => data["currency"] == "IDR" && data["country"] == "ID",
        _ => false,
    };
    let shaped = valid_no
        && detail["paymentMethodType"] == "WALLET"
        && detail["mitType"] == "SCHEDULED"
        && data["notifyUrl"]
            .as_str()
            .is_some_and(|u| u.starts_with("https://"))
        && ["subject", "userId", "reference", "language"]
            .iter()
            .all(|k| data[k].is_string());
    if !shaped || !wallet_fits {
        return Err((
            "PARAMS_INVALID",
            "paymentDetail or order fields are invalid",
        ));
    }
    if let Some(order) = ledger.orders.get(&out.to_uppercase()) {
        return match order["status"].as_str() {
            Some("PENDING") if data["integrate"] == "Hosted_Checkout" => Ok(order["reply"].clone()),
            _ => Err(("ORDER_NO_REPEAT", "outTradeNo is duplicated.")),
        };
    }
    let trade_token = format!("T2025042306527802{:06}", ledger.orders.len() + 1);
    let (status, reply) = match data["integrate"].as_str() {
        Some("Hosted_Checkout") => {
            // Tokens are documented for DANA and GCASH only.
            let tokenized = ["DANA", "GCASH"].contains(&org);
            let binds =
                detail["tokenForFutureUse"] == tokenized && detail["merchantInitiated"] == false;
            if !binds
                || !data["frontCallbackUrl"]
                    .as_str()
                    .is_some_and(|u| u.starts_with("https://"))
            {
                return Err((
                    "PARAMS_INVALID",
                    "a first debit binds the wallet with the payer present",
                ));
            }
            let redirect = format!("https://cashier-n-uat.payermax.com/index.html#/cashier/home?tradeToken={trade_token}");
            (
                "PENDING",
                json!({"redirectUrl": redirect, "outTradeNo": out, "tradeToken": trade_token, "status": "PENDING"}),
            )
        }
        Some("Direct_Payment") => {
            let token = detail["paymentTokenID"].as_str().unwrap_or_default();
            let merchant_debit = detail["merchantInitiated"] == true
                && detail["tokenForFutureUse"] == false
                && data["terminalType"] == "WEB";
            let buyer = &detail["buyerInfo"];
            let pure_api_fields = data["frontCallbackUrl"]
                .as_str()
                .is_some_and(|u| u.starts_with("https://"))
                && ["clientIp", "userAgent"]
                    .iter()
                    .all(|k| buyer[k].as_str().is_some_and(|v| !v.is_empty()));
            if !pure_api_fields {
                return Err((
                    "PARAMS_INVALID",
                    "frontCallbackUrl and buyerInfo are required",
                ));
            }
            // Only DANA and GCash are bound for merchant debits; GoPay is
            // paid with the payer present, whatever token is sent.
            let bindable = ["DANA", "GCASH"].contains(&org);
            if !merchant_debit
                || !bindable
                || ledger.tokens.get(token).map(String::as_str) != Some(org)
            {
                return Err(("PAYMENT_TOKEN_INVALID", "paymentTokenID is invalid."));
            }
            if token.contains("BROKE") {
                ledger.orders.insert(
                    out.to_uppercase(),
                    json!({"status": "FAILED", "totalAmount": total, "currency": data["currency"]}),
                );
                return Err(("PAYMENT_FAILED", "Insufficient balance."));
            }
            (
                "SUCCESS",
                json!({"outTradeNo": out, "tradeToken": trade_token, "status": "SUCCESS"}),
            )
        }
        _ => return Err(("PARAMS_INVALID", "integrate is invalid")),
    };
    let order = json!({"status": status, "totalAmount": total, "currency": data["currency"], "targetOrg": org,
        "tradeToken": trade_token, "reply": reply});
    ledger.orders.insert(out.to_uppercase(), order);
    Ok(reply)
}

fn order_query(ledger: &Ledger, out: &str) -> Reply {
    let order = ledger
        .orders
        .get(&out.to_uppercase())
        .ok_or(("ORDER_NOT_EXIST", "Order does not exist."))?;
    let total: Value =
        serde_json::from_str(order["totalAmount"].as_str().unwrap_or("0")).unwrap_or_default();
    let result = if order["status"] == "FAILED" {
        "INSUFFICIENT_BALANCE"
    } else {
        ""
    };
    Ok(
        json!({"outTradeNo": out, "status": order["status"], "totalAmount": total, "currency": order["currency"],
        "tradeToken": order["tradeToken"], "resultMsg": result}),
    )
}

fn refund_of(ledger: &mut Ledger, data: &Value, amount: Option<String>) -> Reply {
    let refund_no = data["outRefundNo"]
        .as_str()
        .filter(|n| !n.is_empty())
        .ok_or(("PARAMS_INVALID", "outRefundNo is null"))?;
    if let Some(earlier) = ledger.refunds.get(refund_no) {
        return Ok(earlier.clone());
    }
    let out = data["outTradeNo"]
        .as_str()
        .unwrap_or_default()
        .to_uppercase();
    let order = ledger
        .orders
        .get(&out)
        .filter(|o| o["status"] == "SUCCESS")
        .ok_or(("ORDER_STATUS_INVALID", "not paid"))?;
    let currency = order["currency"].as_str().unwrap_or_default();
    let paid = order["totalAmount"]
        .as_str()
        .and_then(|t| parse_minor(t, exponent_of(currency)));
    let asked = amount
        .as_deref()
        .and_then(|t| parse_minor(t, exponent_of(currency)));
    if data["refundCurrency"] != currency || asked.zip(paid).is_none_or(|(a, p)| a > p) {
        return Err((
            "REFUND_AMOUNT_INVALID",
            "refund amount exceeds the refundable amount",
        ));
    }
    let reply = json!({"outRefundNo": refund_no, "refundTradeNo": format!("20220117091657TI79{:08}", ledger.refunds.len() + 1),
        "status": "REFUND_PENDING"});
    ledger.refunds.insert(refund_no.to_owned(), reply.clone());
    Ok(reply)
}

/// A refund by our `outRefundNo`, as the ledger holds it.
fn refund_query(ledger: &Ledger, data: &Value) -> Reply {
    let refund_no = data["outRefundNo"].as_str().unwrap_or_default();
    ledger
        .refunds
        .get(refund_no)
        .cloned()
        .ok_or(("REFUND_NOT_EXIST", "Refund order does not exist."))
}

impl FakePayerMax {
    /// PayerMax settled refund `out_refund_no` with `status`.
    pub fn refund_settled(&self, out_refund_no: &str, status: &str) {
        let mut ledger = self.ledger.lock().unwrap();
        let refund = ledger.refunds.get_mut(out_refund_no).expect("a refund");
        refund["status"] = json!(status);
    }
}
