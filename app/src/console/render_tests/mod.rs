//! Console pages rendered with sample data, as the server renders them: one
//! file per part of the console, sharing the document builder and the HTML
//! probes here.
use super::{document, ConsoleData, ConsoleDoc, ConsolePage};
use crate::i18n::Locale;
use crate::model::console::{StaffRole, StaffView};
use leptos::prelude::*;

mod abuse;
mod audit;
mod chats;
mod customers;
mod shell;
mod sign_in;

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
