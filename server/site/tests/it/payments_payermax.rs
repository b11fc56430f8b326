//! The PayerMax adapter (GCash, DANA) against a loopback gateway (`fake`)
//! with throw-away RSA keys: signed cashier orders, token renewals,
//! reconciliation by `orderQuery`, refunds, time-outs, refusals, unsigned
//! answers, and RSA-signed notifications mapped to events.
mod fake;

use app::model::{billing::MethodChoice, Cycle};
use fake::{FakePayerMax, MERCHANT_KEY, PLATFORM_KEY};
use rsa::pkcs8::{EncodePrivateKey as _, EncodePublicKey as _, LineEnding};
use serde_json::json;
use server::payments::payermax::{PayerMaxConfig, PayerMaxProvider, REF_RENEWAL};
use server::payments::{
    ChargeOutcome, CheckoutRequest, Customer, EventKind, Gateway, Money, PayerDevice, PaymentError,
    RefundFound, RefundOutcome, RefundRequest, RenewalCharge, WebhookError, WebhookRequest,
};
use std::{sync::Arc, time::Duration};

fn config(base: &str, private_key: &rsa::RsaPrivateKey) -> PayerMaxConfig {
    let vars = [
        ("PAYERMAX_MERCHANT_NO", fake::MERCHANT_NO.to_owned()),
        ("PAYERMAX_APP_ID", fake::APP_ID.to_owned()),
        (
            "PAYERMAX_PRIVATE_KEY",
            private_key
                .to_pkcs8_pem(LineEnding::LF)
                .unwrap()
                .to_string(),
        ),
        (
            "PAYERMAX_PLATFORM_PUBLIC_KEY",
            PLATFORM_KEY
                .to_public_key()
                .to_public_key_pem(LineEnding::LF)
                .unwrap(),
        ),
        ("PAYERMAX_API_BASE", base.to_owned()),
    ];
    let var = |name: &str| {
        vars.iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.clone())
    };
    PayerMaxConfig::from_vars(&var)
        .expect("valid")
        .expect("configured")
}

fn provider(fake: &FakePayerMax, timeout: Duration) -> PayerMaxProvider {
    PayerMaxProvider::new(
        &config(&fake.base, &MERCHANT_KEY),
        "https://ct.test",
        timeout,
    )
    .expect("provider")
}

fn php(minor: i64) -> Money {
    Money {
        minor,
        currency: "PHP".into(),
        exponent: 2,
    }
}

fn idr(minor: i64) -> Money {
    Money {
        minor,
        currency: "IDR".into(),
        exponent: 0,
    }
}

fn checkout(order_no: &str, method: MethodChoice, first_charge: Money) -> CheckoutRequest {
    CheckoutRequest {
        order_no: order_no.into(),
        method,
        customer: Customer {
            email: "payer@example.com".into(),
            country: "PH".into(),
            ..Customer::default()
        },
        locale: "en".into(),
        renewal: Money {
            minor: first_charge.minor * 100,
            ..first_charge.clone()
        },
        first_charge,
        cycle: Cycle::Month,
        trial_days: 1,
        skips_trial: false,
        plan_id: 1,
        return_url: format!("https://ct.test/pay-result?orderNo={order_no}"),
        cancel_url: "https://ct.test/pay-method?planId=1".into(),
        notify_url: "https://ct.test/api_f/v1/payments/webhook/payermax".into(),
        device: None,
    }
}

fn renewal(key: &str, token: Option<&str>, amount: Money) -> RenewalCharge {
    RenewalCharge {
        idempotency_key: key.into(),
        subscription_ref: None,
        payment_token: token.map(str::to_owned),
        amount,
        order_no: "CT0DANA".into(),
        notify_url: "https://ct.test/api_f/v1/payments/webhook/payermax".into(),
        device: Some(PayerDevice {
            ip: "203.0.113.7".into(),
            user_agent: "Mozilla/5.0 (Android 14)".into(),
        }),
    }
}

/// The last envelope the fake accepted for `api`, parsed and as sent.
fn last_call(fake: &FakePayerMax, api: &str) -> (serde_json::Value, String) {
    let ledger = fake.ledger.lock().unwrap();
    let (_, parsed, raw) = ledger
        .calls
        .iter()
        .rev()
        .find(|(name, _, _)| name == api)
        .expect("a call");
    (parsed.clone(), raw.clone())
}

#[tokio::test]
async fn a_signed_cashier_order_binds_the_wallet_once_per_order() {
    let fake = fake::start().await;
    let payermax = provider(&fake, Duration::from_secs(5));
    let request = checkout("CT0GCASH01", MethodChoice::Gcash, php(4950));
    let first = payermax.create_checkout(&request).await.expect("checkout");
    assert!(first
        .redirect_url
        .starts_with("https://cashier-n-uat.payermax.com/"));
    assert!(first
        .provider_ref
        .as_deref()
        .is_some_and(|t| t.starts_with('T')));
    assert_eq!(
        payermax.create_checkout(&request).await.expect("again"),
        first,
        "an unpaid order gives back its cashier"
    );
    assert_eq!(fake.ledger.lock().unwrap().orders.len(), 1);

    let (sent, raw) = last_call(&fake, "orderAndPay");
    assert_eq!(
        (sent["version"].as_str(), sent["keyVersion"].as_str()),
        (Some("1.4"), Some("1"))
    );
    let data = &sent["data"];
    assert_eq!(data["outTradeNo"], "CT0GCASH01");
    assert_eq!(data["integrate"], "Hosted_Checkout");
    assert_eq!(data["reference"], "checkout");
    assert_eq!(
        data["frontCallbackUrl"],
        "https://ct.test/pay-result?orderNo=CT0GCASH01"
    );
    assert_eq!(
        data["notifyUrl"],
        "https://ct.test/api_f/v1/payments/webhook/payermax"
    );
    assert_eq!(
        (data["currency"].as_str(), data["country"].as_str()),
        (Some("PHP"), Some("PH"))
    );
    assert_eq!(
        data["paymentDetail"],
        json!({"paymentMethodType": "WALLET", "targetOrg": "GCASH", "mitType": "SCHEDULED",
        "tokenForFutureUse": true, "merchantInitiated": false})
    );
    assert!(
        raw.contains(r#""totalAmount":49.50,"#),
        "major units, as the exact decimal text: {raw}"
    );
    assert!(
        !sent.to_string().contains("payer@example.com"),
        "no personal data goes to PayerMax"
    );

    let dana = payermax
        .create_checkout(&checkout("CT0DANA", MethodChoice::Dana, idr(300)))
        .await
        .expect("DANA");
    assert!(dana.redirect_url.contains("tradeToken="));
    assert!(last_call(&fake, "orderAndPay")
        .1
        .contains(r#""totalAmount":300,"#));
    let card = payermax
        .create_checkout(&checkout("CT0CARD", MethodChoice::Card, php(100)))
        .await;
    assert_eq!(card, Err(PaymentError::NotSupported));
}

#[tokio::test]
async fn renewals_spend_the_bound_token_and_reconcile_by_query() {
    let fake = fake::start().await;
    let payermax = provider(&fake, Duration::from_secs(5));
    payermax
        .create_checkout(&checkout("CT0DANA", MethodChoice::Dana, idr(300)))
        .await
        .expect("checkout");
    fake.paid("CT0DANA", "PMTOKEN-OK-1");
    fake.paid_token_only("PMTOKEN-BROKE-1", "DANA");

    let charged = payermax
        .charge_renewal(&renewal(
            "RN_CT0DANA_2",
            Some("DANA:PMTOKEN-OK-1"),
            idr(190_000),
        ))
        .await;
    assert_eq!(
        charged,
        Ok(ChargeOutcome::Succeeded {
            provider_ref: "RN_CT0DANA_2".into()
        })
    );
    let (sent, raw) = last_call(&fake, "orderAndPay");
    let data = &sent["data"];
    assert_eq!(
        (data["integrate"].as_str(), data["reference"].as_str()),
        (Some("Direct_Payment"), Some(REF_RENEWAL))
    );
    assert_eq!(data["paymentDetail"]["paymentTokenID"], "PMTOKEN-OK-1");
    assert_eq!(data["paymentDetail"]["merchantInitiated"], true);
    assert!(raw.contains(r#""totalAmount":190000,"#), "{raw}");

    let repeat = payermax
        .charge_renewal(&renewal(
            "rn_ct0dana_2",
            Some("DANA:PMTOKEN-OK-1"),
            idr(190_000),
        ))
        .await;
    assert_eq!(
        repeat,
        Err(PaymentError::Rejected {
            status: 200,
            code: "ORDER_NO_REPEAT".into()
        }),
        "keys are case-insensitive at PayerMax"
    );
    let looked = payermax.lookup_charge("RN_CT0DANA_2").await;
    assert_eq!(
        looked,
        Ok(Some(ChargeOutcome::Succeeded {
            provider_ref: "RN_CT0DANA_2".into()
        }))
    );
    assert_eq!(payermax.lookup_charge("RN_NEVER_SENT").await, Ok(None));

    let broke = payermax
        .charge_renewal(&renewal(
            "RN_CT0DANA_3",
            Some("DANA:PMTOKEN-BROKE-1"),
            idr(190_000),
        ))
        .await;
    assert_eq!(
        broke,
        Ok(ChargeOutcome::Declined {
            reason: app::model::billing::Decline::InsufficientFunds
        })
    );
    assert_eq!(
        payermax.lookup_charge("RN_CT0DANA_3").await,
        Ok(Some(ChargeOutcome::Declined {
            reason: app::model::billing::Decline::InsufficientFunds
        }))
    );
    let untokened = payermax
        .charge_renewal(&renewal("RN_CT0DANA_4", None, idr(190_000)))
        .await;
    assert_eq!(
        untokened,
        Err(PaymentError::Rejected {
            status: 400,
            code: "no_token".into()
        })
    );
}

#[tokio::test]
async fn refunds_are_keyed_and_cancel_needs_nothing_at_payermax() {
    let fake = fake::start().await;
    let payermax = provider(&fake, Duration::from_secs(5));
    payermax
        .create_checkout(&checkout("CT0GCASH02", MethodChoice::Gcash, php(4950)))
        .await
        .expect("checkout");
    fake.paid("CT0GCASH02", "PMTOKEN-OK-2");
    let refund = RefundRequest {
        idempotency_key: "RF_CT0GCASH02_1".into(),
        provider_payment_ref: "CT0GCASH02".into(),
        amount: php(2000),
        order_no: "CT0GCASH02".into(),
    };
    let first = payermax.refund(&refund).await.expect("accepted");
    assert!(
        matches!(&first, RefundOutcome::Pending { provider_ref } if provider_ref.contains("TI"))
    );
    assert_eq!(payermax.refund(&refund).await.expect("replayed"), first);
    assert_eq!(
        fake.ledger.lock().unwrap().refunds.len(),
        1,
        "outRefundNo makes the repeat the same refund"
    );
    let (sent, raw) = last_call(&fake, "refund");
    let data = &sent["data"];
    assert_eq!(
        (data["outTradeNo"].as_str(), data["refundCurrency"].as_str()),
        (Some("CT0GCASH02"), Some("PHP"))
    );
    assert!(raw.contains(r#""refundAmount":20.00,"#), "{raw}");
    let too_much = RefundRequest {
        idempotency_key: "RF_CT0GCASH02_2".into(),
        amount: php(5000),
        ..refund
    };
    assert_eq!(
        payermax.refund(&too_much).await,
        Err(PaymentError::Rejected {
            status: 200,
            code: "REFUND_AMOUNT_INVALID".into()
        })
    );
    assert_eq!(payermax.cancel("anything").await, Ok(()));
}

#[tokio::test]
async fn time_outs_refusals_and_unsigned_answers() {
    let fake = fake::start().await;
    let payermax = provider(&fake, Duration::from_millis(500));
    let slow = payermax
        .create_checkout(&checkout("SLOW1", MethodChoice::Gcash, php(4950)))
        .await;
    assert_eq!(slow, Err(PaymentError::Timeout));
    tokio::time::sleep(fake::SLOW_ANSWER + Duration::from_millis(300)).await;
    let calls = fake
        .ledger
        .lock()
        .unwrap()
        .calls
        .iter()
        .filter(|(_, e, _)| e["data"]["outTradeNo"] == "SLOW1")
        .count();
    assert_eq!(calls, 1, "never repeated by the adapter");

    let blocked = payermax
        .create_checkout(&checkout("BLOCKED1", MethodChoice::Gcash, php(4950)))
        .await;
    assert_eq!(
        blocked,
        Err(PaymentError::Rejected {
            status: 403,
            code: "FORBIDDEN".into()
        })
    );
    let busy = payermax
        .charge_renewal(&renewal("BUSY1", Some("GCASH:PMTOKEN-X"), php(4950)))
        .await
        .unwrap_err();
    assert!(
        busy.is_uncertain(),
        "PayerMax's own 'no result yet' is not a decline: {busy:?}"
    );

    let stranger = rsa::RsaPrivateKey::new(&mut rand_core::OsRng, 1024).unwrap();
    let unsigned = PayerMaxProvider::new(
        &config(&fake.base, &stranger),
        "https://ct.test",
        Duration::from_secs(5),
    )
    .unwrap();
    let refused = unsigned
        .create_checkout(&checkout("CT0X", MethodChoice::Gcash, php(4950)))
        .await;
    assert_eq!(
        refused,
        Err(PaymentError::Rejected {
            status: 200,
            code: "SIGN_VERIFY_FAILED".into()
        })
    );

    fake.ledger.lock().unwrap().wrong_answer_key = Some(stranger);
    let forged = payermax
        .create_checkout(&checkout("CT0Y", MethodChoice::Gcash, php(4950)))
        .await
        .unwrap_err();
    assert_eq!(
        forged,
        PaymentError::BadResponse,
        "a success not signed by PayerMax is not believed, and may have happened"
    );
    assert!(forged.is_uncertain());
}

fn notice(kind: &str, data: serde_json::Value, code: &str) -> String {
    json!({"code": code, "msg": "Success.", "keyVersion": "1", "appId": fake::APP_ID, "merchantNo": fake::MERCHANT_NO,
        "notifyTime": "2025-02-27T09:41:12 +0000", "notifyType": kind, "data": data})
    .to_string()
}

#[tokio::test]
async fn signed_notifications_become_events_with_exact_amounts() {
    let fake = fake::start().await;
    let payermax = provider(&fake, Duration::from_secs(5));
    let verify = |body: String| {
        let headers = fake::notification_headers(&body, &PLATFORM_KEY);
        let payermax = &payermax;
        async move {
            let req = WebhookRequest {
                headers: &headers,
                raw_body: body.as_bytes(),
                url: "https://ct.test/x",
                now_ms: 0,
            };
            payermax.verify_webhook(&req).await
        }
    };
    let paid = json!({"outTradeNo": "CT0GCASH03", "tradeToken": "T1", "totalAmount": 49.5, "currency": "PHP", "country": "PH",
        "status": "SUCCESS", "completeTime": "2025-02-27T09:41:10.267Z", "reference": "checkout",
        "paymentDetails": [{"paymentMethodType": "WALLET", "targetOrg": "GCASH", "paymentTokenID": "PMTOKEN20250227071843552050007000094"}]});
    let events = verify(notice("PAYMENT", paid, "APPLY_SUCCESS"))
        .await
        .expect("verified");
    assert_eq!(events[0].event_id, "PAYMENT:CT0GCASH03:SUCCESS");
    assert_eq!(events[0].occurred_at_ms, 1_740_649_270_267);
    assert_eq!(
        events[0].kind,
        EventKind::CheckoutPaid {
            order_no: "CT0GCASH03".into(),
            provider_payment_ref: "CT0GCASH03".into(),
            subscription_ref: None,
            payment_token: Some("GCASH:PMTOKEN20250227071843552050007000094".into()),
            amount: php(4950),
            tax_minor: 0,
            instrument: None,
            instrument_country: None,
        }
    );
    let renewed = json!({"outTradeNo": "RN_1", "totalAmount": 190000, "currency": "IDR", "status": "SUCCESS", "reference": REF_RENEWAL});
    let kind = verify(notice("PAYMENT", renewed, "APPLY_SUCCESS"))
        .await
        .unwrap()
        .remove(0)
        .kind;
    assert_eq!(
        kind,
        EventKind::RenewalPaid {
            idempotency_key: Some("RN_1".into()),
            subscription_ref: None,
            provider_payment_ref: "RN_1".into(),
            amount: idr(190_000)
        }
    );
    let failed = json!({"outTradeNo": "CT0DANA", "totalAmount": 300, "currency": "IDR", "status": "FAILED", "reference": "checkout"});
    let kind = verify(notice("PAYMENT", failed, "INSUFFICIENT_BALANCE"))
        .await
        .unwrap()
        .remove(0)
        .kind;
    assert_eq!(
        kind,
        EventKind::CheckoutFailed {
            order_no: "CT0DANA".into(),
            reason: app::model::billing::Decline::InsufficientFunds
        }
    );
    let refunded = json!({"outRefundNo": "RF_1", "refundTradeNo": "2022TI1", "outTradeNo": "CT0GCASH03", "refundAmount": 20.00,
        "refundCurrency": "PHP", "status": "REFUND_SUCCESS"});
    let events = verify(notice("REFUND", refunded, "APPLY_SUCCESS"))
        .await
        .unwrap();
    assert_eq!(events[0].event_id, "REFUND:RF_1:REFUND_SUCCESS");
    assert_eq!(
        events[0].kind,
        EventKind::Refunded {
            provider_payment_ref: "CT0GCASH03".into(),
            amount: php(2000)
        }
    );

    let gateway = Gateway::PayerMax(Arc::new(provider(&fake, Duration::from_secs(5))));
    assert_eq!(
        gateway.webhook_ack(),
        r#"{"code":"SUCCESS","msg":"Success"}"#
    );
}

#[tokio::test]
async fn unsigned_tampered_or_foreign_notifications_are_refused() {
    let fake = fake::start().await;
    let payermax = provider(&fake, Duration::from_secs(5));
    let body = notice(
        "PAYMENT",
        json!({"outTradeNo": "CT01", "totalAmount": 300, "currency": "IDR", "status": "SUCCESS"}),
        "APPLY_SUCCESS",
    );
    let check = |headers: axum::http::HeaderMap, body: String| {
        let payermax = &payermax;
        async move {
            let req = WebhookRequest {
                headers: &headers,
                raw_body: body.as_bytes(),
                url: "https://ct.test/x",
                now_ms: 0,
            };
            payermax.verify_webhook(&req).await
        }
    };
    assert!(check(
        fake::notification_headers(&body, &PLATFORM_KEY),
        body.clone()
    )
    .await
    .is_ok());
    assert_eq!(
        check(axum::http::HeaderMap::new(), body.clone()).await,
        Err(WebhookError::MissingSignature)
    );
    let tampered = body.replace("300", "3000");
    assert_eq!(
        check(fake::notification_headers(&body, &PLATFORM_KEY), tampered).await,
        Err(WebhookError::BadSignature)
    );
    assert_eq!(
        check(
            fake::notification_headers(&body, &MERCHANT_KEY),
            body.clone()
        )
        .await,
        Err(WebhookError::BadSignature)
    );
    let garbage = "{\"notifyType\": 7}".to_owned();
    assert_eq!(
        check(fake::notification_headers(&garbage, &PLATFORM_KEY), garbage).await,
        Err(WebhookError::Malformed)
    );
}

/// Posts `envelope` to the fake as we would, signed with our key.
async fn post_raw(fake: &FakePayerMax, api: &str, envelope: &serde_json::Value) -> String {
    let body = envelope.to_string();
    reqwest::Client::new()
        .post(format!("{}/aggregate-pay/api/gateway/{api}", fake.base))
        .header("sign", fake::sign(&MERCHANT_KEY, body.as_bytes()))
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

#[tokio::test]
async fn payermax_calls_are_version_1_4_and_debits_carry_the_pure_api_fields() {
    let fake = fake::start().await;
    let payermax = provider(&fake, Duration::from_secs(5));
    fake.paid_token_only("PMTOKEN-OK-9", "DANA");
    let charged = payermax
        .charge_renewal(&renewal(
            "RN_V14_1",
            Some("DANA:PMTOKEN-OK-9"),
            idr(190_000),
        ))
        .await;
    assert!(
        matches!(charged, Ok(ChargeOutcome::Succeeded { .. })),
        "{charged:?}"
    );
    let (sent, _) = last_call(&fake, "orderAndPay");
    assert_eq!(sent["version"], "1.4");
    let data = &sent["data"];
    assert_eq!(
        data["frontCallbackUrl"],
        "https://ct.test/pay-result?orderNo=CT0DANA"
    );
    let buyer = &data["paymentDetail"]["buyerInfo"];
    assert_eq!(
        (buyer["clientIp"].as_str(), buyer["userAgent"].as_str()),
        (Some("203.0.113.7"), Some("Mozilla/5.0 (Android 14)"))
    );
    let calls = fake.ledger.lock().unwrap().calls.len();
    let unknown_device = RenewalCharge {
        device: None,
        ..renewal("RN_V14_2", Some("DANA:PMTOKEN-OK-9"), idr(190_000))
    };
    assert_eq!(
        payermax.charge_renewal(&unknown_device).await,
        Err(PaymentError::Rejected {
            status: 400,
            code: "no_buyer_info".into()
        })
    );
    assert_eq!(
        fake.ledger.lock().unwrap().calls.len(),
        calls,
        "nothing sent"
    );

    // The fake refuses what PayerMax refuses: another version, a pure-API
    // payment without frontCallbackUrl or buyerInfo.
    let mut envelope = sent.clone();
    envelope["requestTime"] = json!(server::payments::wire::iso_ms_offset(
        server::clock::now_ms()
    ));
    envelope["data"]["outTradeNo"] = json!("RN_V14_3");
    let mut other_version = envelope.clone();
    other_version["version"] = json!("1.5");
    assert!(post_raw(&fake, "orderAndPay", &other_version)
        .await
        .contains("PARAMS_INVALID"));
    for field in ["frontCallbackUrl", "buyerInfo"] {
        let mut missing = envelope.clone();
        missing["data"].as_object_mut().unwrap().remove(field);
        missing["data"]["paymentDetail"]
            .as_object_mut()
            .unwrap()
            .remove(field);
        let answer = post_raw(&fake, "orderAndPay", &missing).await;
        assert!(answer.contains("PARAMS_INVALID"), "{field}: {answer}");
    }
    assert!(post_raw(&fake, "orderAndPay", &envelope)
        .await
        .contains("APPLY_SUCCESS"));
}

#[tokio::test]
async fn payermax_refunds_are_looked_up_by_refund_query() {
    let fake = fake::start().await;
    let payermax = provider(&fake, Duration::from_secs(5));
    payermax
        .create_checkout(&checkout("CT0GCASH03", MethodChoice::Gcash, php(4950)))
        .await
        .expect("checkout");
    fake.paid("CT0GCASH03", "PMTOKEN-OK-3");
    let refund = RefundRequest {
        idempotency_key: "refund_77".into(),
        provider_payment_ref: "CT0GCASH03".into(),
        amount: php(4950),
        order_no: "CT0GCASH03".into(),
    };
    assert_eq!(
        payermax.lookup_refund(&refund).await,
        Ok(RefundFound::Nothing)
    );
    let gateway = Gateway::PayerMax(Arc::new(provider(&fake, Duration::from_secs(5))));
    let RefundOutcome::Pending { provider_ref } = payermax.refund(&refund).await.unwrap() else {
        panic!("PayerMax answers pending");
    };
    assert_eq!(
        gateway.lookup_refund(&refund, None).await,
        Ok(RefundFound::Pending {
            provider_ref: Some(provider_ref.clone())
        })
    );
    fake.refund_settled("refund_77", "REFUND_SUCCESS");
    assert_eq!(
        gateway.lookup_refund(&refund, None).await,
        Ok(RefundFound::Refunded {
            provider_ref: provider_ref.clone()
        })
    );
    fake.refund_settled("refund_77", "REFUND_FAILED");
    assert_eq!(
        payermax.lookup_refund(&refund).await,
        Ok(RefundFound::Rejected { provider_ref })
    );
    let (sent, _) = last_call(&fake, "refundQuery");
    assert_eq!(
        (
            sent["version"].as_str(),
            sent["data"]["outRefundNo"].as_str()
        ),
        (Some("1.4"), Some("refund_77"))
    );
}

#[tokio::test]
async fn gopay_is_an_indonesian_cashier_order_with_no_token_to_charge_again() {
    let fake = fake::start().await;
    let payermax = provider(&fake, Duration::from_secs(5));
    let gopay = payermax
        .create_checkout(&checkout("CT0GOPAY", MethodChoice::Gopay, idr(300)))
        .await
        .expect("GoPay");
    assert!(gopay.redirect_url.contains("tradeToken="));
    let (sent, raw) = last_call(&fake, "orderAndPay");
    let data = &sent["data"];
    assert_eq!(
        (data["currency"].as_str(), data["country"].as_str()),
        (Some("IDR"), Some("ID"))
    );
    assert_eq!(
        data["paymentDetail"],
        json!({"paymentMethodType": "WALLET", "targetOrg": "GOPAY", "mitType": "SCHEDULED",
        "tokenForFutureUse": false, "merchantInitiated": false}),
        "PayerMax documents no GoPay token: none is asked for"
    );
    assert!(raw.contains(r#""totalAmount":300,"#), "whole rupiah: {raw}");
    fake.paid("CT0GOPAY", "GOPAY-TOKEN");
    let calls = fake.ledger.lock().unwrap().calls.len();
    let renewal = payermax
        .charge_renewal(&renewal(
            "RN_CT0GOPAY_1",
            Some("GOPAY:GOPAY-TOKEN"),
            idr(190_000),
        ))
        .await;
    assert!(
        matches!(renewal, Err(PaymentError::Rejected { status: 400, .. })),
        "{renewal:?}: refused here, unsent"
    );
    assert_eq!(fake.ledger.lock().unwrap().calls.len(), calls);
}
