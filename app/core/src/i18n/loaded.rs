//! In the browser the texts are not compiled in: the site script fetches the
//! page's one language (`/pkg/<build>/texts/<code>.json`, an array in key
//! order followed by the country names in table order, written by build.rs)
//! beside the WASM and hands it over before
//! hydration. A page then downloads one language instead of three, and the
//! main WASM carries no text at all.
//!
//! Islands render in the page's language only (they never switch language
//! without a page load), so a text of another language is never asked for;
//! if it were, it reads empty rather than showing the wrong language.
use super::messages::KEY_COUNT;
use super::{Key, Locale};
use std::sync::OnceLock;

static TEXTS: OnceLock<(Locale, Vec<&'static str>)> = OnceLock::new();

/// Called once by the site script, before `hydrate`: the texts of the
/// language `code`, joined by NUL (which no text holds; build.rs checks). One
/// string crosses into the WASM instead of one per text (about a thousand
/// conversions at start-up). It lives as long as the page, so it is leaked
/// into `'static` once and the texts are slices of it.
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn load_texts(code: &str, texts: String) {
    let Some(locale) = super::Locale::from_code(code) else {
        return;
    };
    let all: &'static str = Box::leak(texts.into_boxed_str());
    // A second call (never made by the site script) keeps the first texts.
    let _ = TEXTS.set((locale, all.split(TEXT_SEPARATOR).collect()));
}

/// What the site script joins the texts with.
const TEXT_SEPARATOR: char = '\0';

/// The loaded text of `key`, when `locale` is the page's language.
pub fn text(locale: Locale, key: Key) -> &'static str {
    match TEXTS.get() {
        Some((loaded, texts)) if *loaded == locale => {
            texts.get(key as usize).copied().unwrap_or_default()
        }
        _ => "",
    }
}

/// The loaded name of the country at `index` of the country table, when
/// `locale` is the page's language; `None` for a nameless entry.
pub fn country_name(locale: Locale, index: usize) -> Option<&'static str> {
    match TEXTS.get() {
        Some((loaded, texts)) if *loaded == locale => texts
            .get(KEY_COUNT + index)
            .copied()
            .filter(|name| !name.is_empty()),
        _ => None,
    }
}
