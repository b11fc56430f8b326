//! A list of links to pages of the site, in the current language.
use crate::i18n::{use_i18n, Key};
use crate::routes::{href, Page};
use leptos::prelude::*;
use leptos_router::components::A;

/// `<li>` items linking each page to its name (put them in a `<ul>`).
#[component]
pub fn PageLinks(links: Vec<(Page, Key)>) -> impl IntoView {
    let i18n = use_i18n();
    links
        .into_iter()
        .map(|(target, key)| {
            view! {
                <li>
                    <A href=move || href(i18n.locale(), target)>{i18n.text(key)}</A>
                </li>
            }
        })
        .collect_view()
}
