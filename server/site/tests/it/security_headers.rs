//! Headers on every response: CSP with a per-request nonce, framing, sniffing,
//! referrer, permissions, HSTS and caching rules.
use crate::util::{scratch_dir, TestApp, TestResponse};

fn site_with_build() -> std::path::PathBuf {
    let site = scratch_dir();
    std::fs::create_dir_all(site.join("pkg/h1")).unwrap();
    std::fs::write(site.join("pkg/h1/app.js"), "export default 1").unwrap();
    std::fs::write(
        site.join("manifest.json"),
        r#"{"site_js":"/pkg/h1/site.js","app_js":"/pkg/h1/app.js","app_wasm":"/pkg/h1/app_bg.wasm","texts":"/pkg/h1/texts","css":"/pkg/h1/app.css"}"#,
    )
    .unwrap();
    site
}

fn csp_nonce(res: &TestResponse) -> String {
    let csp = res.header("content-security-policy").expect("CSP");
    let start = csp.find("'nonce-").expect("nonce in CSP") + "'nonce-".len();
    csp[start..].split('\'').next().unwrap().to_owned()
}

/// The headers every response carries, whatever produced it.
fn assert_common(res: &TestResponse, what: &str) {
    let csp = res
        .header("content-security-policy")
        .unwrap_or_else(|| panic!("{what}: no CSP"));
    for part in [
        "default-src 'self'",
        "script-src 'self' 'nonce-",
        "'wasm-unsafe-eval'",
        "frame-ancestors 'none'",
        "object-src 'none'",
        "base-uri 'none'",
        "img-src 'self' data: https://tile.openstreetmap.org",
    ] {
        assert!(csp.contains(part), "{what}: CSP lacks {part}: {csp}");
    }
    assert!(!csp.contains("unsafe-inline"), "{what}: {csp}");
    assert_eq!(
        res.header("x-content-type-options"),
        Some("nosniff"),
        "{what}"
    );
    assert_eq!(
        res.header("permissions-policy")
            .map(|p| p.starts_with("geolocation=(self), ")),
        Some(true),
        "{what}"
    );
    assert!(
        res.header("permissions-policy")
            .unwrap()
            .contains("camera=()"),
        "{what}"
    );
    assert_eq!(
        res.header("strict-transport-security"),
        Some("max-age=31536000"),
        "{what}: HTTPS origin"
    );
}

#[tokio::test]
async fn every_kind_of_response_carries_the_security_headers() {
    for app in TestApp::all_with_site(site_with_build()).await {
        let cases = [
            ("/", 200, Some("private, no-cache")),
            ("/id/faq", 200, Some("private, no-cache")),
            ("/no-such-page", 404, Some("private, no-cache")),
            ("/api_f/v1/spyContent", 401, Some("no-store")),
            ("/api_f/v1/no-such-call", 404, Some("no-store")),
            (
                "/api_f/v1/other/location/info/%2B6281234567890",
                200,
                Some("no-store"),
            ),
            (
                "/pkg/h1/app.js",
                200,
                Some("public, max-age=31536000, immutable"),
            ),
            ("/favicon.svg", 200, Some("public, max-age=3600")),
            ("/healthz", 200, None),
            ("/id/", 301, None),
        ];
        for (path, status, cache) in cases {
            let res = app.get(path).await;
            let what = format!("{:?} {path}", app.backend);
            assert_eq!(res.status, status, "{what}");
            assert_common(&res, &what);
            assert_eq!(
                res.header("referrer-policy"),
                Some("strict-origin-when-cross-origin"),
                "{what}"
            );
            if let Some(cache) = cache {
                assert_eq!(res.header("cache-control"), Some(cache), "{what}");
            }
        }
        let price = app.get("/api_f/v1/portal/priceSetup").await;
        assert_common(&price, "price table");
        assert_ne!(
            price.header("cache-control"),
            Some("no-store"),
            "the public price table may be cached"
        );
    }
}

#[tokio::test]
async fn the_reveal_page_sends_no_referrer_and_is_never_stored() {
    for app in TestApp::all().await {
        for path in [
            "/reveal-location?token=secret",
            "/id/reveal-location?token=secret",
            "/zh/reveal-location",
        ] {
            let res = app.get(path).await;
            let what = format!("{:?} {path}", app.backend);
            assert_common(&res, &what);
            assert_eq!(res.header("referrer-policy"), Some("no-referrer"), "{what}");
            assert_eq!(res.header("cache-control"), Some("no-store"), "{what}");
        }
    }
}

#[tokio::test]
async fn members_pages_are_never_stored_even_when_they_redirect() {
    for app in TestApp::all().await {
        for path in [
            "/dashboard/locations",
            "/id/dashboard/account",
            "/zh/billing",
            "/do-not-locate",
            "/reset-code",
        ] {
            let res = app.get(path).await;
            let what = format!("{:?} {path} ({})", app.backend, res.status);
            assert_common(&res, &what);
            assert_eq!(res.header("cache-control"), Some("no-store"), "{what}");
        }
    }
}

#[tokio::test]
async fn the_boot_script_carries_the_nonce_of_its_response_and_nonces_are_fresh() {
    for app in TestApp::all_with_site(site_with_build()).await {
        let first = app.get("/").await;
        let nonce = csp_nonce(&first);
        assert!(nonce.len() >= 16, "{nonce}");
        assert!(
            first
                .body
                .contains(&format!(r#"<script type="module" nonce="{nonce}">"#)),
            "{}",
            first.body
        );
        let second = app.get("/").await;
        assert_ne!(csp_nonce(&second), nonce, "a nonce is drawn per response");
        // Every inline script either is data (JSON, JSON-LD) or carries the nonce.
        for script in first.body.split("<script").skip(1) {
            let tag = script.split('>').next().unwrap();
            let data = tag.contains("application/json") || tag.contains("application/ld+json");
            assert!(
                data || tag.contains(&nonce),
                "inline script without nonce: {tag}"
            );
        }
    }
}

#[tokio::test]
async fn hsts_only_when_the_public_origin_is_https() {
    for app in TestApp::all_configured(|c| c.public_base_url = "http://127.0.0.1:3000".into()).await
    {
        let res = app.get("/").await;
        assert_eq!(
            res.header("strict-transport-security"),
            None,
            "{:?}",
            app.backend
        );
        assert!(res.header("content-security-policy").is_some());
    }
}

#[tokio::test]
async fn map_tiles_are_allowed_from_the_configured_tile_origin() {
    let template = "https://{s}.tiles.example.net/{z}/{x}/{y}.png";
    for app in TestApp::all_configured(|c| c.map_tile_url = template.into()).await {
        let csp = app
            .get("/")
            .await
            .header("content-security-policy")
            .unwrap()
            .to_owned();
        assert!(
            csp.contains("img-src 'self' data: https://*.tiles.example.net;"),
            "{csp}"
        );
    }
}

#[tokio::test]
async fn the_developer_page_keeps_its_script_free_policy() {
    for app in TestApp::all().await {
        let res = app.get("/dev/outbox").await;
        assert_eq!(res.status, 200);
        let csp = res.header("content-security-policy").unwrap();
        assert!(csp.starts_with("default-src 'none'"), "{csp}");
        assert!(!csp.contains("script-src"), "no scripts at all: {csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
        assert_eq!(res.header("x-content-type-options"), Some("nosniff"));
    }
}
