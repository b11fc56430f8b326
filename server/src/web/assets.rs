//! Built front-end files. Everything under `/pkg/<build-hash>/` is immutable
//! (cached for a year, served pre-compressed with brotli or gzip); files from
//! `public/` change rarely but keep their names, so they get a short lifetime.
use crate::config::Config;
use app_core::config::Assets;
use axum::{http::HeaderValue, Router};
use std::path::Path;
use tower::ServiceBuilder;
use tower_http::{services::ServeDir, set_header::SetResponseHeaderLayer};

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const SHORT: &str = "public, max-age=3600";

/// Reads `manifest.json` written by `scripts/build.sh`. Without a front-end
/// build the site still renders server-side, without hydration.
pub fn load_manifest(site_root: &Path) -> Assets {
    let path = site_root.join("manifest.json");
    match std::fs::read_to_string(&path).map(|text| serde_json::from_str::<Assets>(&text)) {
        Ok(Ok(assets)) => assets,
        Ok(Err(e)) => {
            tracing::error!(path = %path.display(), error = %e, "asset manifest unreadable: pages will not hydrate");
            Assets::default()
        }
        Err(_) => {
            tracing::warn!(path = %path.display(), "no front-end build found: run scripts/build.sh; pages will not hydrate");
            Assets::default()
        }
    }
}

/// `/pkg/*` (hashed build output) and the files of `public/`.
pub fn static_router<S: Clone + Send + Sync + 'static>(config: &Config) -> Router<S> {
    let pkg = ServiceBuilder::new()
        .layer(SetResponseHeaderLayer::overriding(
            axum::http::header::CACHE_CONTROL,
            HeaderValue::from_static(IMMUTABLE),
        ))
        .service(
            ServeDir::new(config.site_root.join("pkg"))
                .precompressed_br()
                .precompressed_gzip(),
        );
    let mut router = Router::new().nest_service("/pkg", pkg);
    for file in [
        "favicon.svg",
        "tracking.js",
        "og-image.png",
        "site.webmanifest",
        "apple-touch-icon.png",
        "icon-192.png",
        "icon-512.png",
    ] {
        let path = config.public_dir.join(file);
        let service = ServiceBuilder::new()
            .layer(SetResponseHeaderLayer::overriding(
                axum::http::header::CACHE_CONTROL,
                HeaderValue::from_static(SHORT),
            ))
            .service(tower_http::services::ServeFile::new(path));
        router = router.route_service(&format!("/{file}"), service);
    }
    router
}
