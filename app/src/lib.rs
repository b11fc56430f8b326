//! Cool Tracker's UI: pages and components. Compiled with `ssr` into the
//! server binary and with `hydrate` into WASM. What the server shares (wire
//! types, routes, texts, validators, the typed API client) is `app_core`,
//! re-exported here under the same names.
#![recursion_limit = "256"] // Deeply nested Leptos view types (static page trees).
pub mod app;
pub mod components;
/// The support console (server-rendered only, never in the WASM).
#[cfg(feature = "ssr")]
pub mod console;
pub mod dialogs;
pub mod pages;
pub mod widgets;

pub use app::{shell, App};
pub use app_core::{
    account, api, checkout, config, consent, countries, dates, i18n, interactive, model,
    navigation, page_query, routes,
};

/// Browser entry point, called by the page's boot script: prepares the
/// reactive runtime; the script then hydrates each `<leptos-island>` (only
/// interactive parts ship to the browser) and calls [`islands_ready`].
#[cfg(feature = "hydrate")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn hydrate() {
    leptos::mount::hydrate_islands();
}

/// Called once every island is hydrated: marks the page interactive.
#[cfg(feature = "hydrate")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn islands_ready() {
    interactive::mark_interactive();
}

#[cfg(feature = "gallery")]
pub mod gallery;

/// The renderers the server library is built with: the customer pages'
/// document and the support console's.
#[cfg(feature = "ssr")]
pub fn views() -> app_core::views::Views {
    use leptos::prelude::IntoAny as _;
    app_core::views::Views {
        shell: || shell().into_any(),
        console: |doc| console::document(doc).into_any(),
    }
}
