//! `PAYMENT_PROVIDER=live` wired end to end with a real adapter (Paddle)
//! against a loopback fake of its API: the order opens a Paddle checkout, a
//! Paddle-signed webhook opens the account, a forged one is refused, and
//! cancelling stops the renewals at Paddle.
use crate::billing_util::{outcome, API};
use crate::util::TestApp;
use axum::{extract::State, http::HeaderMap, routing::post, Json, Router};
use sea_orm::{ColumnTrait as _, EntityTrait as _, QueryFilter as _};
use serde_json::{json, Value};
use server::config::PaymentMode;
use server::payments::paddle::PaddleConfig;
use server::persistence::entities::{subscription, user};
use server::signing::{hex, hmac_sha256};
use std::sync::{Arc, Mutex};

const SECRET: &str = "pdl_ntfset_live_wiring";

type Calls = Arc<Mutex<Vec<String>>>;

async fn fake_paddle() -> (String, Calls) {
    let calls: Calls = Arc::default();
    async fn transactions(
        State(calls): State<Calls>,
        headers: HeaderMap,
        Json(body): Json<Value>,
    ) -> Json<Value> {
        let auth = headers
            .get("authorization")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        calls.lock().unwrap().push(format!(
            "POST /transactions {auth} {}",
            body["custom_data"]["order_no"]
        ));
        Json(
            json!({"data": {"id": "txn_live_1", "status": "ready", "checkout": {"url": "https://pay.example/checkout?_ptxn=txn_live_1"}}}),
        )
    }
    async fn cancel(State(calls): State<Calls>, Json(body): Json<Value>) -> Json<Value> {
        calls
            .lock()
            .unwrap()
            .push(format!("POST cancel {}", body["effective_from"]));
        Json(
            json!({"data": {"id": "sub_live_1", "status": "active", "scheduled_change": {"action": "cancel"}}}),
        )
    }
    let router = Router::new()
        .route("/transactions", post(transactions))
        .route("/subscriptions/sub_live_1/cancel", post(cancel))
        .with_state(calls.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    (format!("http://{addr}"), calls)
}

fn completed(order_no: &str, now_ms: i64) -> String {
    let at = server::payments::wire::iso_ms(now_ms);
    format!(
        r#"{{"event_id":"evt_live_1","event_type":"transaction.completed","occurred_at":"{at}","notification_id":"ntf_1","data":{{"id":"txn_live_1","status":"completed","customer_id":"ctm_1","subscription_id":"sub_live_1","currency_code":"USD","origin":"web","custom_data":{{"order_no":"{order_no}"}},"items":[{{"price":{{"id":"pri_trial"}},"quantity":1}}],"details":{{"totals":{{"subtotal":"99","tax":"0","total":"99","credit":"0","balance":"0","grand_total":"99","currency_code":"USD"}}}},"payments":[{{"status":"captured","error_code":null}}]}}}}"#
    )
}

async fn post_paddle(app: &TestApp, body: &str, secret: &str, ts: i64) -> u16 {
    let h1 = hex(&hmac_sha256(
        secret.as_bytes(),
        &[ts.to_string().as_bytes(), b":", body.as_bytes()],
    ));
    let req = axum::http::Request::post(format!("{API}/payments/webhook/paddle"))
        .header("paddle-signature", format!("ts={ts};h1={h1}"))
        .header("content-type", "application/json")
        .body(axum::body::Body::from(body.to_owned()))
        .unwrap();
    app.request(req).await.status
}

#[tokio::test]
async fn a_live_card_payment_goes_through_paddle_end_to_end() {
    let (base, calls) = fake_paddle().await;
    let apps = TestApp::all_configured(|c| {
        c.payments.mode = PaymentMode::Live;
        let vars = |name: &str| match name {
            "PADDLE_API_KEY" => Some("pdl_key_live".to_owned()),
            "PADDLE_WEBHOOK_SECRET" => Some(SECRET.to_owned()),
            "PADDLE_API_BASE" => Some(base.clone()),
            "PADDLE_PRICE_IDS" => Some(
                "1=pri_month,2=pri_week,3=pri_month_id,4=pri_week_id,5=pri_m_zh,6=pri_w_zh"
                    .to_owned(),
            ),
            _ => None,
        };
        c.payments.paddle = PaddleConfig::from_vars(&vars).unwrap();
    })
    .await;
    for app in apps {
        calls.lock().unwrap().clear();
        let page = app.get("/pay-method").await;
        let csp = page
            .header("content-security-policy")
            .unwrap_or_default()
            .to_owned();
        assert!(
            csp.contains("form-action 'self' https:;"),
            "{:?}: the no-JS pay form may go on to the provider: {csp}",
            app.backend
        );
        let methods = app
            .get(&format!("{API}/portal/payMethods?country=PH"))
            .await
            .json();
        let offered: Vec<&str> = methods["obj"]["methods"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["choose"].as_str().unwrap())
            .collect();
        assert_eq!(
            offered,
            ["card"],
            "{:?}: only what a configured provider takes",
            app.backend
        );
        let plan = crate::billing_util::plan_id(&app, "cpl2").await;
        let body = format!("planId={plan}&method=card&email=live@mail.com&zip=10110&country=US&idempotencyKey=live-order-key-0001");
        let res = app
            .send("POST", &format!("{API}/portal/order"), &[], Some(&body))
            .await
            .json();
        assert_eq!(
            res["obj"]["redirectUrl"], "https://pay.example/checkout?_ptxn=txn_live_1",
            "{:?}: {res}",
            app.backend
        );
        let order_no = res["obj"]["orderNo"].as_str().unwrap().to_owned();
        assert_eq!(
            calls.lock().unwrap()[0],
            format!("POST /transactions Bearer pdl_key_live \"{order_no}\"")
        );
        let now = server::clock::now_ms();
        let event = completed(&order_no, now);
        assert_eq!(
            post_paddle(&app, &event, "forged-secret", now / 1000).await,
            400,
            "{:?}: forged",
            app.backend
        );
        assert_eq!(outcome(&app, &order_no).await, "processing");
        let ts = app.state.now_ms() / 1000;
        assert_eq!(post_paddle(&app, &event, SECRET, ts).await, 200);
        assert_eq!(
            outcome(&app, &order_no).await,
            "success",
            "{:?}",
            app.backend
        );
        let member = user::Entity::find()
            .filter(user::Column::Email.eq("live@mail.com"))
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        let sub = subscription::Entity::find()
            .filter(subscription::Column::UserId.eq(member.id))
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            (sub.provider.as_str(), sub.provider_ref.as_deref()),
            ("paddle", Some("sub_live_1"))
        );
        server::services::billing::manage::cancel(&app.state.cx(), &app.state.gateways, &member)
            .await
            .unwrap();
        assert_eq!(
            calls.lock().unwrap().last().unwrap(),
            "POST cancel \"next_billing_period\"",
            "{:?}",
            app.backend
        );
    }
}
