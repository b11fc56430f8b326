//! Headers every response carries, whatever produced it (pages, API, static
//! files, errors, 404s):
//! - a Content-Security-Policy whose scripts are the site's own files plus the
//!   one inline boot script, admitted by a nonce drawn fresh for each request
//!   (no inline scripts otherwise; WebAssembly compilation is allowed for the
//!   hydration bundle); images from the site and the map tile server; no
//!   framing by anybody;
//! - `X-Content-Type-Options: nosniff`, a Referrer-Policy that sends only the
//!   origin across sites — and nothing at all from the reveal page, whose URL
//!   holds the owner's secret token —, a Permissions-Policy that allows the
//!   site's own pages geolocation and nothing else, HSTS when the public
//!   origin is HTTPS;
//! - `Cache-Control: no-store` on the reveal page, on pages with personal data
//!   and on every API answer except the public price and text tables.
use crate::config::Config;
use app_core::routes::Page;
use axum::{
    extract::{Request, State},
    http::{header, HeaderMap, HeaderValue},
    middleware::Next,
    response::Response,
};
use leptos::nonce::Nonce;
use std::sync::Arc;

/// Grants geolocation to the site's own pages; every other powerful feature is off.
const PERMISSIONS: &str =
    "geolocation=(self), accelerometer=(), camera=(), display-capture=(), gyroscope=(), \
                           magnetometer=(), microphone=(), midi=(), payment=(), usb=()";
const HSTS: &str = "max-age=31536000";

/// API calls that carry nothing personal (the same for everybody), so caches may keep them.
const PUBLIC_API: [&str; 2] = ["/portal/priceSetup", "/multilingualWord/"];

/// Pages that show or take personal data: never stored by any cache.
const PERSONAL_PAGES: [Page; 10] = [
    Page::RevealLocation,
    Page::DoNotLocate,
    Page::DashboardLocations,
    Page::DashboardVoice,
    // A draft (and its preview) is shown back to its writer.
    Page::VoiceSms,
    Page::Account,
    Page::Billing,
    Page::Receipt,
    Page::ResetPassword,
    Page::ResetCode,
];

/// The site's header policy, fixed at start-up.
#[derive(Clone, Debug)]
pub struct SecurityHeaders {
    /// `img-src` sources besides the site itself.
    image_sources: String,
    /// `form-action` sources besides the site itself.
    form_targets: &'static str,
    hsts: bool,
}

impl SecurityHeaders {
    /// The policy for `config`: tiles from the origin of `MAP_TILE_URL`, HSTS on HTTPS.
    pub fn from_config(config: &Config) -> Self {
        let tiles = tile_source(&config.map_tile_url);
        if tiles.is_none() && !config.map_tile_url.starts_with('/') {
            tracing::warn!(url = %config.map_tile_url, "MAP_TILE_URL has no usable origin: map tiles will be blocked");
        }
        // A payment form posted without JavaScript is answered with a
        // redirect to the provider's hosted checkout, and browsers apply
        // `form-action` to that redirect: with real providers it must allow
        // their HTTPS checkout hosts (which vary by provider and account).
        let live = config.payments.mode == crate::config::PaymentMode::Live;
        SecurityHeaders {
            image_sources: tiles.map(|t| format!(" {t}")).unwrap_or_default(),
            form_targets: if live { " https:" } else { "" },
            hsts: config.public_base_url.starts_with("https://"),
        }
    }

    /// The Content-Security-Policy for one response.
    pub fn csp(&self, nonce: &str) -> String {
        format!(
            "default-src 'self'; script-src 'self' 'nonce-{nonce}' 'wasm-unsafe-eval'; style-src 'self'; \
             img-src 'self' data:{}; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; \
             form-action 'self'{}; frame-ancestors 'none'",
            self.image_sources, self.form_targets
        )
    }

    fn apply(&self, path: &str, nonce: &str, headers: &mut HeaderMap) {
        let page = app_core::routes::resolve(path).page;
        let reveal = page == Some(Page::RevealLocation);
        // A handler that set its own policy (the script-free developer page) keeps it.
        if !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
            set(headers, header::CONTENT_SECURITY_POLICY, &self.csp(nonce));
        }
        set(headers, header::X_CONTENT_TYPE_OPTIONS, "nosniff");
        let referrer = if reveal {
            "no-referrer"
        } else {
            "strict-origin-when-cross-origin"
        };
        set(headers, header::REFERRER_POLICY, referrer);
        set(headers, "permissions-policy", PERMISSIONS);
        if self.hsts {
            set(headers, header::STRICT_TRANSPORT_SECURITY, HSTS);
        }
        if is_private_api(path) || page.is_some_and(|p| PERSONAL_PAGES.contains(&p)) {
            set(headers, header::CACHE_CONTROL, "no-store");
        }
    }
}

fn set<K: axum::http::header::IntoHeaderName>(headers: &mut HeaderMap, name: K, value: &str) {
    if let Ok(value) = HeaderValue::from_str(value) {
        headers.insert(name, value);
    }
}

fn is_private_api(path: &str) -> bool {
    let Some(rest) = path.strip_prefix(app_core::api::API_BASE) else {
        return false;
    };
    (rest.is_empty() || rest.starts_with('/'))
        && !PUBLIC_API.iter().any(|public| rest.starts_with(public))
}

/// `scheme://host[:port]` of a tile URL template, with a leading `{s}.`
/// subdomain placeholder turned into the CSP wildcard `*.`; `None` when the
/// template has no absolute origin or the placeholder sits elsewhere.
pub fn tile_source(template: &str) -> Option<String> {
    let (scheme, rest) = template.split_once("://")?;
    if !matches!(scheme, "http" | "https") {
        return None;
    }
    let host = rest
        .split(['/', '?', '#'])
        .next()
        .filter(|h| !h.is_empty())?;
    let host = match host.split_once('.') {
        Some((first, others)) if first.starts_with('{') && first.ends_with('}') => {
            format!("*.{others}")
        }
        _ => host.to_owned(),
    };
    let clean = host
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '*' | '[' | ']'));
    clean.then(|| format!("{scheme}://{host}"))
}

/// The middleware: draws the request's nonce (pages read it from the request
/// extensions and put it on their inline script), then writes the headers.
pub async fn security_headers(
    State(policy): State<Arc<SecurityHeaders>>,
    mut request: Request,
    next: Next,
) -> Response {
    let nonce = Nonce::new();
    request.extensions_mut().insert(nonce.clone());
    let path = request.uri().path().to_owned();
    let mut response = next.run(request).await;
    policy.apply(&path, &nonce, response.headers_mut());
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tile_sources_are_origins_with_subdomain_wildcards() {
        let cases = [
            (
                "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
                Some("https://tile.openstreetmap.org"),
            ),
            (
                "https://{s}.tile.example.com/{z}/{x}/{y}.png",
                Some("https://*.tile.example.com"),
            ),
            (
                "http://127.0.0.1:8080/tiles/{z}/{x}/{y}.png?key=1",
                Some("http://127.0.0.1:8080"),
            ),
            ("/tiles/{z}/{x}/{y}.png", None),
            ("javascript://x", None),
            ("https://tiles.{region}.example/{z}", None),
        ];
        for (template, expected) in cases {
            assert_eq!(tile_source(template).as_deref(), expected, "{template}");
        }
    }

    #[test]
    fn only_the_public_tables_of_the_api_may_be_cached() {
        assert!(is_private_api("/api_f/v1/spyContent"));
        assert!(is_private_api("/api_f/v1/reveal/abc"));
        assert!(is_private_api("/api_f/v1/nope"));
        assert!(!is_private_api("/api_f/v1/portal/priceSetup"));
        assert!(!is_private_api("/api_f/v1/multilingualWord/one/3/home"));
        assert!(!is_private_api("/api_f/v10/x"));
        assert!(!is_private_api("/"));
    }
}
