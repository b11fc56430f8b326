//! Server-side render tests of the receipt page and the way to it from
//! `/billing`.
use super::render_harness::{assert_has, id, render, FakeApi, Request};
use crate::i18n::Key;
use crate::pages::{BillingPage, ReceiptPage};
use leptos::prelude::*;
use serde_json::json;

const NOV_21_2026: i64 = 1_795_253_405_000;
const NOV_22_2026: i64 = 1_795_339_805_000;

fn member() -> Request {
    Request {
        member: true,
        ..Request::default()
    }
}

#[test]
fn billing_names_the_plan_once_and_links_each_paid_charge_to_its_receipt() {
    let sub = json!({"state": "active", "cycle": "month", "priceMinor": 190000, "currency": "IDR",
        "priceText": "Rp 190.000", "currentPeriodEnd": NOV_22_2026, "nextChargeAt": NOV_22_2026,
        "cancelAtPeriodEnd": false, "hasAccess": true, "method": "card"});
    let charge = |id: i64, status: &str, no: &str| {
        json!({"id": id, "amountMinor": 300, "currency": "IDR", "amountText": "Rp 300", "status": status,
               "chargedAt": NOV_21_2026, "receiptNo": no})
    };
    let charges = [
        charge(6, "failed", "ORD-9-1"),
        charge(5, "succeeded", "ORD-9-0"),
    ];
    let summary = json!({"success": 1, "msg": "", "obj": {"subscription": sub, "charges": charges,
        "paymentCount": 1, "vipTime": NOV_22_2026}});
    let api = FakeApi::default().on("GET", "/other/user/property", summary);
    let html = render("/id/billing", &api, member(), || view! { <BillingPage/> });
    assert_eq!(html.matches(id(Key::BillingPlan)).count(), 1, "{html}");
    assert_has(
        &html,
        &[r#"href="/id/billing/receipt?no=ORD-9-0" class="billing-receipt""#],
    );
    assert!(
        !html.contains("receipt?no=ORD-9-1"),
        "a failed charge has no receipt"
    );
}

#[test]
fn a_receipt_states_seller_statement_name_amounts_tax_and_dates() {
    let receipt = json!({"success": 1, "msg": "", "obj": {"receiptNo": "ORD-9-0", "seller": "Cool Tracker Ltd.",
        "descriptor": "Cool Tracker", "status": "refunded", "amountText": "Rp 300", "taxText": "Rp 33",
        "totalText": "Rp 333", "refundedText": "Rp 333", "chargedAt": NOV_21_2026, "refundedAt": NOV_22_2026,
        "periodStart": NOV_21_2026, "periodEnd": NOV_22_2026, "planPriceText": "Rp 190.000",
        "cycle": "month", "method": "qris"}});
    let api = FakeApi::default().on("GET", "/other/user/receipt?receiptNo=ORD-9-0", receipt);
    let html = render(
        "/id/billing/receipt?no=ORD-9-0",
        &api,
        member(),
        || view! { <ReceiptPage/> },
    );
    assert_has(
        &html,
        &[
            "Kuitansi ORD-9-0",
            "Cool Tracker Ltd.",
            r#"id="receipt-descriptor">Cool Tracker<"#,
            r#"id="receipt-amount">Rp 300<"#,
            r#"id="receipt-tax">Rp 33<"#,
            r#"id="receipt-total">Rp 333<"#,
            "21 November 2026 sampai 22 November 2026",
            "Rp 190.000 per bulan",
            "Rp 333 pada 22 November 2026",
            id(Key::BillpageChargeRefunded),
            r#"href="/id/billing""#,
        ],
    );
}

#[test]
fn another_members_receipt_is_the_servers_refusal() {
    let api = FakeApi::default();
    let html = render(
        "/id/billing/receipt?no=ORD-1-0",
        &api,
        member(),
        || view! { <ReceiptPage/> },
    );
    assert_has(
        &html,
        &[r#"<p role="alert" class="form-alert">not found</p>"#],
    );
    assert!(!html.contains(r#"id="receipt""#));
}
