//! The PayPal Subscriptions adapter against a loopback PayPal (`fake`):
//! checkout with `PayPal-Request-Id`, the cached OAuth token, cancel and
//! refund, time-outs, refusals, and webhooks verified by PayPal's postback
//! and mapped to events with exact amounts.
pub mod fake;

use app::model::{billing::MethodChoice, Cycle};
use fake::{FakePaypal, PAYPAL_KEY, PLANS};
use serde_json::json;
use server::payments::paypal::{PaypalConfig, PaypalProvider};
use server::payments::wire::iso_ms_offset as rfc3339_ms;
use server::payments::{
    ChargeOutcome, CheckoutRequest, Customer, EventKind, Gateway, Money, PaymentError,
    ProviderEvent, RefundOutcome, RefundRequest, RenewalCharge, WebhookError, WebhookRequest,
};
use std::{sync::Arc, time::Duration};

const DAY_MS: i64 = 86_400_000;

fn config(base: &str, secret: &str) -> PaypalConfig {
    let plans = format!("1={},2={},3=P-NOT-AT-PAYPAL", PLANS[0], PLANS[1]);
    let vars = [
        ("PAYPAL_CLIENT_ID", fake::CLIENT_ID.to_owned()),
        ("PAYPAL_CLIENT_SECRET", secret.to_owned()),
        ("PAYPAL_WEBHOOK_ID", fake::WEBHOOK_ID.to_owned()),
        ("PAYPAL_API_BASE", base.to_owned()),
        ("PAYPAL_PLAN_IDS", plans),
    ];
    let var = |name: &str| {
        vars.iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.clone())
    };
    PaypalConfig::from_vars(&var)
        .expect("valid")
        .expect("configured")
}

pub(crate) fn provider(fake: &FakePaypal, timeout: Duration) -> PaypalProvider {
    PaypalProvider::new(
        &config(&fake.base, fake::SECRET),
        "https://ct.test",
        timeout,
    )
    .expect("provider")
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
        method: MethodChoice::Paypal,
        customer: Customer {
            email: "payer@example.com".into(),
            country: "US".into(),
            ..Customer::default()
        },
        locale: "id".into(),
        first_charge: usd(99),
        renewal: usd(2999),
        cycle: Cycle::Month,
        trial_days: 1,
        skips_trial: false,
        plan_id,
        return_url: format!("https://ct.test/id/pay-result?orderNo={order_no}"),
        cancel_url: format!("https://ct.test/id/pay-method?planId={plan_id}"),
        notify_url: "https://ct.test/api_f/v1/payments/webhook/paypal".into(),
        device: None,
    }
}

/// The subscription id and checkout of a fresh order.
pub(crate) async fn subscribed(
    fake: &FakePaypal,
    paypal: &PaypalProvider,
    order_no: &str,
) -> String {
    let start = paypal
        .create_checkout(&checkout(order_no, 1))
        .await
        .expect("checkout");
    let id = start.provider_ref.expect("subscription id");
    fake.ledger
        .lock()
        .unwrap()
        .subscriptions
        .get_mut(&id)
        .unwrap()["status"] = json!("ACTIVE");
    id
}

/// Records a sale of `sub` at PayPal (listed and refundable).
pub(crate) fn sale(fake: &FakePaypal, sub: &str, id: &str, total: &str, at_ms: i64) {
    let mut ledger = fake.ledger.lock().unwrap();
    ledger.sales.insert(id.into(), (total.into(), "USD".into()));
    ledger.transactions.entry(sub.into()).or_default().push(json!({"id": id, "status": "COMPLETED",
        "amount_with_breakdown": {"gross_amount": {"currency_code": "USD", "value": total}}, "time": rfc3339_ms(at_ms)}));
}

/// A PAYMENT.SALE.COMPLETED body as PayPal sends it (its own spacing).
pub(crate) fn sale_event(
    event_id: &str,
    sale_id: &str,
    sub: &str,
    total: &str,
    at_ms: i64,
) -> String {
    format!(
        "{{ \"id\": \"{event_id}\", \"event_version\": \"1.0\", \"create_time\": \"{}\", \"resource_type\": \"sale\",\n  \
         \"event_type\": \"PAYMENT.SALE.COMPLETED\", \"summary\": \"Payment completed for $ {total} USD\",\n  \
         \"resource\": {{ \"billing_agreement_id\": \"{sub}\", \"amount\": {{ \"total\": \"{total}\", \"currency\": \"USD\",\
         \"details\": {{ \"subtotal\": \"{total}\" }} }}, \"payment_mode\": \"INSTANT_TRANSFER\", \"create_time\": \"{}\",\
         \"id\": \"{sale_id}\", \"state\": \"completed\", \"invoice_number\": \"\" }} }}",
        rfc3339_ms(at_ms + 30_000),
        rfc3339_ms(at_ms),
    )
}

async fn deliver(
    paypal: &PaypalProvider,
    body: &str,
    headers: &axum::http::HeaderMap,
    now_ms: i64,
) -> Result<Vec<ProviderEvent>, WebhookError> {
    let req = WebhookRequest {
        headers,
        raw_body: body.as_bytes(),
        url: "https://ct.test/api_f/v1/payments/webhook/paypal",
        now_ms,
    };
    paypal.verify_webhook(&req).await
}

pub(crate) async fn one_kind(paypal: &PaypalProvider, body: &str, now_ms: i64) -> EventKind {
    let events = deliver(
        paypal,
        body,
        &fake::deliver(body, now_ms, &PAYPAL_KEY),
        now_ms,
    )
    .await
    .expect("verified");
    assert_eq!(events.len(), 1);
    events.into_iter().next().unwrap().kind
}

#[tokio::test]
async fn one_order_makes_one_subscription_and_one_token_serves_every_call() {
    let fake = fake::start(32_400).await;
    let paypal = provider(&fake, Duration::from_secs(5));
    let first = paypal
        .create_checkout(&checkout("CT0A1B2C3D4E5F6A7B8C9", 1))
        .await
        .expect("checkout");
    let again = paypal
        .create_checkout(&checkout("CT0A1B2C3D4E5F6A7B8C9", 1))
        .await
        .expect("same checkout");
    assert_eq!(
        first, again,
        "PayPal-Request-Id makes the repeat return the same subscription"
    );
    assert!(first
        .redirect_url
        .starts_with("https://www.paypal.com/webapps/billing/subscriptions?ba_token="));
    assert!(first
        .provider_ref
        .as_deref()
        .is_some_and(|id| id.starts_with("I-")));

    let ledger = fake.ledger.lock().unwrap();
    assert_eq!(ledger.creates.len(), 2);
    assert_eq!(ledger.subscriptions.len(), 1, "one subscription at PayPal");
    assert_eq!(ledger.tokens.len(), 1, "the token is cached between calls");
    let (request_id, sent) = &ledger.creates[0];
    assert_eq!(request_id.as_deref(), Some("CT0A1B2C3D4E5F6A7B8C9"));
    assert_eq!(sent["plan_id"], PLANS[0]);
    assert_eq!(sent["custom_id"], "CT0A1B2C3D4E5F6A7B8C9");
    assert_eq!(sent["subscriber"]["email_address"], "payer@example.com");
    assert_eq!(sent["application_context"]["locale"], "id-ID");
    assert_eq!(
        sent["application_context"]["return_url"],
        "https://ct.test/id/pay-result?orderNo=CT0A1B2C3D4E5F6A7B8C9"
    );
    assert_eq!(
        sent["application_context"]["cancel_url"],
        "https://ct.test/id/pay-method?planId=1"
    );
}

#[tokio::test]
async fn a_token_near_its_end_is_replaced_and_bad_credentials_are_refused() {
    let fake = fake::start(1).await;
    let paypal = provider(&fake, Duration::from_secs(5));
    paypal
        .create_checkout(&checkout("CT01", 1))
        .await
        .expect("checkout");
    tokio::time::sleep(Duration::from_millis(700)).await;
    paypal
        .create_checkout(&checkout("CT02", 1))
        .await
        .expect("checkout");
    assert_eq!(
        fake.ledger.lock().unwrap().tokens.len(),
        2,
        "a token past half its one-second life is renewed"
    );

    let wrong = PaypalProvider::new(
        &config(&fake.base, "wrong-secret-42"),
        "https://ct.test",
        Duration::from_secs(5),
    )
    .unwrap();
    let error = wrong
        .create_checkout(&checkout("CT03", 1))
        .await
        .unwrap_err();
    assert_eq!(
        error,
        PaymentError::Rejected {
            status: 401,
            code: "invalid_client".into()
        }
    );
    assert!(!format!("{error} {error:?} {wrong:?}").contains("wrong-secret-42"));
}

#[tokio::test]
async fn refusals_unmapped_plans_and_slow_answers() {
    let fake = fake::start(32_400).await;
    let paypal = provider(&fake, Duration::from_millis(500));
    let refused = paypal
        .create_checkout(&checkout("CT04", 3))
        .await
        .unwrap_err();
    assert_eq!(
        refused,
        PaymentError::Rejected {
            status: 400,
            code: "INVALID_PARAMETER_VALUE".into()
        }
    );
    assert!(!refused.is_uncertain());
    assert_eq!(
        paypal
            .create_checkout(&checkout("CT05", 9))
            .await
            .unwrap_err(),
        PaymentError::NotSupported
    );

    let slow = paypal
        .create_checkout(&checkout("CT06", 2))
        .await
        .unwrap_err();
    assert_eq!(slow, PaymentError::Timeout);
    assert!(slow.is_uncertain());
    tokio::time::sleep(fake::SLOW_ANSWER + Duration::from_millis(300)).await;
    let slow_calls = fake
        .ledger
        .lock()
        .unwrap()
        .creates
        .iter()
        .filter(|(id, _)| id.as_deref() == Some("CT06"))
        .count();
    assert_eq!(
        slow_calls, 1,
        "the adapter never repeats a call whose outcome is unknown"
    );
}

#[tokio::test]
async fn cancel_and_refund_reach_paypal_once() {
    let fake = fake::start(32_400).await;
    let paypal = provider(&fake, Duration::from_secs(5));
    let sub = subscribed(&fake, &paypal, "CT07").await;
    paypal.cancel(&sub).await.expect("cancelled");
    assert_eq!(
        fake.ledger.lock().unwrap().subscriptions[&sub]["status"],
        "CANCELLED"
    );
    paypal
        .cancel(&sub)
        .await
        .expect("cancelling twice is done, not an error");
    assert!(matches!(
        paypal.cancel("I-UNKNOWN").await,
        Err(PaymentError::Rejected { status: 404, .. })
    ));
    assert!(matches!(
        paypal.cancel("I-1/../x").await,
        Err(PaymentError::Rejected { status: 400, .. })
    ));

    sale(
        &fake,
        &sub,
        "80F85758S3080410K",
        "29.99",
        server::clock::now_ms(),
    );
    let refund = RefundRequest {
        idempotency_key: "rf-CT07-1".into(),
        provider_payment_ref: "80F85758S3080410K".into(),
        amount: usd(1050),
        order_no: "CT07".into(),
    };
    let first = paypal.refund(&refund).await.expect("refunded");
    assert!(
        matches!(&first, RefundOutcome::Refunded { provider_ref } if provider_ref.starts_with("REF-"))
    );
    assert_eq!(
        paypal.refund(&refund).await.expect("replayed"),
        first,
        "same key, same refund"
    );
    {
        let ledger = fake.ledger.lock().unwrap();
        assert!(ledger
            .refunds
            .iter()
            .all(|(id, _)| id.as_deref() == Some("rf-CT07-1")));
        assert_eq!(
            ledger.refunds[0].1["amount"],
            json!({"total": "10.50", "currency": "USD"})
        );
    }

    let renewal = RenewalCharge {
        idempotency_key: "rn-CT07-2".into(),
        subscription_ref: Some(sub),
        payment_token: None,
        amount: usd(2999),
        order_no: "CT07".into(),
        notify_url: String::new(),
        device: None,
    };
    // Through the gateway, as billing's renewal worker and reconciler call it.
    let paypal = Gateway::Paypal(Arc::new(paypal));
    assert_eq!(
        paypal.charge_renewal(&renewal).await,
        Ok(ChargeOutcome::ProviderManaged)
    );
    assert_eq!(paypal.lookup_charge("rn-CT07-2").await, Ok(None));
}

#[tokio::test]
async fn the_first_sale_pays_the_checkout_and_later_sales_are_renewals_in_any_order() {
    let fake = fake::start(32_400).await;
    let paypal = provider(&fake, Duration::from_secs(5));
    let sub = subscribed(&fake, &paypal, "CT08").await;
    let t0 = server::clock::now_ms() / 1000 * 1000;
    sale(&fake, &sub, "7WT2824826029771W", "0.99", t0);
    sale(&fake, &sub, "5CS38179PL895402Y", "29.99", t0 + DAY_MS);
    let now = t0 + DAY_MS + 60_000;

    // The renewal's webhook comes first, the trial payment's a day late.
    let renewal = sale_event("WH-2", "5CS38179PL895402Y", &sub, "29.99", t0 + DAY_MS);
    let expected = EventKind::RenewalPaid {
        idempotency_key: None,
        subscription_ref: Some(sub.clone()),
        provider_payment_ref: "5CS38179PL895402Y".into(),
        amount: usd(2999),
    };
    assert_eq!(one_kind(&paypal, &renewal, now).await, expected);
    let first = sale_event("WH-1", "7WT2824826029771W", &sub, "0.99", t0);
    let events = deliver(
        &paypal,
        &first,
        &fake::deliver(&first, now, &PAYPAL_KEY),
        now,
    )
    .await
    .expect("verified");
    assert_eq!(events[0].event_id, "WH-1");
    assert_eq!(events[0].occurred_at_ms, t0 + 30_000);
    let expected = EventKind::CheckoutPaid {
        order_no: "CT08".into(),
        provider_payment_ref: "7WT2824826029771W".into(),
        subscription_ref: Some(sub.clone()),
        payment_token: None,
        amount: usd(99),
        tax_minor: 0,
        instrument: None,
        instrument_country: None,
    };
    assert_eq!(events[0].kind, expected);

    let stranger = sale_event("WH-3", "9XX", "I-NOT-OURS", "5.00", t0);
    assert_eq!(
        one_kind(&paypal, &stranger, now).await,
        EventKind::Other {
            event_type: "PAYMENT.SALE.COMPLETED".into()
        }
    );
}

#[tokio::test]
async fn subscription_and_refund_events_map_to_their_meaning() {
    let fake = fake::start(32_400).await;
    let paypal = provider(&fake, Duration::from_secs(5));
    let now = server::clock::now_ms();
    let event = |id: &str, kind: &str, resource: serde_json::Value| {
        json!({"id": id, "event_version": "1.0", "create_time": "2026-01-10T09:34:56.000Z", "event_type": kind,
            "resource": resource}).to_string()
    };
    let sub = json!({"id": "I-BW452GLLEP1G", "custom_id": "CT09", "status": "ACTIVE", "billing_info": {"failed_payments_count": 0}});
    let activated = event("WH-A", "BILLING.SUBSCRIPTION.ACTIVATED", sub.clone());
    assert_eq!(
        one_kind(&paypal, &activated, now).await,
        EventKind::CheckoutPending {
            order_no: "CT09".into()
        }
    );
    let failed = event("WH-F", "BILLING.SUBSCRIPTION.PAYMENT.FAILED", sub.clone());
    assert_eq!(
        one_kind(&paypal, &failed, now).await,
        EventKind::CheckoutAttemptFailed {
            order_no: "CT09".into(),
            reason: app::model::billing::Decline::Declined
        }
    );
    let mut paid_once = sub.clone();
    paid_once["billing_info"]["last_payment"] = json!({"amount": {"currency_code": "USD", "value": "0.99"}, "time": "2026-01-10T09:00:00Z"});
    let renewal_failed = event("WH-F2", "BILLING.SUBSCRIPTION.PAYMENT.FAILED", paid_once);
    let expected = EventKind::RenewalFailed {
        idempotency_key: None,
        subscription_ref: Some("I-BW452GLLEP1G".into()),
    };
    assert_eq!(one_kind(&paypal, &renewal_failed, now).await, expected);
    for kind in [
        "BILLING.SUBSCRIPTION.CANCELLED",
        "BILLING.SUBSCRIPTION.EXPIRED",
    ] {
        let expected = EventKind::SubscriptionCanceled {
            subscription_ref: "I-BW452GLLEP1G".into(),
        };
        assert_eq!(
            one_kind(&paypal, &event("WH-C", kind, sub.clone()), now).await,
            expected
        );
    }
    let sale_refund = event(
        "WH-R",
        "PAYMENT.SALE.REFUNDED",
        json!({"id": "1JU08902781691411", "state": "completed",
        "sale_id": "7WT2824826029771W", "amount": {"total": "-0.99", "currency": "USD"}}),
    );
    let expected = EventKind::Refunded {
        provider_payment_ref: "7WT2824826029771W".into(),
        amount: usd(99),
    };
    assert_eq!(one_kind(&paypal, &sale_refund, now).await, expected);
    let capture_refund = event(
        "WH-R2",
        "PAYMENT.CAPTURE.REFUNDED",
        json!({"id": "1Y107995YT783435V", "status": "COMPLETED",
        "amount": {"value": "10.50", "currency_code": "USD"},
        "links": [{"href": "https://api.paypal.com/v2/payments/captures/0KG35000GN8436838", "rel": "up", "method": "GET"}]}),
    );
    let expected = EventKind::Refunded {
        provider_payment_ref: "0KG35000GN8436838".into(),
        amount: usd(1050),
    };
    assert_eq!(one_kind(&paypal, &capture_refund, now).await, expected);
    let other = event("WH-O", "CUSTOMER.DISPUTE.CREATED", json!({}));
    assert_eq!(
        one_kind(&paypal, &other, now).await,
        EventKind::Other {
            event_type: "CUSTOMER.DISPUTE.CREATED".into()
        }
    );
}

#[tokio::test]
async fn forged_or_unverifiable_webhooks_are_refused_and_late_retries_verified() {
    let fake = fake::start(32_400).await;
    let paypal = provider(&fake, Duration::from_secs(5));
    let now = server::clock::now_ms();
    let body = json!({"id": "WH-X", "event_type": "BILLING.SUBSCRIPTION.CANCELLED", "resource": {"id": "I-1"}}).to_string();
    let headers = fake::deliver(&body, now, &PAYPAL_KEY);
    assert!(deliver(&paypal, &body, &headers, now).await.is_ok());

    for name in [
        "paypal-transmission-id",
        "paypal-transmission-time",
        "paypal-transmission-sig",
        "paypal-cert-url",
        "paypal-auth-algo",
    ] {
        let mut missing = headers.clone();
        missing.remove(name);
        assert_eq!(
            deliver(&paypal, &body, &missing, now).await,
            Err(WebhookError::MissingSignature),
            "{name}"
        );
    }
    // PayPal documents no window and retries for days: a delivery sent
    // three days ago is verified with PayPal like any other.
    let calls = fake.ledger.lock().unwrap().verify_calls;
    let late = fake::deliver(&body, now - 3 * 86_400_000, &PAYPAL_KEY);
    assert!(deliver(&paypal, &body, &late, now).await.is_ok());
    assert_eq!(fake.ledger.lock().unwrap().verify_calls, calls + 1);

    let tampered = body.replace("I-1", "I-2");
    assert_eq!(
        deliver(&paypal, &tampered, &headers, now).await,
        Err(WebhookError::BadSignature)
    );
    let other_key = rsa::RsaPrivateKey::new(&mut rand_core::OsRng, 1024).unwrap();
    let forged = fake::deliver(&body, now, &other_key);
    assert_eq!(
        deliver(&paypal, &body, &forged, now).await,
        Err(WebhookError::BadSignature)
    );
    assert_eq!(
        deliver(
            &paypal,
            "not json",
            &fake::deliver("not json", now, &PAYPAL_KEY),
            now
        )
        .await,
        Err(WebhookError::Malformed)
    );

    fake.ledger.lock().unwrap().verify_down = true;
    let down = deliver(&paypal, &body, &headers, now).await;
    assert_eq!(
        down,
        Err(WebhookError::Unverifiable(PaymentError::Rejected {
            status: 503,
            code: "SERVICE_UNAVAILABLE".into()
        }))
    );
    let closed = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .unwrap()
        .local_addr()
        .unwrap();
    let unreachable = PaypalProvider::new(
        &config(&format!("http://{closed}"), fake::SECRET),
        "https://ct.test",
        Duration::from_secs(2),
    )
    .unwrap();
    let error = deliver(&unreachable, &body, &headers, now).await;
    assert_eq!(
        error,
        Err(WebhookError::Unverifiable(PaymentError::Connection {
            kind: "connect"
        }))
    );
}

fn money(minor: i64, currency: &str, exponent: u32) -> Money {
    Money {
        minor,
        currency: currency.into(),
        exponent,
    }
}

#[tokio::test]
async fn paypal_amounts_follow_its_currency_table() {
    let fake = fake::start(32_400).await;
    let paypal = provider(&fake, Duration::from_secs(5));
    fake.ledger
        .lock()
        .unwrap()
        .sales
        .insert("SALE-HUF".into(), ("1990".into(), "HUF".into()));
    let refund = RefundRequest {
        idempotency_key: "rf-huf-1".into(),
        provider_payment_ref: "SALE-HUF".into(),
        amount: money(199_000, "HUF", 2),
        order_no: "CTHUF".into(),
    };
    let refunded = paypal.refund(&refund).await;
    assert!(
        matches!(refunded, Ok(RefundOutcome::Refunded { .. })),
        "{refunded:?}"
    );
    assert_eq!(
        fake.ledger.lock().unwrap().refunds[0].1["amount"],
        json!({"total": "1990", "currency": "HUF"}),
        "HUF goes without decimals"
    );
    let fraction = RefundRequest {
        idempotency_key: "rf-twd-1".into(),
        amount: money(99_050, "TWD", 2),
        ..refund.clone()
    };
    assert_eq!(
        paypal.refund(&fraction).await,
        Err(PaymentError::NotSupported)
    );
    let mut idr = checkout("CTIDR", 1);
    idr.first_charge = money(190_000, "IDR", 0);
    idr.renewal = money(1_990_000, "IDR", 0);
    assert_eq!(
        paypal.create_checkout(&idr).await,
        Err(PaymentError::NotSupported)
    );
    let ledger = fake.ledger.lock().unwrap();
    assert_eq!(ledger.refunds.len(), 1, "nothing PayPal refuses is sent");
    assert!(ledger.creates.is_empty());
}

#[tokio::test]
async fn paypal_is_not_offered_for_a_price_in_a_currency_it_does_not_take() {
    use server::payments::{Gateway, Gateways};
    use server::services::billing::methods;
    let fake = fake::start(32_400).await;
    let gateways = Gateways::new(vec![Gateway::Paypal(std::sync::Arc::new(provider(
        &fake,
        Duration::from_secs(5),
    )))]);
    for app in crate::util::TestApp::all().await {
        let cx = app.state.cx();
        let usd_plan = crate::billing_util::plan_id(&app, "cpl2").await;
        let idr_plan = crate::billing_util::plan_id(&app, "cpl2_id").await;
        let offered = |plan| methods::offered(&cx, &gateways, "ID", Some(plan));
        assert_eq!(offered(usd_plan).await.unwrap(), [MethodChoice::Paypal]);
        assert_eq!(
            offered(idr_plan).await.unwrap(),
            [],
            "{:?}: IDR is not a PayPal currency",
            app.backend
        );
    }
}
