//! The pieces every console page is built of: the hidden fields of a
//! form and a moment as staff read it.
use super::ConsoleDoc;
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
