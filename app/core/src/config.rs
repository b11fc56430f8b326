//! Settings the browser may see: rendered by the server into the page
//! (`#ct-config`) and read back on hydration. Never put a secret here.
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Public, per-deployment settings and the hashed asset URLs of this build.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PublicConfig {
    /// Absolute origin of the site, for canonical and `hreflang` links.
    pub base_url: String,
    /// The 24/7 support address shown in the footer.
    pub support_email: String,
    /// Map tile URL template (`{z}/{x}/{y}`, optional `{s}`).
    pub map_tile_url: String,
    /// Asset URLs of the current build.
    pub assets: Assets,
    /// The Meta pixel conversion events are reported for (empty: none
    /// configured; events are then kept on the server only).
    #[serde(default)]
    pub meta_pixel_id: String,
}

/// URLs of the built front-end files; `None` when the server runs without a
/// front-end build (pages still render, they just do not hydrate).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Assets {
    /// The plain site script: boots the app and applies the navigation rules.
    pub site_js: Option<String>,
    /// wasm-bindgen JS glue of the hydrate build.
    pub app_js: Option<String>,
    /// The hydrate WASM module.
    pub app_wasm: Option<String>,
    /// The folder of the texts the hydrate WASM loads, one `<code>.json`
    /// per language (the WASM carries none).
    #[serde(default)]
    pub texts: Option<String>,
    /// Site stylesheet (global + scoped component CSS).
    pub css: Option<String>,
    /// React widget loader, loaded only by pages that show a widget; it
    /// fetches the widget's own chunk and stylesheet.
    pub widgets_js: Option<String>,
    /// A stylesheet for all widgets, loaded with the loader (none in the
    /// split build: each widget's chunk brings its own).
    pub widgets_css: Option<String>,
}

/// The element id of the serialized config in the page.
pub const CONFIG_ELEMENT_ID: &str = "ct-config";

/// The public config: from context (server, gallery), else — inside an
/// island in the browser — from the page's `#ct-config` element. Shared,
/// not copied: the server provides the one of the process to every render.
pub fn use_public_config() -> Arc<PublicConfig> {
    use_context::<Arc<PublicConfig>>().unwrap_or_else(|| Arc::new(from_document()))
}

#[cfg(feature = "browser")]
fn from_document() -> PublicConfig {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(CONFIG_ELEMENT_ID))
        .and_then(|el| el.text_content())
        .and_then(|json| serde_json::from_str(&json).ok())
        .unwrap_or_default()
}

#[cfg(not(feature = "browser"))]
fn from_document() -> PublicConfig {
    PublicConfig::default()
}

/// The config as JSON safe to inline in a `<script>` element. The server
/// renders its one config into every page: the last JSON made is kept.
pub fn to_inline_json(config: &PublicConfig) -> String {
    use std::sync::{PoisonError, RwLock};
    static LAST: RwLock<Option<(PublicConfig, String)>> = RwLock::new(None);
    if let Some((last, json)) = &*LAST.read().unwrap_or_else(PoisonError::into_inner) {
        if last == config {
            return json.clone();
        }
    }
    let json = serde_json::to_string(config)
        .unwrap_or_else(|_| "{}".into())
        .replace('<', "\\u003c");
    *LAST.write().unwrap_or_else(PoisonError::into_inner) = Some((config.clone(), json.clone()));
    json
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_json_cannot_close_the_script_element() {
        let config = PublicConfig {
            base_url: "</script><script>x".into(),
            ..Default::default()
        };
        let json = to_inline_json(&config);
        assert!(!json.contains("</script"));
        let back: PublicConfig = serde_json::from_str(&json).unwrap();
        assert_eq!(back, config);
    }

    #[test]
    fn each_config_gets_its_own_json_when_they_alternate() {
        let configs = ["https://a.example", "https://b.example"].map(|base| PublicConfig {
            base_url: base.into(),
            ..Default::default()
        });
        for _ in 0..2 {
            for config in &configs {
                let back: PublicConfig = serde_json::from_str(&to_inline_json(config)).unwrap();
                assert_eq!(&back, config);
            }
        }
    }
}
