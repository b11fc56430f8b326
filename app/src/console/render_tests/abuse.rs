//! The abuse queue: open reports with the decisions each role may take,
//! spam disputes, and closed reports read-only.
use super::{assert_has, doc, html, section};
use crate::console::{ConsoleData, ConsolePage};
use crate::i18n::{t, Key, Locale};
use crate::model::console::{AbuseReportView, AbuseSource, StaffRole};

fn report(id: i64, accused: Option<i64>, status: &str) -> AbuseReportView {
    AbuseReportView {
        id,
        source: AbuseSource::LocateRequest,
        subject_id: 3,
        accused_user_id: accused,
        accused_email: accused.map(|_| "stalker@example.com".into()),
        reporter_masked: "+62 812 •••• 789".into(),
        reported_words: Some(format!("<script>alert({id})</script> & more")),
        status: status.into(),
        created_at: 1_795_339_805_000,
    }
}

/// The open queue as `role` sees it: report 7 accuses account 42, report 8
/// accuses no account.
fn open_queue(role: StaffRole) -> String {
    html(doc(
        Locale::Id,
        ConsolePage::Abuse,
        Some(role),
        ConsoleData::Abuse {
            closed: false,
            reports: vec![report(7, Some(42), "open"), report(8, None, "open")],
        },
    ))
}

#[test]
fn the_open_abuse_queue_offers_the_decisions_the_role_allows_with_a_note() {
    let support = open_queue(StaffRole::Support);
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
}

#[test]
fn admins_may_suspend_the_accused_account_from_the_queue() {
    let admin = open_queue(StaffRole::Admin);
    assert_has(
        section(&admin, r#"name="reportId" value="7""#, "</form>"),
        &[r#"name="action" value="suspend_account""#],
    );
}

#[test]
fn a_spam_dispute_is_upheld_or_dismissed() {
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
    assert_has(
        &dispute,
        &[
            t(Locale::Id, Key::AdmColWords),
            "&lt;script&gt;alert(10)&lt;/script&gt; &amp; more",
        ],
    );
    assert!(!dispute.contains("<script>alert"), "the comment is escaped");
}

#[test]
fn closed_reports_show_their_outcome_read_only() {
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
