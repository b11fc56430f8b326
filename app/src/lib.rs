//! Cool Tracker's UI: pages, components, i18n, the route table and the typed
//! API client. Compiled with `ssr` into the server and with `hydrate` into WASM.
#![recursion_limit = "256"] // Deeply nested Leptos view types (static page trees).
pub mod account;
pub mod api;
pub mod app;
pub mod checkout;
pub mod components;
pub mod config;
pub mod consent;
/// The support console (server-rendered only, never in the WASM).
#[cfg(feature = "ssr")]
pub mod console;
pub mod countries;
pub mod dates;
pub mod dialogs;
pub mod i18n;
pub mod interactive;
pub mod model;
pub mod navigation;
pub mod page_query;
pub mod pages;
pub mod routes;
pub mod widgets;

pub use app::{shell, App};

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
