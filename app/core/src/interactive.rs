//! Whether the page is interactive yet: false on the server and while the
//! browser hydrates, true afterwards. Components use it to tell a first
//! render (must match the server's HTML) from a later, client-side one.
use std::sync::atomic::{AtomicBool, Ordering};

static INTERACTIVE: AtomicBool = AtomicBool::new(false);

/// True once hydration (or the gallery's mount) has finished.
pub fn is_interactive() -> bool {
    INTERACTIVE.load(Ordering::Relaxed)
}

/// Replaces the address bar's URL (history entry) without loading it,
/// keeping the campaign parameters of the current address.
pub fn push_url(url: &str) {
    #[cfg(feature = "browser")]
    if let Some(window) = web_sys::window() {
        let search = window.location().search().unwrap_or_default();
        let url = crate::consent::with_tracked_from(url, &search);
        if let Ok(history) = window.history() {
            let _ = history.push_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
        }
    }
    #[cfg(not(feature = "browser"))]
    let _ = url;
}

/// The current value of the form field `selector` names: what was typed
/// into a plain form before its island woke (islands hydrated on the page's
/// first use read it before hydration sets the fields to the server's
/// values). `None` on the server or when no such field exists.
pub fn field_value(selector: &str) -> Option<String> {
    #[cfg(feature = "browser")]
    {
        let field = web_sys::window()?
            .document()?
            .query_selector(selector)
            .ok()
            .flatten()?;
        js_sys::Reflect::get(&field, &"value".into())
            .ok()?
            .as_string()
    }
    #[cfg(not(feature = "browser"))]
    {
        let _ = selector;
        None
    }
}

/// Marks the document interactive: sets the flag, `<html data-hydrated>` and
/// fires `ct:hydrated`, which scripts and browser tests wait for.
#[cfg(feature = "browser")]
pub fn mark_interactive() {
    INTERACTIVE.store(true, Ordering::Relaxed);
    if let Some(doc) = web_sys::window().and_then(|w| w.document()) {
        if let Some(root) = doc.document_element() {
            let _ = root.set_attribute("data-hydrated", "true");
        }
        if let Ok(event) = web_sys::Event::new("ct:hydrated") {
            let _ = doc.dispatch_event(&event);
        }
    }
}
