//! Fragments that read nothing of the visitor but the page's language:
//! rendered once per language and copied into every later render (server
//! side; such fragments are never hydrated).
use crate::i18n::{use_i18n, Locale};
use leptos::prelude::*;
use leptos::tachys::html::InertElement;
use std::sync::OnceLock;

/// One rendering of a fragment per language, kept for the process.
pub struct PerLanguage([OnceLock<String>; Locale::ALL.len()]);

impl PerLanguage {
    /// Nothing rendered yet.
    pub const fn new() -> Self {
        PerLanguage([const { OnceLock::new() }; Locale::ALL.len()])
    }

    /// The fragment `render` makes in the page's language: rendered the first
    /// time (in a child owner, reading this render's contexts), then copied.
    pub fn fragment<V: RenderHtml>(&'static self, render: impl FnOnce() -> V) -> InertElement {
        let locale = use_i18n().locale();
        let html = self.0[locale as usize].get_or_init(|| Owner::new().with(|| render().to_html()));
        InertElement::new(html.as_str())
    }
}

impl Default for PerLanguage {
    fn default() -> Self {
        Self::new()
    }
}
