//! Pages whose content arrives with later issues: title and purpose only.
use crate::i18n::{use_i18n, Key};
use crate::routes::Page;
use leptos::prelude::*;

/// A titled page with its description.
#[component]
pub fn InfoPage(page: Page) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <section class="info-page">
            <h1>{i18n.text(page.title_key())}</h1>
            <p class="lead">{i18n.text(page.description_key())}</p>
            <p>{i18n.text(Key::PageComingSoon)}</p>
        </section>
    }
}
