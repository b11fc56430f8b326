use super::webhook::{sign, verify, SIGNATURE_HEADER};
use crate::payments::{EventKind, Money, ProviderEvent, WebhookError, WebhookRequest};
use axum::http::HeaderMap;

#[test]
fn the_reference_vector_signs() {
    assert_eq!(
        sign(b"fs_secret", br#"{"events":[]}"#),
        "Cv3DXOvOxZK0ZozGY2G0Bi5+pu9v+hxYR+g+mtoXCWs="
    );
}

fn events(body: &str) -> Result<Vec<ProviderEvent>, WebhookError> {
    let mut headers = HeaderMap::new();
    headers.insert(
        SIGNATURE_HEADER,
        sign(b"fs_secret", body.as_bytes()).parse().unwrap(),
    );
    verify(
        b"fs_secret",
        &WebhookRequest {
            headers: &headers,
            raw_body: body.as_bytes(),
            url: "",
            now_ms: 0,
        },
    )
}

const BATCH: &str = r#"{"events":[
 {"id":"evt_1","live":false,"processed":false,"type":"order.completed","created":1700000000000,
  "data":{"order":"ord_fs1","id":"ord_fs1","reference":"ABC123","completed":true,"currency":"USD","total":59.99,
  "totalDisplay":"$59.99","tags":{"order_no":"ord123"},"items":[{"product":"pro-monthly","quantity":1,"subscription":"sub_fs1"}]}},
 {"id":"evt_2","type":"subscription.charge.completed","created":1700000001000,
  "data":{"order":{"order":"ord_fs2","id":"ord_fs2","total":19.9},"subscription":{"id":"sub_fs1","subscription":"sub_fs1"},
  "currency":"USD","total":19.90,"status":"successful"}},
 {"id":"evt_3","type":"subscription.charge.failed","created":1700000002000,
  "data":{"reason":"EXPIRED_CARD","account":"acc_1","subscription":"sub_fs1"}},
 {"id":"evt_4","type":"subscription.deactivated","created":1700000003000,"data":{"id":"sub_fs1","subscription":"sub_fs1","state":"deactivated"}},
 {"id":"evt_5","type":"return.created","created":1700000004000,
  "data":{"return":"ret_1","completed":true,"currency":"IDR","totalReturn":190000.0,"original":{"id":"ord_fs1","order":"ord_fs1"}}},
 {"id":"evt_6","type":"order.failed","created":1700000005000,"data":{"id":"ord_fs3","tags":{"order_no":"ord124"}}},
 {"id":"evt_7","type":"subscription.canceled","created":1700000006000,"data":{"id":"sub_fs1"}}
]}"#;

#[test]
fn a_batch_maps_event_by_event_with_exact_amounts() {
    let got = events(BATCH).expect("verified");
    let ids: Vec<&str> = got.iter().map(|e| e.event_id.as_str()).collect();
    assert_eq!(
        ids,
        ["evt_1", "evt_2", "evt_3", "evt_4", "evt_5", "evt_6", "evt_7"]
    );
    assert_eq!(got[0].occurred_at_ms, 1_700_000_000_000);
    let usd = |minor| Money {
        minor,
        currency: "USD".into(),
        exponent: 2,
    };
    assert_eq!(
        got[0].kind,
        EventKind::CheckoutPaid {
            order_no: "ord123".into(),
            provider_payment_ref: "ord_fs1".into(),
            subscription_ref: Some("sub_fs1".into()),
            payment_token: None,
            amount: usd(5999),
            tax_minor: 0,
            instrument: None,
            instrument_country: None,
        }
    );
    assert_eq!(
        got[1].kind,
        EventKind::RenewalPaid {
            idempotency_key: None,
            subscription_ref: Some("sub_fs1".into()),
            provider_payment_ref: "ord_fs2".into(),
            amount: usd(1990),
        }
    );
    assert_eq!(
        got[2].kind,
        EventKind::RenewalFailed {
            idempotency_key: None,
            subscription_ref: Some("sub_fs1".into())
        }
    );
}

#[test]
fn cancellations_refunds_and_failures_of_a_batch_map_to_their_meaning() {
    let got = events(BATCH).expect("verified");
    assert_eq!(
        got[3].kind,
        EventKind::SubscriptionCanceled {
            subscription_ref: "sub_fs1".into()
        }
    );
    let rupiah = Money {
        minor: 190_000,
        currency: "IDR".into(),
        exponent: 0,
    };
    assert_eq!(
        got[4].kind,
        EventKind::Refunded {
            provider_payment_ref: "ord_fs1".into(),
            amount: rupiah
        }
    );
    assert_eq!(
        got[5].kind,
        EventKind::CheckoutFailed {
            order_no: "ord124".into(),
            reason: app_core::model::billing::Decline::Declined
        }
    );
    assert_eq!(
        got[6].kind,
        EventKind::Other {
            event_type: "subscription.canceled".into()
        }
    );
}

#[test]
fn orders_without_our_tag_are_recorded_only() {
    let body = r#"{"events":[{"id":"evt_9","type":"order.completed","created":1,"data":{"id":"o","currency":"USD","total":1.0}}]}"#;
    assert_eq!(
        events(body).unwrap()[0].kind,
        EventKind::Other {
            event_type: "order.completed".into()
        }
    );
}

#[test]
fn signatures_and_bodies_are_checked() {
    let body = BATCH.as_bytes();
    let tampered = BATCH.replace("59.99", "0.99");
    let mut headers = HeaderMap::new();
    let request = |headers: &HeaderMap, body: &[u8]| {
        verify(
            b"fs_secret",
            &WebhookRequest {
                headers,
                raw_body: body,
                url: "",
                now_ms: 0,
            },
        )
        .map(|_| ())
    };
    assert_eq!(request(&headers, body), Err(WebhookError::MissingSignature));
    headers.insert(SIGNATURE_HEADER, sign(b"fs_secret", body).parse().unwrap());
    assert_eq!(request(&headers, body), Ok(()));
    assert_eq!(
        request(&headers, tampered.as_bytes()),
        Err(WebhookError::BadSignature)
    );
    headers.insert(
        SIGNATURE_HEADER,
        sign(b"other_secret", body).parse().unwrap(),
    );
    assert_eq!(request(&headers, body), Err(WebhookError::BadSignature));
    let unreadable = br#"{"events":[{"id":"e","type":"order.completed"}]}"#;
    headers.insert(
        SIGNATURE_HEADER,
        sign(b"fs_secret", unreadable).parse().unwrap(),
    );
    assert_eq!(request(&headers, unreadable), Err(WebhookError::Malformed));
}
