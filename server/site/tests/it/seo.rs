//! What search engines and link previews read: robots.txt, the sitemap with
//! its language alternates, Open Graph / Twitter tags and FAQ structured data.
use crate::util::TestApp;

const BASE: &str = "https://ct.test";

/// The `<loc>` values of a sitemap.
fn locs(xml: &str) -> Vec<String> {
    xml.split("<loc>")
        .skip(1)
        .map(|rest| rest.split("</loc>").next().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn robots_txt_points_to_the_sitemap_on_the_public_origin() {
    for app in TestApp::all().await {
        let res = app.get("/robots.txt").await;
        assert_eq!(res.status, 200);
        assert_eq!(
            res.header("content-type"),
            Some("text/plain; charset=utf-8")
        );
        assert!(
            res.body.contains(&format!("Sitemap: {BASE}/sitemap.xml")),
            "{}",
            res.body
        );
        for line in [
            "User-agent: *",
            "Disallow: /api_f/",
            "Disallow: /reveal-location",
            "Disallow: /id/reveal-location",
        ] {
            assert!(
                res.body.lines().any(|l| l == line),
                "{line} in {}",
                res.body
            );
        }
    }
    for app in
        TestApp::all_configured(|c| c.public_base_url = "https://www.example.org".into()).await
    {
        let body = app.get("/robots.txt").await.body;
        assert!(
            body.contains("Sitemap: https://www.example.org/sitemap.xml"),
            "{body}"
        );
    }
}

#[tokio::test]
async fn the_sitemap_lists_every_public_page_in_every_language_with_alternates() {
    for app in TestApp::all().await {
        let res = app.get("/sitemap.xml").await;
        assert_eq!(res.status, 200);
        assert_eq!(
            res.header("content-type"),
            Some("application/xml; charset=utf-8")
        );
        let xml = res.body;
        assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"));
        assert!(xml.contains(r#"xmlns:xhtml="http://www.w3.org/1999/xhtml""#));
        let locs = locs(&xml);
        for expected in [
            "/",
            "/id",
            "/zh",
            "/faq",
            "/id/privacy-policy",
            "/zh/voice-sms",
            "/id/telecom",
            "/pay-method",
        ] {
            assert!(
                locs.contains(&format!("{BASE}{expected}")),
                "{expected} missing from {locs:?}"
            );
        }
        for private in [
            "login",
            "dashboard/locations",
            "reveal-location",
            "billing",
            "404",
            "pay-result",
            "reset-code",
        ] {
            assert!(
                !locs.iter().any(|l| l.ends_with(&format!("/{private}"))),
                "{private} must not be listed"
            );
        }
        assert_eq!(locs.len() % 3, 0, "every page in en, id and zh");
        // Each entry names all its language versions and the default.
        let first = xml.split("<url>").nth(1).unwrap();
        for (lang, path) in [
            ("en", "/"),
            ("id", "/id"),
            ("zh-Hans", "/zh"),
            ("x-default", "/"),
        ] {
            let link =
                format!(r#"<xhtml:link rel="alternate" hreflang="{lang}" href="{BASE}{path}"/>"#);
            assert!(first.contains(&link), "{link} in {first}");
        }
        // Every listed page exists and may be indexed.
        for loc in &locs {
            let page = app.get(loc.strip_prefix(BASE).unwrap()).await;
            assert_eq!(page.status, 200, "{loc}");
            assert!(
                !page.body.contains(r#"name="robots" content="noindex""#),
                "{loc} is listed but noindex"
            );
        }
    }
}

#[tokio::test]
async fn pages_carry_open_graph_and_twitter_card_tags() {
    for app in TestApp::all().await {
        let body = app.get("/id/faq").await.body;
        for tag in [
            r#"<meta property="og:type" content="website">"#,
            r#"<meta property="og:site_name" content="Cool Tracker">"#,
            r#"<meta property="og:title" content="Pertanyaan yang sering diajukan | Cool Tracker">"#,
            r#"<meta property="og:url" content="https://ct.test/id/faq">"#,
            r#"<meta property="og:locale" content="id_ID">"#,
            r#"<meta property="og:locale:alternate" content="en_US">"#,
            r#"<meta property="og:locale:alternate" content="zh_CN">"#,
            r#"<meta property="og:image" content="https://ct.test/og-image.png">"#,
            r#"<meta property="og:image:width" content="1200">"#,
            r#"<meta name="twitter:card" content="summary_large_image">"#,
            r#"<meta name="twitter:image" content="https://ct.test/og-image.png">"#,
        ] {
            assert!(body.contains(tag), "{tag} missing");
        }
        assert!(body.contains(r#"<meta property="og:description" content=""#));
        assert!(body.contains(r#"<meta name="twitter:title" content="Pertanyaan yang sering diajukan | Cool Tracker">"#));
        let image = app.get("/og-image.png").await;
        assert_eq!(image.status, 200);
        assert_eq!(image.header("content-type"), Some("image/png"));
    }
}

/// The JSON-LD block of a page, parsed.
fn json_ld(body: &str) -> serde_json::Value {
    let start = body
        .find(r#"<script type="application/ld+json">"#)
        .expect("JSON-LD block");
    let rest = &body[start..];
    let json = &rest[rest.find('>').unwrap() + 1..rest.find("</script>").unwrap()];
    serde_json::from_str(json).expect("valid JSON-LD")
}

#[tokio::test]
async fn the_faq_and_the_home_page_describe_their_questions_as_faq_page_data() {
    for app in TestApp::all().await {
        let faq = json_ld(&app.get("/faq").await.body);
        assert_eq!(faq["@context"], "https://schema.org");
        assert_eq!(faq["@type"], "FAQPage");
        let questions = faq["mainEntity"].as_array().unwrap();
        assert_eq!(questions.len(), 8);
        for q in questions {
            assert_eq!(q["@type"], "Question");
            assert!(!q["name"].as_str().unwrap().is_empty());
            assert_eq!(q["acceptedAnswer"]["@type"], "Answer");
            assert!(
                !q["acceptedAnswer"]["text"].as_str().unwrap().contains('{'),
                "placeholders filled: {q}"
            );
        }
        let home = json_ld(&app.get("/zh").await.body);
        assert_eq!(home["mainEntity"].as_array().unwrap().len(), 4);
        assert_eq!(home["mainEntity"][0]["name"], faq_question_zh(&app).await);
        assert!(!app
            .get("/about-us")
            .await
            .body
            .contains("application/ld+json"));
    }
}

/// The first question of the Chinese FAQ page, as JSON-LD there says it.
async fn faq_question_zh(app: &TestApp) -> serde_json::Value {
    json_ld(&app.get("/zh/faq").await.body)["mainEntity"][0]["name"].clone()
}
