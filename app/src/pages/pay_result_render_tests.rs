//! Server-side render tests of `/pay-result`: each state of an order with
//! its buttons, the support mail of a failed payment, an unknown order.
use super::render_harness::{assert_has, id, render, section, FakeApi, Request};
use crate::i18n::Key;
use crate::pages::PayResultPage;
use leptos::prelude::*;
use serde_json::json;

/// The API answering order CT7Q's status with `outcome`.
fn status(outcome: &str) -> FakeApi {
    let obj = json!({"orderNo": "CT7Q", "email": "ana@mail.com", "outcome": outcome, "planId": 3,
        "decline": "expired", "firstCharge": "Rp 300", "trialDays": 1, "renewalPrice": "Rp 190.000",
        "renewsAt": 1_764_201_600_000_i64, "needsPassword": true});
    FakeApi::default().on(
        "GET",
        "/admin/order/status?orderNo=CT7Q",
        json!({"success": 1, "msg": "", "obj": obj}),
    )
}

/// `/id/pay-result` of order CT7Q when its status is `outcome`.
fn pay_result(outcome: &str) -> String {
    render(
        "/id/pay-result?orderNo=CT7Q",
        &status(outcome),
        Request::default(),
        || view! { <PayResultPage/> },
    )
}

#[test]
fn pay_result_shows_each_state_with_its_buttons() {
    let success = pay_result("success");
    assert_has(
        &success,
        &[
            r#"data-outcome="success""#,
            id(Key::PayresPaidTitle),
            "ana@mail.com",
            "Rp 190.000",
            id(Key::PayresPasswordSave),
            id(Key::PayresSkipPassword),
            r#"name="password""#,
        ],
    );
    assert_has(
        &success,
        &[
            r#"action="/pay-result/enter""#,
            r#"name="lang" value="id""#,
            "CT7Q",
        ],
    );
    let pending = pay_result("pending");
    assert_has(
        &pending,
        &[
            id(Key::PayresPending),
            r#"href="/id/pay-result?orderNo=CT7Q""#,
            id(Key::PayresRefresh),
            id(Key::PayresHome),
        ],
    );
    let fail = pay_result("fail");
    assert_has(
        &fail,
        &[
            id(Key::DeclineExpired),
            r#"href="/id/pay-method?planId=3&amp;retry=CT7Q""#,
            id(Key::PayresRetry),
        ],
    );
    assert!(!fail.contains("/pay-result/enter"));
    let processing = pay_result("processing");
    assert_has(
        &processing,
        &[id(Key::PayresProcessing), r#"id="pay-result-refresh""#],
    );
}

#[test]
fn a_failed_payment_offers_a_support_mail_with_the_subject_address_and_order() {
    let fail = pay_result("fail");
    let mailto = section(&fail, "mailto:", "\"");
    assert!(
        mailto.contains(&format!(
            "subject={}",
            crate::api::encode(id(Key::PayresMailSubject))
        )),
        "{mailto}"
    );
    assert!(
        mailto.contains("ana%40mail.com") && mailto.contains("CT7Q"),
        "{mailto}"
    );
}

#[test]
fn an_unknown_order_says_so() {
    let html = render(
        "/id/pay-result?orderNo=nope",
        &FakeApi::default(),
        Request::default(),
        || view! { <PayResultPage/> },
    );
    assert_has(&html, &[id(Key::PayresUnknown), r#"href="/id/pay-method""#]);
    let html = render(
        "/id/pay-result",
        &FakeApi::default(),
        Request::default(),
        || view! { <PayResultPage/> },
    );
    assert_has(&html, &[id(Key::PayresUnknown)]);
}
