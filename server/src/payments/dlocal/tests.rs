use super::webhook::{parse_token, token, verify, SavedWallet};
use super::{signature, AUTH_SCHEME};
use crate::payments::{wire, EventKind, Money, ProviderEvent, WebhookError, WebhookRequest};
use axum::http::HeaderMap;

#[test]
fn the_reference_vector_signs() {
    let body = br#"{"amount":72.0,"currency":"USD"}"#;
    assert_eq!(
        signature(
            b"secretkey",
            "sak223k2wdksdl2",
            "2018-07-12T13:46:28.629Z",
            body
        ),
        "94d1b3dea38c2a0435444decf7ee8155a2b14554fba870918ef30abf6ecec183"
    );
}

#[test]
fn saved_wallets_round_trip() {
    let stored = token("PH", "GY", "W-yu23:y4");
    assert_eq!(
        parse_token(&stored),
        Some(SavedWallet {
            country: "PH",
            method: "GY",
            token: "W-yu23:y4"
        })
    );
    assert_eq!(parse_token("PH:GY"), None);
    assert_eq!(parse_token("PH::W-1"), None);
}

const NOW: i64 = 1_531_403_188_629;

fn notify(body: &str) -> Result<Vec<ProviderEvent>, WebhookError> {
    let x_date = wire::iso_ms(NOW);
    let mut headers = HeaderMap::new();
    headers.insert("x-date", x_date.parse().unwrap());
    headers.insert("x-login", "login".parse().unwrap());
    let signed = signature(b"key", "login", &x_date, body.as_bytes());
    headers.insert(
        "authorization",
        format!("{AUTH_SCHEME}, Signature: {signed}")
            .parse()
            .unwrap(),
    );
    verify(
        "login",
        b"key",
        &WebhookRequest {
            headers: &headers,
            raw_body: body.as_bytes(),
            url: "",
            now_ms: NOW,
        },
    )
}

fn payment(status: &str, code: &str, flow: &str) -> String {
    format!(
        r#"{{"id":"D-4-1","amount":199.00,"status":"{status}","status_code":"{code}","currency":"PHP","country":"PH",
        "payment_method_id":"GY","payment_method_type":"TICKET","payment_method_flow":"{flow}","order_id":"ord123",
        "wallet":{{"token":"W-9"}},"created_date":"2018-07-12T13:40:00.000+0000"}}"#
    )
}

#[test]
fn checkout_notifications_map_by_status() {
    let paid = notify(&payment("PAID", "200", "REDIRECT")).unwrap();
    assert_eq!(paid[0].event_id, "D-4-1:PAID");
    assert_eq!(paid[0].occurred_at_ms, NOW);
    assert_eq!(
        paid[0].kind,
        EventKind::CheckoutPaid {
            order_no: "ord123".into(),
            provider_payment_ref: "D-4-1".into(),
            subscription_ref: None,
            payment_token: Some("PH:GY:W-9".into()),
            amount: Money {
                minor: 19_900,
                currency: "PHP".into(),
                exponent: 2
            },
            tax_minor: 0,
            instrument: None,
            instrument_country: None,
        }
    );
    assert_eq!(
        notify(&payment("PENDING", "100", "REDIRECT")).unwrap()[0].kind,
        EventKind::CheckoutPending {
            order_no: "ord123".into()
        }
    );
    let short = notify(&payment("REJECTED", "302", "REDIRECT")).unwrap();
    assert_eq!(
        short[0].kind,
        EventKind::CheckoutFailed {
            order_no: "ord123".into(),
            reason: app_core::model::billing::Decline::InsufficientFunds
        }
    );
    let pin = notify(&payment("REJECTED", "324", "REDIRECT")).unwrap();
    assert_eq!(
        pin[0].kind,
        EventKind::CheckoutFailed {
            order_no: "ord123".into(),
            reason: app_core::model::billing::Decline::Authentication
        }
    );
    assert_eq!(
        notify(&payment("AUTHORIZED", "600", "REDIRECT")).unwrap()[0].kind,
        EventKind::Other {
            event_type: "payment.AUTHORIZED".into()
        }
    );
}

#[test]
fn renewal_and_refund_notifications() {
    let renewed = notify(&payment("PAID", "200", "DIRECT")).unwrap();
    assert_eq!(
        renewed[0].kind,
        EventKind::RenewalPaid {
            idempotency_key: Some("ord123".into()),
            subscription_ref: None,
            provider_payment_ref: "D-4-1".into(),
            amount: Money {
                minor: 19_900,
                currency: "PHP".into(),
                exponent: 2
            },
        }
    );
    let failed = notify(&payment("REJECTED", "302", "DIRECT")).unwrap();
    assert_eq!(
        failed[0].kind,
        EventKind::RenewalFailed {
            idempotency_key: Some("ord123".into()),
            subscription_ref: None
        }
    );
    let refund = r#"{"id":"REF-1","payment_id":"D-4-1","amount":50.5,"amount_refunded":50.5,"currency":"PHP","status":"SUCCESS","status_code":"200"}"#;
    let got = notify(refund).unwrap();
    assert_eq!(got[0].event_id, "REF-1:SUCCESS");
    let amount = Money {
        minor: 5_050,
        currency: "PHP".into(),
        exponent: 2,
    };
    assert_eq!(
        got[0].kind,
        EventKind::Refunded {
            provider_payment_ref: "D-4-1".into(),
            amount
        }
    );
}
