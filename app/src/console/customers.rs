//! The customer search (`?q=` an e-mail, a phone number or an order number)
//! and its results; the console's start page.
use super::parts::{table, when};
use super::{ConsoleData, ConsoleDoc, ConsolePage};
use crate::i18n::{t, Key, Locale};
use crate::model::console::CustomerRow;
use leptos::prelude::*;

pub(super) fn page(doc: &ConsoleDoc) -> impl IntoView {
    let locale = doc.locale;
    let (q, rows) = match &doc.data {
        ConsoleData::Customers { q, rows } => (q.clone(), rows.clone()),
        _ => (String::new(), Vec::new()),
    };
    let searched = !q.trim().is_empty();
    view! {
        <h1>{t(locale, Key::AdmCustomersTitle)}</h1>
        <form method="get" action=doc.href(ConsolePage::Customers) class="console-search" role="search">
            <label for="customer-q">{t(locale, Key::AdmSearchLabel)}</label>
            <input id="customer-q" name="q" type="search" value=q required/>
            <button type="submit" class="btn-primary">{t(locale, Key::AdmSearch)}</button>
        </form>
        {searched.then(|| results(doc, rows))}
    }
}

fn results(doc: &ConsoleDoc, rows: Vec<CustomerRow>) -> impl IntoView {
    let locale = doc.locale;
    if rows.is_empty() {
        return view! { <p class="console-empty">{t(locale, Key::AdmNoResults)}</p> }.into_any();
    }
    let lines = rows
        .into_iter()
        .map(|row| {
            let href = doc.href(ConsolePage::Customer(row.id));
            view! {
                <tr>
                    <th scope="row"><a href=href>{row.email.clone()}</a></th>
                    <td>{when(row.created_at)}</td>
                    <td>{access(locale, row.vip_time)}</td>
                    <td>{t(locale, status_key(row.suspended))}</td>
                    <td>{t(locale, matched_key(&row.matched_by))}</td>
                </tr>
            }
        })
        .collect_view();
    table(
        locale,
        Some(Key::AdmResults),
        &[
            Key::AdmColEmail,
            Key::AdmColCreated,
            Key::AdmColAccess,
            Key::AdmColStatus,
            Key::AdmColMatched,
        ],
        lines,
    )
    .into_any()
}

/// Until when the customer has access, or that they have none.
pub(super) fn access(locale: Locale, vip_time: i64) -> String {
    if vip_time > 0 {
        when(vip_time)
    } else {
        t(locale, Key::AdmNoAccess).to_owned()
    }
}

pub(super) const fn status_key(suspended: bool) -> Key {
    if suspended {
        Key::AdmStatusSuspended
    } else {
        Key::AdmStatusActive
    }
}

fn matched_key(by: &str) -> Key {
    match by {
        "number" => Key::AdmMatchedNumber,
        "order" => Key::AdmMatchedOrder,
        _ => Key::AdmMatchedEmail,
    }
}
