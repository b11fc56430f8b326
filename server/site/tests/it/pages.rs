//! Server-rendered pages: routes, locales, redirects, 404s and head metadata.
use crate::util::TestApp;

/// Every route a visitor can open (members' pages redirect; see accounts tests).
const ROUTES: [&str; 21] = [
    "",
    "voice-sms",
    "telecom",
    "phone-locate",
    "about-us",
    "privacy-policy",
    "term-of-use",
    "intellectual",
    "cookie-policy",
    "contact-us",
    "faq",
    "help",
    "cancel-subscription",
    "pay-method",
    "pay-result",
    "reveal-location",
    "unsubscribe",
    "404",
    "login",
    "reset-password",
    "reset-code",
];

fn path(prefix: &str, slug: &str) -> String {
    match (prefix, slug) {
        ("", "") => "/".into(),
        (p, "") => p.into(),
        (p, s) => format!("{p}/{s}"),
    }
}

#[tokio::test]
async fn every_route_renders_in_every_locale_with_lang_title_and_alternates() {
    for app in TestApp::all().await {
        for (prefix, lang) in [("", "en"), ("/id", "id"), ("/zh", "zh-Hans")] {
            for slug in ROUTES {
                let uri = path(prefix, slug);
                let res = app.get(&uri).await;
                let expected = if slug == "404" { 404 } else { 200 };
                assert_eq!(res.status, expected, "{:?} {uri}", app.backend);
                assert!(
                    res.body.contains(&format!(r#"<html lang="{lang}""#)),
                    "{uri}: html lang"
                );
                assert!(res.body.contains("<title>"), "{uri}: title");
                assert!(
                    res.body.contains(r#"<meta name="description""#),
                    "{uri}: description"
                );
                for alt in ["en", "id", "zh-Hans", "x-default"] {
                    assert!(
                        res.body.contains(&format!(r#"hreflang="{alt}""#)),
                        "{uri}: hreflang {alt}"
                    );
                }
            }
        }
    }
}

#[tokio::test]
async fn titles_and_descriptions_are_localized() {
    for app in TestApp::all().await {
        let en = app.get("/voice-sms").await.body;
        let id = app.get("/id/voice-sms").await.body;
        let zh = app.get("/zh/voice-sms").await.body;
        assert!(en.contains("<title>Send an anonymous voice message | Cool Tracker</title>"));
        assert!(id.contains("<title>Kirim pesan suara anonim | Cool Tracker</title>"));
        assert!(zh.contains("<title>发送匿名语音留言 | Cool Tracker</title>"));
        assert!(
            id.contains(r#"href="https://ct.test/zh/voice-sms""#),
            "absolute alternates"
        );
    }
}

#[tokio::test]
async fn site_chrome_everywhere_but_the_reveal_view_which_has_its_own_header() {
    for app in TestApp::all().await {
        for uri in ["/", "/faq", "/id/telecom", "/404", "/nope"] {
            let body = app.get(uri).await.body;
            assert!(body.contains("<header"), "{uri}");
            assert!(body.contains("<footer"), "{uri}");
        }
        for uri in [
            "/reveal-location",
            "/id/reveal-location",
            "/zh/reveal-location",
        ] {
            let body = app.get(uri).await.body;
            assert!(body.contains(r#"<header class="reveal-header""#), "{uri}");
            assert!(body.contains(r#"class="brand-mark""#), "{uri}");
            assert!(!body.contains("site-menu"), "{uri}");
            assert!(!body.contains("<footer"), "{uri}");
        }
        let body = app.get("/reveal-location").await.body;
        assert!(
            body.contains("Geographic location not found"),
            "no position without consent"
        );
        assert!(app
            .get("/id/reveal-location")
            .await
            .body
            .contains("Lokasi geografis tidak ditemukan"));
    }
}

#[tokio::test]
async fn unknown_routes_answer_404_with_the_spec_texts_in_their_locale() {
    for app in TestApp::all().await {
        let res = app.get("/no-such-page").await;
        assert_eq!(res.status, 404);
        assert!(res.body.contains("This page could not be found"));
        assert!(res
            .body
            .contains("The page you were looking for cannot be located."));
        assert!(res.body.contains(">BACK<"));
        let res = app.get("/id/no-such-page").await;
        assert_eq!(res.status, 404);
        assert!(res.body.contains("Halaman ini tidak dapat ditemukan"));
        assert!(res.body.contains(r#"<html lang="id""#));
        let res = app.get("/404").await;
        assert_eq!(
            res.status, 404,
            "/404 shows the page and says so in its status"
        );
        assert!(res
            .body
            .contains("The page you were looking for cannot be located."));
    }
}

#[tokio::test]
async fn locale_with_trailing_slash_redirects_permanently_keeping_the_query() {
    for app in TestApp::all().await {
        let res = app.get("/id/?utm_source=x&gclid=1").await;
        assert_eq!(res.status, 301);
        assert_eq!(res.header("location"), Some("/id?utm_source=x&gclid=1"));
        let res = app.get("/zh/").await;
        assert_eq!(res.status, 301);
        assert_eq!(res.header("location"), Some("/zh"));
    }
}

#[tokio::test]
async fn unsupported_or_missing_locale_prefix_falls_back_to_english() {
    for app in TestApp::all().await {
        for uri in ["/fr/faq", "/pt-BR/faq", "/faq"] {
            let res = app.get(uri).await;
            assert_eq!(res.status, 200, "{uri}");
            assert!(res.body.contains(r#"<html lang="en""#), "{uri}");
            assert!(res.body.contains("Frequently asked questions"), "{uri}");
        }
    }
}

#[tokio::test]
async fn home_shows_the_trial_price_from_the_database_split_in_parts() {
    for app in TestApp::all().await {
        // An Indonesian number searched: its country's price.
        let id = app.get("/id?country=ID&phone=081234567890").await.body;
        assert!(
            id.contains("<span class=\"price-symbol\">Rp\u{a0}</span>"),
            "{id}"
        );
        assert!(id.contains(r#"<span class="price-integer">300</span>"#));
        assert!(
            id.contains("Rp\u{a0}190.000 per bulan"),
            "renewal terms stated plainly"
        );
        let en = app.get("/").await.body;
        assert!(en.contains(r#"<span class="price-integer">0</span>"#));
        assert!(en.contains(r#"<span class="price-decimal">.99</span>"#));
        assert!(en.contains("$29.99 per month"));
        // The page's language decides no price: a visitor without an
        // address on the Indonesian site pays the default country's.
        let plain = app.get("/id").await.body;
        assert!(plain.contains("$29,99 per bulan"), "{plain}");
    }
}

#[tokio::test]
async fn home_has_a_no_javascript_country_picker_with_every_calling_code() {
    for app in TestApp::all().await {
        let body = app.get("/id").await.body;
        assert!(body.contains(r#"<select id="country" name="country""#));
        let options = body.matches("<option").count();
        assert!(options >= 240, "{options} options");
        assert!(
            body.contains("Amerika Serikat (+1)"),
            "names in the page's language"
        );
        assert!(
            body.contains(r#"value="ID" selected"#),
            "Indonesia preselected on /id"
        );
        let zh = app.get("/zh?country=PH&phone=0917").await.body;
        assert!(
            zh.contains(r#"value="PH" selected"#),
            "the submitted country is kept"
        );
        assert!(zh.contains(r#"value="0917""#), "the typed number is kept");
        assert!(zh.contains("菲律宾 (+63)"));
    }
}

#[tokio::test]
async fn a_search_without_javascript_renders_the_located_rows_or_the_message() {
    for app in TestApp::all().await {
        let body = app.get("/id?country=ID&phone=0812-3456-7890").await.body;
        assert!(body.contains("Telkomsel"), "carrier row");
        assert!(
            body.contains("Waktu Indonesia Barat (UTC+7)"),
            "time zone row, as people say it"
        );
        assert!(
            body.contains("Hanya jika pemiliknya membagikan"),
            "the location row says it needs the owner's consent"
        );
        assert!(body.contains("Nomor valid: kami dapat bertanya kepada pemiliknya"));
        assert!(
            !body.contains("Ditemukan"),
            "nothing claims the phone was found"
        );
        assert!(
            tag_of(&body, "locating-status").contains("hidden"),
            "final state: numbering-plan line hidden"
        );
        assert!(
            !tag_of(&body, "locating-done").contains("hidden"),
            "final state: offer shown"
        );
        assert!(
            body.contains("/id/pay-method?country=ID&amp;phone=%2B6281234567890"),
            "the offer keeps the searched number"
        );
        // The search island's answer goes with the page: its hydration reads it.
        assert!(body.contains("__RESOLVED_RESOURCES[0] = \"{\\\"answer\\\""));
        let body = app.get("/?country=US&phone=12").await.body;
        assert!(body.contains("Please enter the correct number"));
        assert!(!body.contains("Valid number: we can ask its owner"));
    }
}

#[tokio::test]
async fn the_phone_locate_page_answers_the_questions_in_every_locale() {
    for app in TestApp::all().await {
        assert!(app
            .get("/phone-locate")
            .await
            .body
            .contains("Can the owner say no?"));
        assert!(app
            .get("/id/phone-locate")
            .await
            .body
            .contains("Bisakah pemiliknya menolak?"));
        assert!(app
            .get("/zh/phone-locate")
            .await
            .body
            .contains("机主可以拒绝吗？"));
    }
}

/// The opening tag of the element whose attributes contain `marker`.
fn tag_of<'a>(body: &'a str, marker: &str) -> &'a str {
    let at = body
        .find(marker)
        .unwrap_or_else(|| panic!("{marker} not in page"));
    let start = body[..at].rfind('<').expect("tag start");
    let end = at + body[at..].find('>').expect("tag end");
    &body[start..=end]
}

#[tokio::test]
async fn text_pages_have_real_content_in_every_locale() {
    let app = TestApp::all().await.remove(0);
    let email = app.state.config.support_email.clone();
    for prefix in ["", "/id", "/zh"] {
        for slug in [
            "about-us",
            "privacy-policy",
            "term-of-use",
            "intellectual",
            "cookie-policy",
            "contact-us",
            "faq",
            "help",
            "unsubscribe",
        ] {
            let uri = path(prefix, slug);
            let body = app.get(&uri).await.body;
            assert!(body.matches("<h2").count() >= 1, "{uri}: sections");
            assert!(
                !body.contains("{site}")
                    && !body.contains("{email}")
                    && !body.contains("{operator}"),
                "{uri}: placeholders filled"
            );
            assert!(
                !body.contains("being prepared"),
                "{uri}: no placeholder page"
            );
            if ["about-us", "privacy-policy", "contact-us"].contains(&slug) {
                assert!(body.contains(&email), "{uri}: the support address");
            }
        }
    }
    let en = app.get("/privacy-policy").await.body;
    assert!(
        en.contains("30 days after it was shared"),
        "retention stated"
    );
    assert!(
        app.get("/id/privacy-policy")
            .await
            .body
            .contains("30 hari setelah dibagikan"),
        "Indonesian text"
    );
    assert!(
        app.get("/zh/privacy-policy")
            .await
            .body
            .contains("分享 30 天后删除"),
        "Chinese text"
    );
    assert!(app
        .get("/contact-us")
        .await
        .body
        .contains(&format!("mailto:{email}")));
}

/// Every page with the site's header carries the mark beside the name, and
/// the home page draws the consent flow above its steps — inline, light and
/// hidden from screen readers (the steps say it in words).
#[tokio::test]
async fn the_mark_in_the_header_and_the_consent_flow_drawn_on_home() {
    for app in TestApp::all().await {
        for uri in ["/", "/id", "/zh", "/faq"] {
            let body = app.get(uri).await.body;
            let header = &body[body.find("<header").expect("header")..];
            let brand = &header[..header.find("</a>").expect("brand link")];
            assert!(brand.contains(r#"class="brand-mark""#), "{uri}: {brand}");
        }
        for uri in ["/", "/id", "/zh"] {
            let body = app.get(uri).await.body;
            let class_at = body.find(r#"class="flow-art""#).expect("the flow");
            let start = body[..class_at].rfind("<svg").expect("its svg");
            let art = &body[start..start + body[start..].find("</svg>").expect("end")];
            assert!(art.contains(r#"aria-hidden="true""#), "{uri}");
            assert!(art.len() < 3_000, "{uri}: {} bytes", art.len());
            let steps = body.find(r#"id="home-steps-heading""#).expect("steps");
            assert!(steps < start, "{uri}: under the steps' heading");
        }
    }
}
