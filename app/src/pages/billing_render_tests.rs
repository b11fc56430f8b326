//! Server-side render tests of `/billing` and `/cancel-subscription`.
use super::render_harness::{assert_has, id, render, section, FakeApi, Request};
use crate::i18n::Key;
use crate::pages::{BillingPage, CancelSubscriptionPage};
use leptos::prelude::*;
use serde_json::{json, Value};

const NOV_22_2026: i64 = 1_795_339_805_000;

fn subscription(state: &str, cancelled: bool, next: Option<i64>) -> Value {
    json!({"state": state, "cycle": "month", "priceMinor": 190000, "currency": "IDR", "priceText": "Rp 190.000",
           "currentPeriodEnd": NOV_22_2026, "nextChargeAt": next, "cancelAtPeriodEnd": cancelled,
           "hasAccess": true, "method": "card"})
}

fn summary(sub: Value) -> Value {
    let charge = json!({"id": 5, "amountMinor": 300, "currency": "IDR", "amountText": "Rp 300", "status": "succeeded",
                        "chargedAt": 1_795_253_405_000_i64, "receiptNo": "R-2026-000042"});
    json!({"success": 1, "msg": "", "obj": {"subscription": sub, "charges": [charge], "paymentCount": 1, "vipTime": NOV_22_2026}})
}

fn refund(eligible: bool, reason: Option<&str>) -> Value {
    json!({"success": 1, "msg": "", "obj": {"eligible": eligible, "reason": reason, "chargeId": 5, "amountMinor": 300,
                                           "currency": "IDR", "amountText": "Rp 300"}})
}

fn billing(summary: Value, refund: Value, url: &str) -> String {
    let api = FakeApi::default()
        .on("GET", "/other/user/property", summary)
        .on("POST", "/admin/order/refundDetail", refund);
    render(
        url,
        &api,
        Request {
            member: true,
            ..Request::default()
        },
        || view! { <BillingPage/> },
    )
}

#[test]
fn a_running_subscription_shows_plan_next_charge_history_and_a_one_click_cancel() {
    let html = billing(
        summary(subscription("trialing", false, Some(NOV_22_2026))),
        refund(true, None),
        "/id/billing",
    );
    assert_has(
        &html,
        &[
            "Rp 190.000 per bulan",
            id(Key::BillpageStateTrialing),
            "Rp 190.000 pada 22 November 2026",
        ],
    );
    assert_has(
        &html,
        &[
            "R-2026-000042",
            "Rp 300",
            id(Key::BillpageChargeSucceeded),
            "21 November 2026",
        ],
    );
    let cancel = section(
        &html,
        r#"<form method="post" action="/id/billing" class="billing-cancel""#,
        "</form>",
    );
    assert_has(
        cancel,
        &[
            r#"name="form" value="billing_cancel""#,
            r#"name="csrf""#,
            id(Key::BillingCancel),
        ],
    );
    assert!(
        !html.contains("/login"),
        "a member's Cancel never leads to a login page: {html}"
    );
    assert!(
        !html.contains(r#"id="billing-refund""#),
        "no refund offer before cancelling"
    );
}

#[test]
fn after_cancelling_access_lasts_and_an_eligible_refund_is_offered() {
    let html = billing(
        summary(subscription("trialing", true, None)),
        refund(true, None),
        "/id/billing?cancelled=1",
    );
    assert_has(
        &html,
        &[
            id(Key::BillpageCancelledNotice),
            id(Key::BillpageStateCancelling),
            "22 November 2026",
        ],
    );
    assert!(!html.contains(r#"class="billing-cancel""#));
    let offer = section(&html, r#"id="billing-refund""#, "</form>");
    assert_has(
        offer,
        &[
            "Rp 300",
            id(Key::BillpageRefundCard),
            r#"name="form" value="billing_refund""#,
            r#"name="chargeId" value="5""#,
        ],
    );
}

#[test]
fn a_refund_is_not_offered_after_the_service_was_used() {
    let html = billing(
        summary(subscription("active", true, None)),
        refund(false, Some("service_used")),
        "/id/billing",
    );
    assert_has(&html, &[id(Key::BillpageRefundUsed)]);
    assert!(!html.contains("billing_refund"));
}

#[test]
fn a_pending_or_rejected_refund_is_said_in_words() {
    for (reason, key) in [
        ("refund_pending", Key::BillpageRefundPending),
        ("refund_rejected", Key::BillpageRefundRejected),
    ] {
        let html = billing(
            summary(subscription("active", true, None)),
            refund(false, Some(reason)),
            "/id/billing",
        );
        assert_has(&html, &[id(key)]);
        assert!(
            !html.contains("billing_refund\""),
            "{reason}: no refund offer"
        );
    }
}

#[test]
fn an_account_without_a_subscription_is_led_to_the_plans() {
    let none = json!({"success": 1, "msg": "", "obj": {"subscription": null, "charges": [], "paymentCount": 0, "vipTime": 0}});
    let html = billing(none, refund(false, Some("no_charge")), "/id/billing");
    assert_has(
        &html,
        &[
            id(Key::BillpageNoSubscription),
            r#"href="/id/pay-method""#,
            id(Key::CheckoutChoosePlan),
            id(Key::BillpageNoCharges),
        ],
    );
}

#[test]
fn cancel_information_leads_members_to_billing_and_visitors_to_log_in_first() {
    let member = render(
        "/id/cancel-subscription",
        &FakeApi::default(),
        Request {
            member: true,
            ..Request::default()
        },
        || {
            view! { <CancelSubscriptionPage/> }
        },
    );
    assert_has(
        &member,
        &[
            r#"href="/id/billing""#,
            id(Key::CancelBillingLink),
            id(Key::CancelRefund),
        ],
    );
    let visitor = render(
        "/id/cancel-subscription",
        &FakeApi::default(),
        Request::default(),
        || view! { <CancelSubscriptionPage/> },
    );
    assert_has(
        &visitor,
        &[
            r#"href="/id/login?redirect=billing""#,
            id(Key::CancelLoginLink),
        ],
    );
}
