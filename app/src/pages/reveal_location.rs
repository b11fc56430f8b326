//! The phone owner's page (no header, no footer). The consent flow arrives
//! with the locate issue; until a position has been shared it shows none.
use crate::i18n::{use_i18n, Key};
use crate::widgets::{GeoPoint, MapView};
use leptos::prelude::*;

/// The reveal view.
#[component]
pub fn RevealLocationPage() -> impl IntoView {
    let i18n = use_i18n();
    let location = Signal::derive(|| Option::<GeoPoint>::None);
    view! {
        <main id="main" class="reveal">
            <h1>{i18n.text(Key::TitleRevealLocation)}</h1>
            <p class="lead">{i18n.text(Key::DescRevealLocation)}</p>
            <MapView location=location/>
        </main>
    }
}
