//! A failed first payment at a provider that keeps the checkout open
//! (Paddle's `transaction.payment_failed`, PayPal's failed subscription
//! payment) leaves the order open; the payer's next, successful try
//! completes it with the subscription and the welcome mail. The events come
//! from each adapter's own webhook verification.
use crate::billing_event_util::*;
use crate::billing_util::stored_order;
use crate::payments_paypal::fake;
use crate::util::TestApp;
use server::payments::{EventKind, ProviderKind};
use server::persistence::entities::order;
use std::time::Duration;

/// Applies `kind` from `provider` and checks the order afterwards.
async fn apply(app: &TestApp, provider: ProviderKind, id: &str, kind: EventKind) -> &'static str {
    outcome_of(app, provider, id, kind, server::clock::now_ms()).await
}

/// The order stayed open after the failed try, then the retry paid it.
async fn completed_after_retry(app: &TestApp, placed: &order::Model, sub_ref: &str) {
    let paid = stored_order(app, &placed.order_no).await;
    assert_eq!(paid.status, "paid", "{:?}", app.backend);
    let sub = subscription_ref(app, sub_ref).await.expect("subscription");
    assert_eq!(sub.user_id, paid.user_id.unwrap());
    assert_eq!(
        billing_mails(app, sub.id).await.first().map(String::as_str),
        Some("welcome"),
        "{:?}: the welcome mail",
        app.backend
    );
}

fn paddle_transaction(event: &str, order: &order::Model, status: &str, error: &str) -> String {
    let minor = order.first_amount_minor;
    format!(
        r#"{{"event_id":"evt_{status}","event_type":"{event}","occurred_at":"2024-01-11T08:34:01.787929Z","notification_id":"ntf_{status}","data":{{"id":"txn_first","status":"{status}","subscription_id":"sub_paddle_first","currency_code":"{cur}","origin":"web","custom_data":{{"order_no":"{no}"}},"details":{{"totals":{{"subtotal":"{minor}","tax":"0","total":"{minor}","grand_total":"{minor}","currency_code":"{cur}"}}}},"payments":[{{"status":"{pay}","error_code":{error}}}]}}}}"#,
        cur = order.currency,
        no = order.order_no,
        pay = if error == "null" { "captured" } else { "error" },
    )
}

#[tokio::test]
async fn paddle_a_failed_first_try_keeps_the_order_open_and_the_retry_completes_it() {
    use crate::payments_paddle::{deliver, provider, signed, SECRET};
    let paddle = provider("http://127.0.0.1:9", Duration::from_secs(5));
    for app in TestApp::all().await {
        let placed = placed(&app, "paddleretry@mail.com").await;
        move_to(&app, &placed, ProviderKind::Paddle).await;
        let now = server::clock::now_ms();
        let verified = |body: String| {
            let headers = signed(SECRET, now / 1000, &body);
            let paddle = &paddle;
            async move {
                let events = deliver(paddle, &headers, &body, now)
                    .await
                    .expect("verified");
                events.into_iter().next().unwrap().kind
            }
        };
        let failed = paddle_transaction(
            "transaction.payment_failed",
            &placed,
            "ready",
            "\"declined\"",
        );
        let failed = verified(failed).await;
        assert_eq!(
            apply(&app, ProviderKind::Paddle, "p1", failed).await,
            "applied"
        );
        let open = stored_order(&app, &placed.order_no).await;
        assert_eq!(
            (open.status.as_str(), open.fail_reason.as_deref()),
            ("open", Some("declined")),
            "{:?}: the checkout stays open",
            app.backend
        );
        let completed = paddle_transaction("transaction.completed", &placed, "completed", "null");
        let completed = verified(completed).await;
        assert_eq!(
            apply(&app, ProviderKind::Paddle, "p2", completed).await,
            "applied"
        );
        completed_after_retry(&app, &placed, "sub_paddle_first").await;
    }
}

#[tokio::test]
async fn paypal_a_failed_first_payment_keeps_the_order_open_and_the_retry_completes_it() {
    use crate::payments_paypal::{one_kind, provider, sale, sale_event, subscribed};
    let fake = fake::start(32_400).await;
    let paypal = provider(&fake, Duration::from_secs(5));
    for app in TestApp::all().await {
        let placed = placed(&app, "paypalretry@mail.com").await;
        move_to(&app, &placed, ProviderKind::Paypal).await;
        let sub = subscribed(&fake, &paypal, &placed.order_no).await;
        let now = server::clock::now_ms();
        let resource = serde_json::json!({"id": sub, "custom_id": placed.order_no, "status": "ACTIVE",
            "billing_info": {"failed_payments_count": 1}});
        let failed = serde_json::json!({"id": format!("WH-F-{sub}"), "event_version": "1.0",
            "create_time": "2026-01-10T09:34:56.000Z", "event_type": "BILLING.SUBSCRIPTION.PAYMENT.FAILED",
            "resource": resource})
        .to_string();
        let failed = one_kind(&paypal, &failed, now).await;
        assert_eq!(
            apply(&app, ProviderKind::Paypal, "pp1", failed).await,
            "applied"
        );
        let open = stored_order(&app, &placed.order_no).await;
        assert_ne!(
            open.status, "failed",
            "{:?}: PayPal retries it",
            app.backend
        );
        let total = format!(
            "{}.{:02}",
            placed.first_amount_minor / 100,
            placed.first_amount_minor % 100
        );
        let sale_id = format!("SALE-{sub}");
        sale(&fake, &sub, &sale_id, &total, now);
        let paid = one_kind(
            &paypal,
            &sale_event("WH-S1", &sale_id, &sub, &total, now),
            now,
        )
        .await;
        assert_eq!(
            apply(&app, ProviderKind::Paypal, "pp2", paid).await,
            "applied"
        );
        completed_after_retry(&app, &placed, &sub).await;
    }
}

/// A completed Paddle transaction for `order` with `tax` collected: on top
/// of the price, or inside it for a price that includes tax.
fn taxed_transaction(order: &order::Model, tax: i64, inclusive: bool) -> String {
    let price = order.first_amount_minor;
    let (subtotal, total) = if inclusive {
        (price - tax, price)
    } else {
        (price, price + tax)
    };
    let body = paddle_transaction("transaction.completed", order, "completed", "null");
    let untaxed =
        format!(r#""subtotal":"{price}","tax":"0","total":"{price}","grand_total":"{price}""#);
    let taxed = format!(
        r#""subtotal":"{subtotal}","tax":"{tax}","total":"{total}","grand_total":"{total}""#
    );
    assert!(body.contains(&untaxed));
    body.replace(&untaxed, &taxed)
        .replace("txn_first", &format!("txn_tax_{inclusive}"))
        .replace("sub_paddle_first", &format!("sub_tax_{inclusive}"))
        .replace("evt_completed", &format!("evt_tax_{inclusive}"))
}

#[tokio::test]
async fn paddle_a_taxed_checkout_activates_the_order_and_keeps_the_tax_apart() {
    use crate::payments_paddle::{deliver, provider, signed, SECRET};
    use sea_orm::{ColumnTrait as _, EntityTrait as _, QueryFilter as _};
    use server::persistence::entities::charge;
    let paddle = provider("http://127.0.0.1:9", Duration::from_secs(5));
    for app in TestApp::all().await {
        for inclusive in [false, true] {
            let placed = placed(&app, &format!("taxed{inclusive}@mail.com")).await;
            move_to(&app, &placed, ProviderKind::Paddle).await;
            let tax = placed.first_amount_minor / 10;
            let body = taxed_transaction(&placed, tax, inclusive);
            let now = server::clock::now_ms();
            let headers = signed(SECRET, now / 1000, &body);
            let events = deliver(&paddle, &headers, &body, now).await.unwrap();
            let kind = events.into_iter().next().unwrap().kind;
            let id = format!("tax{inclusive}");
            assert_eq!(
                apply(&app, ProviderKind::Paddle, &id, kind).await,
                "applied",
                "{:?}: tax inclusive {inclusive}",
                app.backend
            );
            completed_after_retry(&app, &placed, &format!("sub_tax_{inclusive}")).await;
            let first = charge::Entity::find()
                .filter(charge::Column::OrderId.eq(placed.id))
                .one(&app.db)
                .await
                .unwrap()
                .expect("the first charge");
            assert_eq!(
                (first.amount_minor, first.tax_minor),
                (placed.first_amount_minor, tax),
                "{:?}: the price as the amount, the tax apart",
                app.backend
            );
        }
    }
}
