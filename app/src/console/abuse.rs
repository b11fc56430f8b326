//! The abuse queue: open and closed tabs; each open report can be
//! dismissed, its requester blocked from the reporting number, (admins)
//! the accused account suspended, or a spam dispute upheld; always with a note.
use super::parts::{form_fields, table, when};
use super::{forms, ConsoleData, ConsoleDoc, ConsolePage};
use crate::i18n::{t, t_args, Key};
use crate::model::console::{AbuseReportView, AbuseSource};
use leptos::prelude::*;

pub(super) fn page(doc: &ConsoleDoc) -> impl IntoView {
    let locale = doc.locale;
    let (closed, reports) = match &doc.data {
        ConsoleData::Abuse { closed, reports } => (*closed, reports.clone()),
        _ => (false, Vec::new()),
    };
    let base = doc.href(ConsolePage::Abuse);
    let tab = |status: &str, here: bool, key: Key| {
        view! { <li><a href=format!("{base}?status={status}") aria-current=here.then_some("page")>{t(locale, key)}</a></li> }
    };
    let list = if reports.is_empty() {
        view! { <p>{t(locale, Key::AdmNoReports)}</p> }.into_any()
    } else {
        let lines = reports.iter().map(|r| line(doc, r, closed)).collect_view();
        let mut columns = vec![
            Key::AdmColWhen,
            Key::AdmColSource,
            Key::AdmColAccused,
            Key::AdmColReporter,
            Key::AdmColWords,
            Key::AdmColStatus,
        ];
        if !closed {
            columns.push(Key::AdmColAction);
        }
        table(locale, None, &columns, lines).into_any()
    };
    view! {
        <h1>{t(locale, Key::AdmAbuseTitle)}</h1>
        <nav class="console-tabs" aria-label=t(locale, Key::AdmAbuseTitle)>
            <ul>
                {tab("open", !closed, Key::AdmTabOpen)}
                {tab("closed", closed, Key::AdmTabClosed)}
            </ul>
        </nav>
        {list}
    }
}

fn line(doc: &ConsoleDoc, report: &AbuseReportView, closed: bool) -> impl IntoView {
    let locale = doc.locale;
    let accused = match (report.accused_user_id, report.accused_email.clone()) {
        (Some(id), email) => {
            let href = doc.href(ConsolePage::Customer(id));
            view! { <a href=href>{email.unwrap_or_else(|| id.to_string())}</a> }.into_any()
        }
        (None, _) => view! { {t(locale, Key::AdmNoAccount)} }.into_any(),
    };
    // The reporter's or sender's words, as text: the page escapes them.
    let words = match report.reported_words.clone() {
        Some(text) => view! { <q class="console-words">{text}</q> }.into_any(),
        None => view! { {t(locale, Key::AdmNoWords)} }.into_any(),
    };
    view! {
        <tr>
            <th scope="row">{when(report.created_at)}</th>
            <td>{t(locale, source_key(report.source))}</td>
            <td>{accused}</td>
            <td>{report.reporter_masked.clone()}</td>
            <td>{words}</td>
            <td>{t(locale, status_key(&report.status))}</td>
            {(!closed).then(|| view! { <td>{decision_form(doc, report)}</td> })}
        </tr>
    }
}

/// One note, one button per decision this staff member may take.
fn decision_form(doc: &ConsoleDoc, report: &AbuseReportView) -> impl IntoView {
    let locale = doc.locale;
    let field = format!("abuse-note-{}", report.id);
    let label = t_args(locale, Key::AdmNoteFor, &[("id", &report.id.to_string())]);
    let accused = report.accused_user_id.is_some();
    let dispute = report.source == AbuseSource::SpamDispute;
    let button = |value: &'static str, key: Key| {
        view! { <button type="submit" name="action" value=value class="btn-secondary">{t(locale, key)}</button> }
    };
    view! {
        <form method="post" action=doc.href(ConsolePage::Abuse) class="console-inline-form">
            {form_fields(doc, forms::ABUSE)}
            <input type="hidden" name="reportId" value=report.id.to_string()/>
            <label for=field.clone()>{label}</label>
            <input id=field name="note" type="text" maxlength="500"/>
            {button("dismiss", Key::AdmDismiss)}
            {accused.then(|| button("block_requester", Key::AdmBlockRequester))}
            {(accused && doc.is_admin()).then(|| button("suspend_account", Key::AdmSuspend))}
            {dispute.then(|| button("uphold_dispute", Key::AdmUpholdDispute))}
        </form>
    }
}

const fn source_key(source: AbuseSource) -> Key {
    match source {
        AbuseSource::VoiceMessage => Key::AdmSrcVoiceMessage,
        AbuseSource::LocateRequest => Key::AdmSrcLocateRequest,
        AbuseSource::SpamDispute => Key::AdmSrcSpamDispute,
    }
}

fn status_key(status: &str) -> Key {
    match status {
        "dismissed" => Key::AdmStDismissed,
        "requester_blocked" => Key::AdmStRequesterBlocked,
        "account_suspended" => Key::AdmStAccountSuspended,
        "dispute_upheld" => Key::AdmStDisputeUpheld,
        _ => Key::AdmStOpen,
    }
}
