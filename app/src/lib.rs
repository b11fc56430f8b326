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

/// The renderers the server library is built with: a customer page (the
/// whole document, in async mode: every resource resolved before it is
/// sent, so pages work without JavaScript) and a support console document.
#[cfg(feature = "ssr")]
pub fn views() -> app_core::views::Views {
    app_core::views::Views {
        page: |provide, request| {
            let context = move || {
                provide();
                // Islands: only an island's resources are read back in the
                // browser, so only those are sent with the page (each island
                // turns this on while it renders). Leptos' own island script
                // component sets the same; this site boots its own.
                if let Some(shared) = leptos::prelude::Owner::current_shared_context() {
                    shared.set_is_hydrating(false);
                }
            };
            leptos_axum::render_app_async_with_context(context, shell)(request)
        },
        console: |doc| {
            use leptos::prelude::{Owner, RenderHtml as _};
            Owner::new().with(|| console::document(doc).to_html())
        },
    }
}
