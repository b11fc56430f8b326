//! Finding a customer and their page: billing, orders, refunds, and what
//! each role may do to the account.
use super::{assert_has, doc, html, section};
use crate::console::{ConsoleData, ConsolePage};
use crate::i18n::{t, Key, Locale};
use crate::model::console::{CustomerRow, StaffRole};
use serde_json::json;

#[test]
fn customer_search_lists_matches_in_a_table_with_headers_and_links() {
    let row = CustomerRow {
        id: 42,
        email: "ana@example.com".into(),
        created_at: 1_795_339_805_000,
        vip_time: 0,
        suspended: true,
        matched_by: "order".into(),
    };
    let data = ConsoleData::Customers {
        q: "ORD-1".into(),
        rows: vec![row],
    };
    let page = html(doc(
        Locale::Id,
        ConsolePage::Customers,
        Some(StaffRole::Support),
        data,
    ));
    assert_has(
        &page,
        &[
            r#"<form method="get" action="/id/admin""#,
            r#"<label for="customer-q""#,
            r#"name="q" type="search" value="ORD-1""#,
        ],
    );
    assert_has(
        &page,
        &[
            r#"<th scope="col">"#,
            r#"<a href="/id/admin/customers/42">ana@example.com</a>"#,
            "2026-11-22",
        ],
    );
    assert_has(
        &page,
        &[
            t(Locale::Id, Key::AdmStatusSuspended),
            t(Locale::Id, Key::AdmMatchedOrder),
            t(Locale::Id, Key::AdmNoAccess),
        ],
    );
}

#[test]
fn customer_search_says_no_results_only_after_a_search() {
    let empty = ConsoleData::Customers {
        q: "nobody".into(),
        rows: vec![],
    };
    assert_has(
        &html(doc(
            Locale::Id,
            ConsolePage::Customers,
            Some(StaffRole::Support),
            empty,
        )),
        &[t(Locale::Id, Key::AdmNoResults)],
    );
    let start = html(doc(
        Locale::Id,
        ConsolePage::Customers,
        Some(StaffRole::Support),
        ConsoleData::Nothing,
    ));
    assert!(
        !start.contains(t(Locale::Id, Key::AdmNoResults)),
        "no verdict before a search"
    );
}

/// Customer 42 with an active subscription, a paid and a refunded charge,
/// an order with its provider event, and an audit entry.
pub(super) fn detail(suspended: bool) -> ConsoleData {
    let sub = json!({"state": "active", "cycle": "month", "priceMinor": 190000, "currency": "IDR", "priceText": "Rp 190.000",
                     "currentPeriodEnd": 1_795_339_805_000_i64, "nextChargeAt": null, "cancelAtPeriodEnd": false,
                     "hasAccess": true, "method": "card"});
    let paid = json!({"id": 5, "amountMinor": 300, "currency": "IDR", "amountText": "Rp 300", "status": "succeeded",
                      "chargedAt": 1_795_253_405_000_i64, "receiptNo": "R-2026-000042"});
    let refunded = json!({"id": 6, "amountMinor": 300, "currency": "IDR", "amountText": "Rp 300", "status": "refunded",
                          "chargedAt": 1_795_253_405_000_i64, "receiptNo": "R-2026-000043"});
    let value = json!({
        "customer": {"id": 42, "email": "ana@example.com", "createdAt": 1_795_253_405_000_i64, "vipTime": 1_795_339_805_000_i64,
                     "suspended": suspended, "matchedBy": "email"},
        "billing": {"subscription": sub, "charges": [paid, refunded], "paymentCount": 2, "vipTime": 1_795_339_805_000_i64},
        "orders": [{"id": 9, "orderNo": "ORD-77", "provider": "sandbox", "status": "paid", "amountText": "Rp 300",
                    "createdAt": 1_795_253_405_000_i64,
                    "events": [{"eventId": "evt_1", "kind": "payment.succeeded", "receivedAt": 1_795_253_406_000_i64}]}],
        "locateRequests": 3, "voiceMessages": 1, "openReports": 2,
        "audit": [{"id": 8, "staffEmail": "lead@cooltracker.example", "action": "customer_view", "subjectKind": "customer",
                   "subjectId": 42, "detail": "", "createdAt": 1_795_339_805_000_i64}]
    });
    ConsoleData::Customer(Box::new(
        serde_json::from_value(value).expect("a customer detail"),
    ))
}

#[test]
fn a_customer_shows_billing_and_a_refund_form_for_each_paid_charge() {
    let page = html(doc(
        Locale::En,
        ConsolePage::Customer(42),
        Some(StaffRole::Support),
        detail(false),
    ));
    assert_has(
        &page,
        &[
            "Customer ana@example.com",
            "Rp 190.000",
            t(Locale::En, Key::BillpageStateActive),
        ],
    );
    let refund = section(
        &page,
        r#"<form method="post" action="/admin/customers/42" class="console-inline-form""#,
        "</form>",
    );
    assert_has(
        refund,
        &[
            r#"name="form" value="refund""#,
            r#"name="chargeId" value="5""#,
            r#"<label for="refund-reason-5""#,
        ],
    );
    assert_has(
        refund,
        &[
            r#"id="refund-reason-5" name="reason""#,
            "required",
            "Reason for refunding charge R-2026-000042",
        ],
    );
    assert!(
        !page.contains(r#"name="chargeId" value="6""#),
        "a refunded charge offers no refund"
    );
}

#[test]
fn a_customer_shows_orders_events_and_audit_and_support_may_cancel_but_not_suspend() {
    let page = html(doc(
        Locale::En,
        ConsolePage::Customer(42),
        Some(StaffRole::Support),
        detail(false),
    ));
    assert_has(
        &page,
        &[
            "ORD-77",
            "sandbox",
            "payment.succeeded",
            "evt_1",
            t(Locale::En, Key::AdmActCustomerView),
        ],
    );
    assert_has(
        &page,
        &[
            r#"name="form" value="cancel""#,
            r#"<label for="cancel-reason""#,
        ],
    );
    assert!(
        !page.contains(r#"value="suspend""#) && !page.contains(r#"value="reinstate""#),
        "support may not suspend"
    );
}

#[test]
fn admins_may_suspend_an_active_account_and_reinstate_a_suspended_one() {
    let active = html(doc(
        Locale::En,
        ConsolePage::Customer(42),
        Some(StaffRole::Admin),
        detail(false),
    ));
    assert_has(
        &active,
        &[
            r#"name="form" value="suspend""#,
            r#"<label for="suspend-reason""#,
            t(Locale::En, Key::AdmSuspend),
        ],
    );
    assert!(!active.contains(r#"value="reinstate""#));
    let suspended = html(doc(
        Locale::En,
        ConsolePage::Customer(42),
        Some(StaffRole::Admin),
        detail(true),
    ));
    assert_has(
        &suspended,
        &[
            r#"name="form" value="reinstate""#,
            t(Locale::En, Key::AdmStatusSuspended),
        ],
    );
    assert!(!suspended.contains(r#"value="suspend""#));
}
