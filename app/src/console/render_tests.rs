//! Console pages rendered with sample data, as the server renders them.
use super::{document, ConsoleData, ConsoleDoc, ConsolePage};
use crate::i18n::{t, Key, Locale};
use crate::model::console::{
    AbuseReportView, AbuseSource, AuditEntry, ChatInboxRow, CustomerRow, StaffRole, StaffView,
};
use leptos::prelude::*;
use serde_json::json;

const CSRF: &str = "csrf-token-123";

fn html(doc: ConsoleDoc) -> String {
    Owner::new().with(|| document(doc).to_html())
}

fn doc(
    locale: Locale,
    page: ConsolePage,
    role: Option<StaffRole>,
    data: ConsoleData,
) -> ConsoleDoc {
    ConsoleDoc {
        locale,
        page: Some(page),
        staff: role.map(|role| StaffView {
            id: 1,
            email: "agent@cooltracker.example".into(),
            role,
        }),
        csrf: CSRF.into(),
        css: Some("/pkg/app.css".into()),
        data,
        ..ConsoleDoc::default()
    }
}

fn assert_has(html: &str, needles: &[&str]) {
    for needle in needles {
        assert!(html.contains(needle), "missing {needle:?} in {html}");
    }
}

/// The part of `html` from `start` up to the next `end`.
fn section<'a>(html: &'a str, start: &str, end: &str) -> &'a str {
    let from = html
        .find(start)
        .unwrap_or_else(|| panic!("no {start:?} in {html}"));
    let rest = &html[from..];
    &rest[..rest.find(end).map_or(rest.len(), |i| i + end.len())]
}

fn audit(id: i64, action: &str) -> AuditEntry {
    AuditEntry {
        id,
        staff_email: "agent@cooltracker.example".into(),
        action: action.into(),
        subject_kind: "charge".into(),
        subject_id: 5,
        detail: "duplicate payment".into(),
        created_at: 1_795_339_805_000,
    }
}

#[test]
fn sign_in_is_a_labelled_form_in_the_console_document_without_customer_chrome() {
    let page = html(doc(
        Locale::Id,
        ConsolePage::SignIn,
        None,
        ConsoleData::Nothing,
    ));
    assert_has(
        &page,
        &[
            r#"<html lang="id""#,
            r#"<meta name="robots" content="noindex, nofollow""#,
            r#"href="/pkg/app.css""#,
        ],
    );
    assert_has(
        &page,
        &[
            r##"<a href="#main" class="skip-link">"##,
            t(Locale::Id, Key::SkipToContent),
            r#"<main id="main""#,
        ],
    );
    let form = section(
        &page,
        r#"<form method="post" action="/id/admin/sign-in""#,
        "</form>",
    );
    assert_has(
        form,
        &[
            r#"name="csrf" value="csrf-token-123""#,
            r#"name="form" value="sign_in""#,
        ],
    );
    for (id, name) in [
        ("staff-email", "email"),
        ("staff-password", "password"),
        ("staff-totp", "totp"),
    ] {
        assert_has(
            form,
            &[
                &format!(r#"<label for="{id}""#),
                &format!(r#"id="{id}" name="{name}""#),
            ],
        );
    }
    assert_has(
        form,
        &[
            t(Locale::Id, Key::AdmTotp),
            t(Locale::Id, Key::AdmSignIn),
            r#"autocomplete="one-time-code""#,
        ],
    );
    assert!(
        !page.contains("<script"),
        "the console needs no script: {page}"
    );
    assert!(!page.contains("console-nav"), "nobody is signed in yet");
    assert!(
        !page.contains("site-header")
            && !page.contains("chat-launcher")
            && !page.contains("consent"),
        "{page}"
    );
}

#[test]
fn a_failed_sign_in_shows_the_message_and_keeps_the_email_only() {
    let mut failed = doc(Locale::En, ConsolePage::SignIn, None, ConsoleData::Nothing);
    failed.error = Some("The e-mail, password or code is not right.".into());
    failed.email = "agent@cooltracker.example".into();
    let page = html(failed);
    assert_has(
        &page,
        &[
            r#"role="alert""#,
            "The e-mail, password or code is not right.",
            r#"value="agent@cooltracker.example""#,
        ],
    );
    assert!(
        !section(&page, r#"id="staff-password""#, ">").contains("value="),
        "a password is never sent back"
    );
}

#[test]
fn the_nav_bar_names_who_is_signed_in_their_role_and_the_current_section() {
    let page = html(doc(
        Locale::Zh,
        ConsolePage::Chat(3),
        Some(StaffRole::Admin),
        ConsoleData::Nothing,
    ));
    let nav = section(&page, r#"class="console-nav""#, "</nav>");
    assert_has(
        nav,
        &[
            r#"href="/zh/admin""#,
            r#"href="/zh/admin/abuse""#,
            r#"href="/zh/admin/audit""#,
        ],
    );
    assert_has(
        nav,
        &[
            r#"<a href="/zh/admin/chats" aria-current="page">"#,
            t(Locale::Zh, Key::AdmNavChats),
        ],
    );
    assert_has(
        &page,
        &[
            "agent@cooltracker.example",
            t(Locale::Zh, Key::AdmRoleAdmin),
        ],
    );
    let sign_out = section(
        &page,
        r#"<form method="post" action="/zh/admin/chats/3" class="console-sign-out""#,
        "</form>",
    );
    assert_has(
        sign_out,
        &[
            r#"name="form" value="sign_out""#,
            r#"name="csrf""#,
            t(Locale::Zh, Key::AdmSignOut),
        ],
    );
}

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

fn detail(suspended: bool) -> ConsoleData {
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
fn a_customer_shows_billing_orders_and_a_refund_form_for_each_paid_charge() {
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

fn report(id: i64, accused: Option<i64>, status: &str) -> AbuseReportView {
    AbuseReportView {
        id,
        source: AbuseSource::LocateRequest,
        subject_id: 3,
        accused_user_id: accused,
        accused_email: accused.map(|_| "stalker@example.com".into()),
        reporter_masked: "+62 812 •••• 789".into(),
        status: status.into(),
        created_at: 1_795_339_805_000,
    }
}

#[test]
fn the_open_abuse_queue_offers_the_decisions_the_role_allows_with_a_note() {
    let data = ConsoleData::Abuse {
        closed: false,
        reports: vec![report(7, Some(42), "open"), report(8, None, "open")],
    };
    let support = html(doc(
        Locale::Id,
        ConsolePage::Abuse,
        Some(StaffRole::Support),
        data.clone(),
    ));
    assert_has(
        &support,
        &[
            r#"<a href="/id/admin/abuse?status=open" aria-current="page">"#,
            r#"href="/id/admin/abuse?status=closed""#,
        ],
    );
    let seven = section(&support, r#"name="reportId" value="7""#, "</form>");
    assert_has(
        seven,
        &[
            r#"<label for="abuse-note-7""#,
            r#"name="action" value="dismiss""#,
            r#"name="action" value="block_requester""#,
        ],
    );
    assert!(
        !seven.contains("suspend_account"),
        "support may not suspend"
    );
    let eight = section(&support, r#"name="reportId" value="8""#, "</form>");
    assert!(
        !eight.contains("block_requester"),
        "nobody to block without an accused account"
    );
    assert_has(
        &support,
        &[
            r#"<a href="/id/admin/customers/42">stalker@example.com</a>"#,
            t(Locale::Id, Key::AdmSrcLocateRequest),
        ],
    );
    let admin = html(doc(
        Locale::Id,
        ConsolePage::Abuse,
        Some(StaffRole::Admin),
        data,
    ));
    assert_has(
        section(&admin, r#"name="reportId" value="7""#, "</form>"),
        &[r#"name="action" value="suspend_account""#],
    );
    let dispute = AbuseReportView {
        source: AbuseSource::SpamDispute,
        ..report(10, None, "open")
    };
    let dispute = html(doc(
        Locale::Id,
        ConsolePage::Abuse,
        Some(StaffRole::Support),
        ConsoleData::Abuse {
            closed: false,
            reports: vec![dispute],
        },
    ));
    assert_has(
        section(&dispute, r#"name="reportId" value="10""#, "</form>"),
        &[r#"value="uphold_dispute""#, r#"value="dismiss""#],
    );
    let closed = ConsoleData::Abuse {
        closed: true,
        reports: vec![report(9, Some(42), "requester_blocked")],
    };
    let closed = html(doc(
        Locale::Id,
        ConsolePage::Abuse,
        Some(StaffRole::Admin),
        closed,
    ));
    assert_has(
        &closed,
        &[
            t(Locale::Id, Key::AdmStRequesterBlocked),
            r#"<a href="/id/admin/abuse?status=closed" aria-current="page">"#,
        ],
    );
    assert!(
        !closed.contains("reportId") && !closed.contains(r#"value="abuse""#),
        "closed reports are read-only"
    );
}

#[test]
fn the_chat_inbox_shows_unread_counts_and_a_conversation_has_a_reply_form() {
    let rows = vec![
        ChatInboxRow {
            id: 3,
            identity: "visitor".into(),
            last_message_at: 1_795_339_805_000,
            unread: 2,
        },
        ChatInboxRow {
            id: 4,
            identity: "ana@example.com".into(),
            last_message_at: 1_795_339_805_000,
            unread: 0,
        },
    ];
    let inbox = html(doc(
        Locale::Id,
        ConsolePage::Chats,
        Some(StaffRole::Support),
        ConsoleData::Chats(rows.clone()),
    ));
    let first = section(&inbox, r#"<tr class="console-unread">"#, "</tr>");
    assert_has(
        first,
        &[
            r#"<a href="/id/admin/chats/3">"#,
            t(Locale::Id, Key::AdmVisitor),
            "<td>2</td>",
        ],
    );
    assert_has(
        &inbox,
        &[
            r#"<a href="/id/admin/chats/4">ana@example.com</a>"#,
            t(Locale::Id, Key::AdmColUnread),
        ],
    );
    let messages = json!([{"id": 1, "author": "person", "body": "Where is my refund?", "createdAt": 1_795_339_805_000_i64},
                          {"id": 2, "author": "staff", "body": "On its way.", "createdAt": 1_795_339_865_000_i64}]);
    let thread = ConsoleData::Chat(crate::model::console::ChatThreadView {
        conversation: rows[0].clone(),
        messages: serde_json::from_value(messages).expect("messages"),
    });
    let page = html(doc(
        Locale::Id,
        ConsolePage::Chat(3),
        Some(StaffRole::Support),
        thread,
    ));
    assert_has(
        &page,
        &[
            "Where is my refund?",
            "On its way.",
            t(Locale::Id, Key::AdmAuthorStaff),
            r#"href="/id/admin/chats""#,
        ],
    );
    let reply = section(
        &page,
        r#"<form method="post" action="/id/admin/chats/3" class="console-form""#,
        "</form>",
    );
    assert_has(
        reply,
        &[
            r#"name="form" value="reply""#,
            r#"<label for="chat-reply""#,
            r#"<textarea id="chat-reply" name="body""#,
        ],
    );
}

#[test]
fn the_audit_log_pages_back_from_a_full_page_and_returns_to_the_newest() {
    let full: Vec<AuditEntry> = (1..=50).rev().map(|id| audit(id + 100, "refund")).collect();
    let page = html(doc(
        Locale::En,
        ConsolePage::Audit,
        Some(StaffRole::Support),
        ConsoleData::Audit {
            entries: full,
            before: None,
        },
    ));
    assert_has(
        &page,
        &[
            r#"href="/admin/audit?before=101""#,
            t(Locale::En, Key::AdmActRefund),
            "duplicate payment",
            "charge 5",
        ],
    );
    assert!(!page.contains(t(Locale::En, Key::AdmNewest)));
    assert_eq!(
        page.matches(r#"name="form""#).count(),
        1,
        "read-only: Sign out is the one form"
    );
    let last = ConsoleData::Audit {
        entries: vec![audit(3, "chat_reply")],
        before: Some(4),
    };
    let page = html(doc(
        Locale::En,
        ConsolePage::Audit,
        Some(StaffRole::Support),
        last,
    ));
    assert_has(
        &page,
        &[
            r#"<a href="/admin/audit">"#,
            t(Locale::En, Key::AdmNewest),
            t(Locale::En, Key::AdmActChatReply),
        ],
    );
    assert!(
        !page.contains("before="),
        "nothing older than the last page"
    );
}

#[test]
fn a_notice_after_a_post_is_announced() {
    let mut done = doc(
        Locale::Zh,
        ConsolePage::Customer(42),
        Some(StaffRole::Support),
        detail(false),
    );
    done.notice = super::notice_of("refund");
    assert_has(
        &html(done),
        &[r#"role="status""#, t(Locale::Zh, Key::AdmDoneRefund)],
    );
}
