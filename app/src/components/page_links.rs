//! A list of links to pages of the site, in the current language, carrying
//! the tracked campaign parameters of the current address.
use crate::consent::{current_query, tracked_href};
use crate::i18n::{use_i18n, Key};
use crate::routes::{href, Page};
use leptos::prelude::*;
use leptos_router::components::A;

/// `<li>` items linking each page to its name (put them in a `<ul>`).
#[component]
pub fn PageLinks(links: Vec<(Page, Key)>) -> impl IntoView {
    let i18n = use_i18n();
    let query = current_query();
    links
        .into_iter()
        .map(|(target, key)| {
            view! {
                <li>
                    <A href=tracked_href(&href(i18n.locale(), target), &query, &[])>{i18n.text(key)}</A>
                </li>
            }
        })
        .collect_view()
}
