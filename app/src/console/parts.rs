//! The pieces every console page is built of: the hidden fields of a
//! form, a moment as staff read it, and the tables.
use super::ConsoleDoc;
use crate::i18n::{t, Key, Locale};
use leptos::prelude::*;

/// The hidden fields of every console form.
pub(super) fn form_fields(doc: &ConsoleDoc, form: &'static str) -> impl IntoView {
    view! {
        <input type="hidden" name="csrf" value=doc.csrf.clone()/>
        <input type="hidden" name="form" value=form/>
    }
}

/// A moment as staff read it (UTC, to the minute).
pub(super) fn when(ms: i64) -> String {
    crate::dates::format_utc_datetime(ms)
}

/// A console table: the caption, if any, the column headings, then `rows`.
pub(super) fn table(
    locale: Locale,
    caption: Option<Key>,
    columns: &[Key],
    rows: impl IntoView + 'static,
) -> impl IntoView {
    let heads = columns
        .iter()
        .map(|&key| view! { <th scope="col">{t(locale, key)}</th> })
        .collect_view();
    view! {
        <table class="console-table">
            {caption.map(|key| view! { <caption>{t(locale, key)}</caption> })}
            <thead>
                <tr>{heads}</tr>
            </thead>
            <tbody>{rows}</tbody>
        </table>
    }
}
