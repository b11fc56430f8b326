//! Static files: hashed build output is immutable and served pre-compressed.
use crate::util::{scratch_dir, TestApp};

#[tokio::test]
async fn hashed_assets_are_precompressed_and_cached_for_a_year() {
    let site = scratch_dir();
    let pkg = site.join("pkg/abc123");
    std::fs::create_dir_all(&pkg).unwrap();
    std::fs::write(pkg.join("app.js"), "console.log('plain')").unwrap();
    std::fs::write(pkg.join("app.js.br"), "BROTLI").unwrap();
    std::fs::write(pkg.join("app.js.gz"), "GZIP").unwrap();
    for app in TestApp::all_with_site(site.clone()).await {
        let br = app
            .get_with("/pkg/abc123/app.js", &[("accept-encoding", "br, gzip")])
            .await;
        assert_eq!(br.status, 200);
        assert_eq!(br.header("content-encoding"), Some("br"));
        assert_eq!(br.body, "BROTLI");
        assert_eq!(
            br.header("cache-control"),
            Some("public, max-age=31536000, immutable")
        );
        let gz = app
            .get_with("/pkg/abc123/app.js", &[("accept-encoding", "gzip")])
            .await;
        assert_eq!(gz.header("content-encoding"), Some("gzip"));
        let plain = app.get("/pkg/abc123/app.js").await;
        assert_eq!(plain.body, "console.log('plain')");
        assert_eq!(app.get("/pkg/abc123/missing.js").await.status, 404);
    }
}

#[tokio::test]
async fn pages_reference_the_built_assets_from_the_manifest() {
    let site = scratch_dir();
    std::fs::write(
        site.join("manifest.json"),
        r#"{"site_js":"/pkg/h1/site.js","app_js":"/pkg/h1/app.js","app_wasm":"/pkg/h1/app_bg.wasm",
            "texts":"/pkg/h1/texts","css":"/pkg/h1/app.css","widgets_js":"/pkg/h1/widgets.js","widgets_css":"/pkg/h1/widgets.css"}"#,
    )
    .unwrap();
    // The page's language file goes with the app: one language per page.
    let boot = |eager: bool, lang: &str| {
        format!("import {{ start }} from '/pkg/h1/site.js';start({{ js: '/pkg/h1/app.js', wasm: '/pkg/h1/app_bg.wasm', texts: '/pkg/h1/texts/{lang}.json', lang: '{lang}', eager: {eager} }});")
    };
    for app in TestApp::all_with_site(site.clone()).await {
        let body = app.get("/").await.body;
        assert!(body.contains(r#"<link rel="stylesheet" href="/pkg/h1/app.css""#));
        assert!(body.contains(&boot(true, "en")), "{body}");
        // Nothing is preloaded: the app starts after the first paint.
        assert!(!body.contains("rel=\"modulepreload\"") && !body.contains("rel=\"preload\""));
        assert!(
            !body.contains("widgets.js\"></script>"),
            "React is not loaded by pages without widgets"
        );
        // Text pages fetch nothing of the app until a `data-wake` element is used.
        for (text_page, lang) in [
            ("/privacy-policy", "en"),
            ("/id/faq", "id"),
            ("/zh/no-such-page", "zh"),
            ("/cancel-subscription", "en"),
        ] {
            let body = app.get(text_page).await.body;
            assert!(body.contains(&boot(false, lang)), "{text_page}");
            assert!(
                !body.contains("rel=\"modulepreload\"") && !body.contains("rel=\"preload\""),
                "{text_page}"
            );
        }
        for (live_page, lang) in [
            ("/id/voice-sms", "id"),
            ("/telecom", "en"),
            ("/pay-method", "en"),
            ("/login", "en"),
            ("/reveal-location", "en"),
        ] {
            assert!(
                app.get(live_page).await.body.contains(&boot(true, lang)),
                "{live_page}"
            );
        }
    }
}

#[tokio::test]
async fn html_is_compressed_on_the_fly_and_favicon_served() {
    for app in TestApp::all().await {
        let res = app.get_with("/faq", &[("accept-encoding", "br")]).await;
        assert_eq!(res.header("content-encoding"), Some("br"));
        let icon = app.get("/favicon.svg").await;
        assert_eq!(icon.status, 200);
        assert_eq!(icon.header("cache-control"), Some("public, max-age=3600"));
    }
}

/// The site is installable: every page links the manifest, the touch icon
/// and the theme colour; the manifest names the site and each icon it lists
/// is served as the type it claims.
#[tokio::test]
async fn the_manifest_and_every_icon_it_lists_are_served() {
    for app in TestApp::all().await {
        let page = app.get("/").await.body;
        for link in [
            r#"<link rel="manifest" href="/site.webmanifest""#,
            r#"<link rel="apple-touch-icon" href="/apple-touch-icon.png""#,
            r##"<meta name="theme-color" content="#0f766e""##,
        ] {
            assert!(page.contains(link), "{link}");
        }
        let res = app.get("/site.webmanifest").await;
        assert_eq!(res.status, 200);
        assert_eq!(
            res.header("content-type"),
            Some("application/manifest+json")
        );
        let manifest: serde_json::Value = serde_json::from_str(&res.body).expect("JSON");
        assert_eq!(manifest["name"], "Cool Tracker");
        assert_eq!(manifest["theme_color"], "#0f766e");
        let icons = manifest["icons"].as_array().expect("icons");
        assert!(icons.iter().any(|i| i["sizes"] == "512x512"));
        for icon in icons.iter().chain([&serde_json::json!({
            "src": "/apple-touch-icon.png", "type": "image/png"
        })]) {
            let src = icon["src"].as_str().expect("src");
            let res = app.get(src).await;
            assert_eq!(res.status, 200, "{src}");
            assert_eq!(res.header("content-type"), icon["type"].as_str(), "{src}");
        }
    }
}
