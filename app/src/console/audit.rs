//! The audit log, newest first, read-only; paged with `?before=ID`.
use super::parts::{self, when};
use super::{ConsoleData, ConsoleDoc, ConsolePage};
use crate::i18n::{t, Key, Locale};
use crate::model::console::{AuditEntry, ROWS_PER_PAGE};
use leptos::prelude::*;

pub(super) fn page(doc: &ConsoleDoc) -> impl IntoView {
    let locale = doc.locale;
    let (entries, before) = match &doc.data {
        ConsoleData::Audit { entries, before } => (entries.clone(), *before),
        _ => (Vec::new(), None),
    };
    let base = doc.href(ConsolePage::Audit);
    // A full page may have more behind it; the oldest shown is where the next starts.
    let older = (entries.len() as u64 >= ROWS_PER_PAGE)
        .then(|| entries.last().map(|e| format!("{base}?before={}", e.id)))
        .flatten();
    let newest = before.is_some().then(|| base.clone());
    view! {
        <h1>{t(locale, Key::AdmAuditTitle)}</h1>
        {table(locale, entries)}
        <nav class="console-pager" aria-label=t(locale, Key::AdmAuditTitle)>
            {newest.map(|href| view! { <a href=href>{t(locale, Key::AdmNewest)}</a> })}
            {older.map(|href| view! { <a href=href rel="next">{t(locale, Key::AdmOlder)}</a> })}
        </nav>
    }
}

/// The entries as a table (also on a customer's page).
pub(super) fn table(locale: Locale, entries: Vec<AuditEntry>) -> impl IntoView {
    if entries.is_empty() {
        return view! { <p>{t(locale, Key::AdmNoAudit)}</p> }.into_any();
    }
    let lines = entries
        .into_iter()
        .map(|e| {
            let action =
                action_key(&e.action).map_or_else(|| e.action.clone(), |k| t(locale, k).to_owned());
            view! {
                <tr>
                    <th scope="row">{when(e.created_at)}</th>
                    <td>{e.staff_email}</td>
                    <td>{action}</td>
                    <td>{format!("{} {}", e.subject_kind, e.subject_id)}</td>
                    <td>{e.detail}</td>
                </tr>
            }
        })
        .collect_view();
    parts::table(
        locale,
        None,
        &[
            Key::AdmColWhen,
            Key::AdmColStaff,
            Key::AdmColAction,
            Key::AdmColSubject,
            Key::AdmColDetail,
        ],
        lines,
    )
    .into_any()
}

fn action_key(action: &str) -> Option<Key> {
    Some(match action {
        "sign_in" => Key::AdmActSignIn,
        "refund" => Key::AdmActRefund,
        "cancel" => Key::AdmActCancel,
        "suspend" => Key::AdmActSuspend,
        "reinstate" => Key::AdmActReinstate,
        "abuse_decision" => Key::AdmActAbuseDecision,
        "chat_reply" => Key::AdmActChatReply,
        "customer_view" => Key::AdmActCustomerView,
        _ => return None,
    })
}
