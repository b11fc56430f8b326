//! The webhook endpoint refuses what is not signed by the provider, applies
//! each event once, never lets a late event undo a final one, and keeps
//! events for orders it does not know (yet) without changing anything.
use crate::billing_util::*;
use crate::util::TestApp;
use sea_orm::{ColumnTrait as _, EntityTrait as _, PaginatorTrait as _, QueryFilter as _};
use server::persistence::entities::{payment_event, sandbox_webhook, subscription, user};

fn event(id: &str, kind: &str, order_no: &str, amount: i64, at: i64) -> String {
    format!(
        r#"{{"id":"{id}","type":"{kind}","occurredAt":{at},"data":{{"orderNo":"{order_no}","paymentRef":"sbx_pay_x","token":"sbx_tok_x","amountMinor":{amount},"currency":"USD","exponent":2,"insufficientFunds":false}}}}"#
    )
}

async fn subscriptions(app: &TestApp) -> u64 {
    subscription::Entity::find().count(&app.db).await.unwrap()
}

#[tokio::test]
async fn unsigned_tampered_foreign_and_stale_webhooks_change_nothing() {
    for app in TestApp::all().await {
        let res = order(&app, "w@mail.com", "webhook-key-000000001", "en").await;
        let order_no = res.json()["obj"]["orderNo"].as_str().unwrap().to_owned();
        let now = server::clock::now_ms();
        let body = event("evt_1", "checkout.paid", &order_no, 99, now);
        let unsigned = app
            .send(
                "POST",
                &format!("{API}/payments/webhook/sandbox"),
                &[("content-type", "application/json")],
                Some(&body),
            )
            .await;
        assert_eq!(unsigned.status, 400, "{:?}", app.backend);
        let secret = app
            .state
            .config
            .payments
            .sandbox_secret
            .expose()
            .as_bytes()
            .to_vec();
        let signature = server::payments::sandbox::sign(&secret, now / 1000, body.as_bytes());
        let tampered = body.replace("\"amountMinor\":99", "\"amountMinor\":1");
        let req = axum::http::Request::post(format!("{API}/payments/webhook/sandbox"))
            .header(server::payments::sandbox::SIGNATURE_HEADER, signature)
            .body(axum::body::Body::from(tampered))
            .unwrap();
        assert_eq!(
            app.request(req).await.status,
            400,
            "{:?}: tampered body",
            app.backend
        );
        let forged =
            server::payments::sandbox::sign(b"not-the-secret", now / 1000, body.as_bytes());
        let req = axum::http::Request::post(format!("{API}/payments/webhook/sandbox"))
            .header(server::payments::sandbox::SIGNATURE_HEADER, forged)
            .body(axum::body::Body::from(body.clone()))
            .unwrap();
        assert_eq!(
            app.request(req).await.status,
            400,
            "{:?}: wrong key",
            app.backend
        );
        let stale = post_signed(&app, &body, now / 1000 - 600).await;
        assert_eq!(
            stale.status, 400,
            "{:?}: signed 10 minutes ago",
            app.backend
        );
        let other_provider = app
            .send(
                "POST",
                &format!("{API}/payments/webhook/paddle"),
                &[],
                Some(&body),
            )
            .await;
        assert_eq!(
            other_provider.status, 404,
            "an unconfigured provider has no endpoint"
        );
        assert_eq!(outcome(&app, &order_no).await, "processing");
        assert_eq!(subscriptions(&app).await, 0);
        assert_eq!(
            payment_event::Entity::find().count(&app.db).await.unwrap(),
            0,
            "nothing recorded"
        );
    }
}

#[tokio::test]
async fn a_replayed_event_is_applied_once_and_a_late_one_undoes_nothing() {
    for app in TestApp::all().await {
        let res = order(&app, "r@mail.com", "webhook-key-000000002", "en").await;
        let order_no = res.json()["obj"]["orderNo"].as_str().unwrap().to_owned();
        let now = server::clock::now_ms();
        let paid = event("evt_paid", "checkout.paid", &order_no, 99, now);
        for _ in 0..3 {
            assert_eq!(
                post_signed(&app, &paid, now / 1000).await.status,
                200,
                "{:?}",
                app.backend
            );
        }
        assert_eq!(
            subscriptions(&app).await,
            1,
            "{:?}: applied once",
            app.backend
        );
        let member = user::Entity::find()
            .filter(user::Column::Email.eq("r@mail.com"))
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(member.payment_count, 1);
        let late = event(
            "evt_pending",
            "checkout.pending",
            &order_no,
            99,
            now - 1_000,
        );
        assert_eq!(post_signed(&app, &late, now / 1000).await.status, 200);
        let failed = event("evt_failed", "checkout.failed", &order_no, 99, now - 500);
        assert_eq!(post_signed(&app, &failed, now / 1000).await.status, 200);
        assert_eq!(
            outcome(&app, &order_no).await,
            "success",
            "{:?}: paid is final",
            app.backend
        );
        let events = payment_event::Entity::find().all(&app.db).await.unwrap();
        assert_eq!(events.len(), 3);
        assert!(
            events
                .iter()
                .filter(|e| e.event_id != "evt_paid")
                .all(|e| e.outcome == "ignored"),
            "{events:?}"
        );
    }
}

#[tokio::test]
async fn events_for_unknown_orders_or_other_amounts_are_recorded_and_harmless() {
    for app in TestApp::all().await {
        let now = server::clock::now_ms();
        let unknown = event(
            "evt_unknown",
            "checkout.paid",
            "CT00000000000000000000",
            99,
            now,
        );
        assert_eq!(
            post_signed(&app, &unknown, now / 1000).await.status,
            200,
            "{:?}",
            app.backend
        );
        let res = order(&app, "m@mail.com", "webhook-key-000000003", "en").await;
        let order_no = res.json()["obj"]["orderNo"].as_str().unwrap().to_owned();
        let cheaper = event("evt_cheap", "checkout.paid", &order_no, 1, now);
        assert_eq!(post_signed(&app, &cheaper, now / 1000).await.status, 200);
        assert_eq!(
            outcome(&app, &order_no).await,
            "processing",
            "{:?}: a wrong amount does not open access",
            app.backend
        );
        let outcomes: Vec<String> = payment_event::Entity::find()
            .all(&app.db)
            .await
            .unwrap()
            .into_iter()
            .map(|e| e.outcome)
            .collect();
        assert_eq!(outcomes, ["parked", "amount_mismatch"]);
        assert_eq!(subscriptions(&app).await, 0);
    }
}

#[tokio::test]
async fn the_sandbox_delivers_its_webhooks_over_http_until_answered() {
    for app in TestApp::all().await {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let router = app.router.clone();
        tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
        let (order_no, _) = pay(&app, "h@mail.com", CARD_OK).await;
        // Point the delivery at the live socket (the test site's public origin is not reachable).
        let url = format!("http://{addr}/api_f/v1/payments/webhook/sandbox");
        sandbox_webhook::Entity::update_many()
            .col_expr(
                sandbox_webhook::Column::NotifyUrl,
                sea_orm::sea_query::Expr::value(url),
            )
            .exec(&app.db)
            .await
            .unwrap();
        let client = reqwest::Client::new();
        let delivered = app
            .state
            .gateways
            .sandbox()
            .unwrap()
            .deliver_due(&client)
            .await;
        assert_eq!(delivered, 1, "{:?}", app.backend);
        assert_eq!(outcome(&app, &order_no).await, "success");
        assert_eq!(
            app.state
                .gateways
                .sandbox()
                .unwrap()
                .deliver_due(&client)
                .await,
            0,
            "delivered once"
        );
    }
}

#[tokio::test]
async fn a_delivery_that_fails_midway_leaves_nothing_and_its_retry_applies() {
    use server::persistence::entities::price_plan;
    for app in TestApp::all().await {
        let res = order(&app, "crash@mail.com", "webhook-key-000000004", "en").await;
        let order_no = res.json()["obj"]["orderNo"].as_str().unwrap().to_owned();
        let plan_id = stored_order(&app, &order_no).await.plan_id;
        let plan = price_plan::Entity::find_by_id(plan_id)
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        // The plan vanishing makes the activation fail after the event row was written.
        price_plan::Entity::delete_by_id(plan_id)
            .exec(&app.db)
            .await
            .unwrap();
        let now = server::clock::now_ms();
        let paid = event("evt_crash", "checkout.paid", &order_no, 99, now);
        assert_eq!(
            post_signed(&app, &paid, now / 1000).await.status,
            503,
            "{:?}: the provider is asked to retry",
            app.backend
        );
        assert_eq!(
            payment_event::Entity::find().count(&app.db).await.unwrap(),
            0,
            "{:?}: rolled back whole",
            app.backend
        );
        assert_eq!(user::Entity::find().count(&app.db).await.unwrap(), 0);
        price_plan::Entity::insert(sea_orm::IntoActiveModel::into_active_model(plan))
            .exec(&app.db)
            .await
            .unwrap();
        assert_eq!(post_signed(&app, &paid, now / 1000).await.status, 200);
        assert_eq!(
            outcome(&app, &order_no).await,
            "success",
            "{:?}: the retry applied it",
            app.backend
        );
        assert_eq!(subscriptions(&app).await, 1);
    }
}
