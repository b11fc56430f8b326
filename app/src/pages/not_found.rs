//! The not-found page, for `/404` and every unknown path.
use crate::i18n::{use_i18n, Key};
use crate::routes::{href, Page};
use leptos::prelude::*;

/// "This page could not be found" with a BACK button to the home page.
#[component]
pub fn NotFoundPage() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <section class="not-found">
            <h1>{i18n.text(Key::TitleNotFound)}</h1>
            <p>{i18n.text(Key::NotFoundText)}</p>
            <a href=href(i18n.locale(), Page::Home) class="btn-primary">
                {i18n.text(Key::NotFoundBack)}
            </a>
        </section>
    }
}
