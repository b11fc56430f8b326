//! The audit log: read-only, paged back from the newest.
use super::{assert_has, doc, html};
use crate::console::{ConsoleData, ConsolePage};
use crate::i18n::{t, Key, Locale};
use crate::model::console::{AuditEntry, StaffRole};

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
