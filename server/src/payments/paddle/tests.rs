use super::webhook::{check_signature, verify, SIGNATURE_HEADER};
use crate::payments::{EventKind, Money, WebhookError, WebhookRequest};
use crate::signing::{hex, hmac_sha256};
use axum::http::HeaderMap;

const TS: i64 = 1_698_796_800;
const NOW_MS: i64 = TS * 1000;

#[test]
fn the_published_vectors_verify() {
    let valid = "ts=1698796800;h1=a300428748dce5c70e4da19bffd60769591ea969c99dea3105d0ec9612cf43f9";
    assert_eq!(
        check_signature(b"VALID_SECRET", valid, br#"{"data": ["1", "2"]}"#, NOW_MS),
        Ok(())
    );
    let h1 = "28981e941fae76e53db32f3d2a83cb69db41476595e84e1970a1b5d98f62b261";
    let rotated = format!("ts=1698796800;h1={h1};h1={h1};h2=RANDOM_HASH");
    assert_eq!(
        check_signature(b"VALID_SECRET", &rotated, br#"{"data": "value"}"#, NOW_MS),
        Ok(())
    );
    // The same JSON with other spacing is another body.
    let respaced = br#"{ "data": [ "1", "2" ]}"#;
    assert_eq!(
        check_signature(b"VALID_SECRET", valid, respaced, NOW_MS),
        Err(WebhookError::BadSignature)
    );
    let body = br#"{"data": ["1", "2"]}"#;
    assert_eq!(
        check_signature(b"INVALID_VALID_SECRET", valid, body, NOW_MS),
        Err(WebhookError::BadSignature)
    );
}

#[test]
fn headers_without_ts_or_h1_are_refused() {
    let body = br#"{"data": ["1", "2"]}"#;
    for header in [
        "invalid_header",
        "h1=a300428748dce5c70e4da19bffd60769591ea969c99dea3105d0ec9612cf43f9",
        "ts=1234;h2=abc",
        "ts=soon;h1=ab",
    ] {
        assert_eq!(
            check_signature(b"VALID_SECRET", header, body, NOW_MS),
            Err(WebhookError::MissingSignature),
            "{header}"
        );
    }
}

#[test]
fn the_window_is_paddles_five_seconds_after_ts() {
    let valid = "ts=1698796800;h1=a300428748dce5c70e4da19bffd60769591ea969c99dea3105d0ec9612cf43f9";
    let body = br#"{"data": ["1", "2"]}"#;
    let at = |now_ms| check_signature(b"VALID_SECRET", valid, body, now_ms);
    assert_eq!(at(NOW_MS + 5_000), Ok(()));
    for late in [5_001, 6_000, 60_000, 299_000] {
        assert_eq!(at(NOW_MS + late), Err(WebhookError::Stale), "{late} ms");
    }
    // Paddle's SDK takes a `ts` ahead of the receiver's clock.
    assert_eq!(at(NOW_MS - 400_000), Ok(()));
}

fn events(body: &str) -> Result<Vec<crate::payments::ProviderEvent>, WebhookError> {
    let mac = hmac_sha256(
        b"pdl_secret",
        &[TS.to_string().as_bytes(), b":", body.as_bytes()],
    );
    let mut headers = HeaderMap::new();
    headers.insert(
        SIGNATURE_HEADER,
        format!("ts={TS};h1={}", hex(&mac)).parse().unwrap(),
    );
    verify(
        b"pdl_secret",
        &WebhookRequest {
            headers: &headers,
            raw_body: body.as_bytes(),
            url: "",
            now_ms: NOW_MS,
        },
    )
}

fn transaction(event_type: &str, origin: &str, status: &str, error_code: &str) -> String {
    format!(
        r#"{{"event_id":"evt_01","event_type":"{event_type}","occurred_at":"2023-11-01T00:00:01.5Z","notification_id":"ntf_01",
        "data":{{"id":"txn_01","status":"{status}","origin":"{origin}","subscription_id":"sub_01","currency_code":"USD",
        "custom_data":{{"order_no":"ord123"}},"details":{{"totals":{{"subtotal":"99","tax":"20","total":"119","grand_total":"119","currency_code":"USD"}}}},
        "payments":[{{"status":"error","error_code":"{error_code}"}},{{"status":"error","error_code":"declined"}}]}}}}"#
    )
}

#[test]
fn the_first_payment_and_renewals_map_the_amount_before_tax_and_the_tax_apart() {
    let paid = events(&transaction(
        "transaction.completed",
        "web",
        "completed",
        "",
    ))
    .unwrap();
    assert_eq!(paid[0].event_id, "evt_01");
    assert_eq!(paid[0].occurred_at_ms, NOW_MS + 1_500);
    let usd = |minor| Money {
        minor,
        currency: "USD".into(),
        exponent: 2,
    };
    assert_eq!(
        paid[0].kind,
        EventKind::CheckoutPaid {
            order_no: "ord123".into(),
            provider_payment_ref: "txn_01".into(),
            subscription_ref: Some("sub_01".into()),
            payment_token: None,
            amount: usd(99),
            tax_minor: 20,
            instrument: None,
            instrument_country: None,
        }
    );
    let renewed = events(&transaction(
        "transaction.completed",
        "subscription_recurring",
        "completed",
        "",
    ))
    .unwrap();
    assert_eq!(
        renewed[0].kind,
        EventKind::RenewalPaid {
            idempotency_key: None,
            subscription_ref: Some("sub_01".into()),
            provider_payment_ref: "txn_01".into(),
            amount: usd(99),
        }
    );
}

#[test]
fn failures_say_whether_funds_were_short() {
    let short = events(&transaction(
        "transaction.payment_failed",
        "web",
        "ready",
        "not_enough_balance",
    ))
    .unwrap();
    assert_eq!(
        short[0].kind,
        EventKind::CheckoutAttemptFailed {
            order_no: "ord123".into(),
            reason: app_core::model::billing::Decline::InsufficientFunds
        }
    );
    let declined = events(&transaction(
        "transaction.payment_failed",
        "web",
        "ready",
        "declined",
    ))
    .unwrap();
    assert_eq!(
        declined[0].kind,
        EventKind::CheckoutAttemptFailed {
            order_no: "ord123".into(),
            reason: app_core::model::billing::Decline::Declined
        }
    );
    let renewal = events(&transaction(
        "transaction.payment_failed",
        "subscription_recurring",
        "past_due",
        "declined",
    ))
    .unwrap();
    assert_eq!(
        renewal[0].kind,
        EventKind::RenewalFailed {
            idempotency_key: None,
            subscription_ref: Some("sub_01".into())
        }
    );
}

#[test]
fn cancellation_refunds_and_the_rest() {
    let canceled = r#"{"event_id":"evt_02","event_type":"subscription.canceled","occurred_at":"2023-11-01T00:00:00Z","data":{"id":"sub_01","status":"canceled"}}"#;
    assert_eq!(
        events(canceled).unwrap()[0].kind,
        EventKind::SubscriptionCanceled {
            subscription_ref: "sub_01".into()
        }
    );
    let refund = |status: &str| {
        format!(
            r#"{{"event_id":"evt_03","event_type":"adjustment.updated","occurred_at":"2023-11-01T00:00:00Z","data":{{"id":"adj_01","action":"refund","type":"full","status":"{status}","transaction_id":"txn_01","currency_code":"JPY","totals":{{"subtotal":"300","tax":"0","total":"300","currency_code":"JPY"}}}}}}"#
        )
    };
    let approved = events(&refund("approved")).unwrap();
    let yen = Money {
        minor: 300,
        currency: "JPY".into(),
        exponent: 0,
    };
    assert_eq!(
        approved[0].kind,
        EventKind::Refunded {
            provider_payment_ref: "txn_01".into(),
            amount: yen
        }
    );
    let pending = events(&refund("pending_approval")).unwrap();
    assert_eq!(
        pending[0].kind,
        EventKind::Other {
            event_type: "adjustment.updated".into()
        }
    );
    let paid = events(&transaction("transaction.paid", "web", "paid", "")).unwrap();
    assert_eq!(
        paid[0].kind,
        EventKind::Other {
            event_type: "transaction.paid".into()
        }
    );
    assert_eq!(
        events(r#"{"event_id":"evt_04"}"#),
        Err(WebhookError::Malformed)
    );
}

#[test]
fn transactions_that_are_not_ours_are_recorded_only() {
    let foreign = r#"{"event_id":"evt_05","event_type":"transaction.completed","occurred_at":"2023-11-01T00:00:00Z","data":{"id":"txn_09","status":"completed","origin":"api","custom_data":null}}"#;
    assert_eq!(
        events(foreign).unwrap()[0].kind,
        EventKind::Other {
            event_type: "transaction.completed".into()
        }
    );
    let ours_without_totals = r#"{"event_id":"evt_06","event_type":"transaction.completed","occurred_at":"2023-11-01T00:00:00Z","data":{"id":"txn_10","status":"completed","origin":"web","custom_data":{"order_no":"ord123"}}}"#;
    assert_eq!(
        events(ours_without_totals),
        Err(WebhookError::Malformed),
        "a payment of ours without an amount is not guessed"
    );
}
