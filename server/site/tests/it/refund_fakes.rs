//! Loopback fakes of the refund APIs of Paddle (adjustments), FastSpring
//! (returns) and dLocal (refunds) that keep a ledger, as the providers do:
//! a second refund of a refunded (or pending) charge is refused whatever
//! its id, no idempotency key is honoured (none is documented), and the
//! lookups answer from the same ledger. A fake can lose its next answer
//! after recording the refund (the connection cut after sending). Each
//! refuses a request without the merchant's credentials, as its provider
//! does (Paddle 403 `forbidden`, FastSpring 401, dLocal 403 code 3001).
use crate::payments_fake::{serve, SHORT_TIMEOUT};
use axum::{
    body::Bytes,
    extract::State,
    http::{HeaderMap, StatusCode, Uri},
    response::{IntoResponse, Response},
    Json, Router,
};
use serde_json::{json, Value};
use server::payments::{
    dlocal::{DLocalConfig, DLocalProvider},
    fastspring::{FastSpringConfig, FastSpringProvider},
    paddle::{PaddleConfig, PaddleProvider},
    Gateway, Gateways, ProviderKind,
};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// One refund the provider holds: its id, the charge it refunds, its status.
#[derive(Clone, Debug)]
pub struct Held {
    pub id: String,
    pub charge: String,
    pub status: String,
}

#[derive(Clone, Default)]
pub struct Ledger {
    inner: Arc<Mutex<Books>>,
}

#[derive(Default)]
struct Books {
    refunds: Vec<Held>,
    asked: usize,
    answer_status: String,
    lose_next: bool,
}

impl Ledger {
    /// Refund calls received (refused ones included).
    pub fn asked(&self) -> usize {
        self.inner.lock().unwrap().asked
    }

    /// New refunds get `status`; the next answer is lost when `lose`.
    pub fn answer(&self, status: &str, lose: bool) {
        let mut s = self.inner.lock().unwrap();
        s.answer_status = status.to_owned();
        s.lose_next = lose;
    }

    /// The provider decides every held refund: now `status`.
    pub fn decide(&self, status: &str) {
        for r in &mut self.inner.lock().unwrap().refunds {
            r.status = status.to_owned();
        }
    }

    fn of(&self, charge: &str) -> Vec<Held> {
        let s = self.inner.lock().unwrap();
        s.refunds
            .iter()
            .filter(|r| r.charge == charge)
            .cloned()
            .collect()
    }

    /// Records a refund of `charge` unless one is held that is not
    /// rejected (`live` statuses); `Err(())` when refused. Returns the new
    /// refund and whether its answer is lost.
    fn take(&self, charge: &str, prefix: &str, live: &[&str]) -> Result<(Held, bool), ()> {
        let mut s = self.inner.lock().unwrap();
        s.asked += 1;
        let refunded = s
            .refunds
            .iter()
            .any(|r| r.charge == charge && live.contains(&r.status.as_str()));
        if refunded {
            return Err(());
        }
        let held = Held {
            id: format!("{prefix}{}", s.refunds.len() + 1),
            charge: charge.to_owned(),
            status: s.answer_status.clone(),
        };
        s.refunds.push(held.clone());
        Ok((held, std::mem::take(&mut s.lose_next)))
    }
}

const PADDLE_KEY: &str = "pdl_key";
const FS_USER: &str = "fs_user";
const FS_PASSWORD: &str = "fs_password";
const DLOCAL_LOGIN: &str = "login";
const DLOCAL_TRANS_KEY: &str = "trans";

fn header<'a>(headers: &'a HeaderMap, name: &str) -> &'a str {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
}

/// The provider's refusal of a request without the merchant's credentials.
fn unauthenticated(kind: ProviderKind, headers: &HeaderMap) -> Option<Response> {
    use base64::Engine as _;
    let refusal = match kind {
        ProviderKind::Paddle => {
            (header(headers, "authorization") != format!("Bearer {PADDLE_KEY}")).then(|| {
                (
                    StatusCode::FORBIDDEN,
                    json!({"error": {"type": "request_error", "code": "forbidden"}}),
                )
            })
        }
        ProviderKind::FastSpring => {
            let basic = base64::engine::general_purpose::STANDARD
                .encode(format!("{FS_USER}:{FS_PASSWORD}"));
            (header(headers, "authorization") != format!("Basic {basic}"))
                .then(|| (StatusCode::UNAUTHORIZED, json!({"error": "Unauthorized"})))
        }
        _ => (header(headers, "x-login") != DLOCAL_LOGIN
            || header(headers, "x-trans-key") != DLOCAL_TRANS_KEY)
            .then(|| {
                (
                    StatusCode::FORBIDDEN,
                    json!({"code": 3001, "message": "Invalid credentials"}),
                )
            }),
    };
    refusal.map(|(status, body)| (status, Json(body)).into_response())
}

/// An answer cut after the refund was made: nothing readable comes back.
fn lost() -> Response {
    (StatusCode::OK, "<html>upstream reset</html>").into_response()
}

fn query(uri: &Uri, name: &str) -> String {
    uri.query()
        .unwrap_or_default()
        .split('&')
        .find_map(|p| p.strip_prefix(&format!("{name}=")))
        .unwrap_or_default()
        .to_owned()
}

async fn paddle(State(l): State<Ledger>, headers: HeaderMap, uri: Uri, body: Bytes) -> Response {
    if let Some(refused) = unauthenticated(ProviderKind::Paddle, &headers) {
        return refused;
    }
    let body: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let adj = |r: &Held| json!({"id": r.id, "action": "refund", "type": "full", "status": r.status, "transaction_id": r.charge});
    if uri.path() == "/adjustments" && !body.is_null() {
        let txn = body["transaction_id"].as_str().unwrap_or_default();
        return match l.take(txn, "adj_", &["pending_approval", "approved"]) {
            Err(()) => {
                let error = json!({"error": {"type": "request_error", "code": "adjustment_pending_refund_request"}});
                (StatusCode::BAD_REQUEST, Json(error)).into_response()
            }
            Ok((_, true)) => lost(),
            Ok((r, false)) => (StatusCode::CREATED, Json(json!({"data": adj(&r)}))).into_response(),
        };
    }
    let list: Vec<Value> = l
        .of(&query(&uri, "transaction_id"))
        .iter()
        .map(adj)
        .collect();
    Json(json!({"data": list, "meta": {"pagination": {"has_more": false}}})).into_response()
}

async fn fastspring(
    State(l): State<Ledger>,
    headers: HeaderMap,
    uri: Uri,
    body: Bytes,
) -> Response {
    if let Some(refused) = unauthenticated(ProviderKind::FastSpring, &headers) {
        return refused;
    }
    let body: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let ret = |r: &Held| json!({"return": r.id, "completed": r.status == "completed", "result": "success"});
    let path = uri.path();
    if path == "/returns" {
        let order = body["returns"][0]["order"].as_str().unwrap_or_default();
        return match l.take(order, "ret_", &["completed", "pending"]) {
            Err(()) => {
                let error = json!({"returns": [{"action": "return.create", "result": "error", "error": {"order": "Order already returned"}}]});
                (StatusCode::BAD_REQUEST, Json(error)).into_response()
            }
            Ok((_, true)) => lost(),
            Ok((r, false)) => Json(json!({"returns": [ret(&r)]})).into_response(),
        };
    }
    if let Some(order) = path.strip_prefix("/orders/") {
        let ids: Vec<String> = l.of(order).into_iter().map(|r| r.id).collect();
        return Json(json!({"orders": [{"order": order, "completed": true, "returns": ids}]}))
            .into_response();
    }
    let id = path.trim_start_matches("/returns/");
    let all = l.inner.lock().unwrap().refunds.clone();
    let found: Vec<Value> = all.iter().filter(|r| r.id == id).map(ret).collect();
    Json(json!({"returns": found})).into_response()
}

async fn dlocal(State(l): State<Ledger>, headers: HeaderMap, uri: Uri, body: Bytes) -> Response {
    if let Some(refused) = unauthenticated(ProviderKind::DLocal, &headers) {
        return refused;
    }
    let body: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let path = uri.path();
    if path == "/refunds" {
        let payment = body["payment_id"].as_str().unwrap_or_default();
        return match l.take(payment, "REF-", &["PENDING", "SUCCESS"]) {
            Err(()) => (StatusCode::BAD_REQUEST, Json(json!({"code": 5008, "message": "Amount exceeded."}))).into_response(),
            Ok((_, true)) => lost(),
            Ok((r, false)) => Json(json!({"id": r.id, "payment_id": payment, "status": r.status, "amount": body["amount"], "currency": body["currency"]})).into_response(),
        };
    }
    if let Some(id) = path
        .strip_prefix("/refunds/")
        .and_then(|p| p.strip_suffix("/status"))
    {
        let all = l.inner.lock().unwrap().refunds.clone();
        let r = all.iter().find(|r| r.id == id).cloned();
        return match r {
            Some(r) => Json(json!({"id": r.id, "status": r.status})).into_response(),
            None => (StatusCode::NOT_FOUND, Json(json!({"code": 4000}))).into_response(),
        };
    }
    let payment = path.trim_start_matches("/payments/");
    let refunded = l.of(payment).iter().any(|r| r.status == "SUCCESS");
    let status = if refunded { "REFUNDED" } else { "PAID" };
    Json(json!({"id": payment, "status": status})).into_response()
}

/// A fake of `kind`'s refund API and a gateway set whose only adapter talks to it.
pub async fn start(kind: ProviderKind) -> (Ledger, Gateways) {
    start_keyed(kind, "").await
}

/// [`start`], the adapter's secret credential (API key, password, trans
/// key) suffixed with `wrong` (empty: the right one).
pub async fn start_keyed(kind: ProviderKind, wrong: &str) -> (Ledger, Gateways) {
    let ledger = Ledger::default();
    let router = match kind {
        ProviderKind::Paddle => Router::new().fallback(paddle),
        ProviderKind::FastSpring => Router::new().fallback(fastspring),
        _ => Router::new().fallback(dlocal),
    };
    let base = serve(router.with_state(ledger.clone())).await;
    let vars: HashMap<&str, String> = HashMap::from([
        ("PADDLE_API_KEY", format!("{PADDLE_KEY}{wrong}")),
        ("PADDLE_WEBHOOK_SECRET", "pdl_secret".to_owned()),
        ("PADDLE_PRICE_IDS", "1=pri_month".to_owned()),
        ("PADDLE_API_BASE", base.clone()),
        ("FASTSPRING_USERNAME", FS_USER.to_owned()),
        ("FASTSPRING_PASSWORD", format!("{FS_PASSWORD}{wrong}")),
        ("FASTSPRING_WEBHOOK_SECRET", "fs_secret".to_owned()),
        ("FASTSPRING_PRODUCT_PATHS", "1=pro-monthly".to_owned()),
        ("FASTSPRING_STOREFRONT", "https://store.test".to_owned()),
        ("FASTSPRING_API_BASE", base.clone()),
        ("DLOCAL_LOGIN", DLOCAL_LOGIN.to_owned()),
        ("DLOCAL_TRANS_KEY", format!("{DLOCAL_TRANS_KEY}{wrong}")),
        ("DLOCAL_SECRET_KEY", "secret".to_owned()),
        ("DLOCAL_API_BASE", base),
    ]);
    let var = |name: &str| vars.get(name).cloned();
    let (site, timeout) = ("https://ct.test", SHORT_TIMEOUT);
    let gateway = match kind {
        ProviderKind::Paddle => {
            let c = PaddleConfig::from_vars(&var).unwrap().unwrap();
            Gateway::Paddle(Arc::new(PaddleProvider::new(&c, site, timeout).unwrap()))
        }
        ProviderKind::FastSpring => {
            let c = FastSpringConfig::from_vars(&var).unwrap().unwrap();
            Gateway::FastSpring(Arc::new(
                FastSpringProvider::new(&c, site, timeout).unwrap(),
            ))
        }
        _ => {
            let c = DLocalConfig::from_vars(&var).unwrap().unwrap();
            Gateway::DLocal(Arc::new(DLocalProvider::new(&c, site, timeout).unwrap()))
        }
    };
    (ledger, Gateways::new(vec![gateway]))
}

/// The statuses `kind` uses: (settled, pending, rejected).
pub fn statuses(kind: ProviderKind) -> (&'static str, &'static str, &'static str) {
    match kind {
        ProviderKind::Paddle => ("approved", "pending_approval", "rejected"),
        ProviderKind::FastSpring => ("completed", "pending", "rejected"),
        _ => ("SUCCESS", "PENDING", "REJECTED"),
    }
}
