//! The dashboard's location requests (`/dashboard/locations`). The list
//! arrives with the locate feature; until then every member sees the empty
//! state, which explains that a location only appears with the owner's consent.
use crate::i18n::{use_i18n, Key};
use crate::routes::{href, Page};
use leptos::prelude::*;
use leptos_router::components::A;

/// "No location requests yet", why, and the way to make one.
#[component]
pub fn DashboardLocationsPage() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <section class="dashboard">
            <h1>{i18n.text(Page::DashboardLocations.title_key())}</h1>
            <div class="empty-state">
                <h2>{i18n.text(Key::LocationsEmptyTitle)}</h2>
                <p>{i18n.text(Key::LocationsEmptyText)}</p>
                <A href=move || format!("{}#phone", href(i18n.locale(), Page::Home)) attr:class="btn-primary">
                    {i18n.t(Key::LocationsEmptyCta)}
                </A>
            </div>
        </section>
    }
}
