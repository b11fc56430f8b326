//! Home: the search banner with the trial offer, then the sections.
use super::home_sections::HomeSections;
use crate::components::PhoneSearch;
use crate::i18n::{use_i18n, Key};
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;

/// The home page.
#[component]
pub fn HomePage() -> impl IntoView {
    let i18n = use_i18n();
    let (country, phone) = use_query_map().with_untracked(|q| (q.get("country"), q.get("phone")));
    // The island gets the preselected country as a prop: the browser has no
    // server context, and must start from the same value.
    let country = country
        .or_else(|| use_context::<crate::countries::VisitorRegion>().and_then(|region| region.0));
    view! {
        <section class="banner">
            <h1>{i18n.text(Key::HomeHeading)}</h1>
            <p class="lead">{i18n.text(Key::HomeSubheading)}</p>
            <PhoneSearch locale=i18n.locale() country=country phone=phone/>
        </section>
        <HomeSections/>
    }
}
