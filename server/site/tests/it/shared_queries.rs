//! Shared pages and the query of their address: an ad's campaign parameters
//! are put back into the shared rendering's links exactly as a rendering of
//! its own would carry them, parameters no page reads change nothing, and a
//! parameter the page reads still gets a rendering of its own.
use crate::util::{TestApp, TestResponse};

/// The page with this response's own values (nonce, anti-CSRF token,
/// idempotency keys) replaced by marks, so two responses compare.
fn without_own_values(res: &TestResponse) -> String {
    let mut body = res.body.clone();
    for marker in [
        "nonce=\"",
        "name=\"csrf\" value=\"",
        "nonce-",
        "name=\"idempotencyKey\" value=\"",
        "&quot;idempotency_key&quot;:&quot;",
    ] {
        let mut out = String::with_capacity(body.len());
        let mut rest = body.as_str();
        while let Some(at) = rest.find(marker) {
            out.push_str(&rest[..at + marker.len()]);
            rest = &rest[at + marker.len()..];
            let end = rest.find(['"', '\'', '&']).unwrap_or(rest.len());
            out.push_str("OWN");
            rest = &rest[end..];
        }
        out.push_str(rest);
        body = out;
    }
    body
}

/// The two pages are the same but for their own values; else where they differ.
fn assert_same_page(a: &TestResponse, b: &TestResponse, what: &str) {
    let (a, b) = (without_own_values(a), without_own_values(b));
    if let Some(at) = a.bytes().zip(b.bytes()).position(|(x, y)| x != y) {
        let around = |s: &str| s[at.saturating_sub(120)..(at + 120).min(s.len())].to_owned();
        panic!("{what}: differ at {at}:\n{}\n{}", around(&a), around(&b));
    }
    assert_eq!(a.len(), b.len(), "{what}");
}

/// One visitor's anti-CSRF cookie, so their pages compare.
const CSRF: &str = "csrf=abababababababababababababababababababababababababababababababab";

/// The same visitor with a help chat: every page is rendered for them alone.
fn own_rendering() -> (&'static str, String) {
    let chat = format!("{}={}", app::model::chat::VISITOR_COOKIE, "c".repeat(64));
    ("cookie", format!("{CSRF}; {chat}"))
}

/// `uri` for the visitor of [`CSRF`], served from a kept rendering.
async fn without_a_render(app: &TestApp, uri: &str) -> TestResponse {
    let kept = app.state.page_cache.renders_kept();
    let res = app.get_with(uri, &[("cookie", CSRF)]).await;
    let what = format!("{:?} {uri}: no new render", app.backend);
    assert_eq!(app.state.page_cache.renders_kept(), kept, "{what}");
    res
}

#[tokio::test]
async fn an_ad_landing_shares_the_page_and_keeps_its_own_campaign_on_every_link() {
    for app in TestApp::all().await {
        let first = "/?gclid=abc%20d&x=1&utm_term=t%26u";
        let shared = app.get_with(first, &[("cookie", CSRF)]).await;
        assert_eq!(shared.status, 200, "{:?}", app.backend);
        assert!(
            shared.body.contains("gclid=abc%20d&amp;utm_term=t%26u"),
            "{:?}: links carry the campaign",
            app.backend
        );
        assert!(
            !shared.body.contains("x=1"),
            "a parameter no page reads is not carried"
        );
        let (name, value) = own_rendering();
        let own = app.get_with(first, &[(name, &value)]).await;
        let what = format!(
            "{:?}: the shared page is the page's own rendering",
            app.backend
        );
        assert_same_page(&shared, &own, &what);

        // Another click on the same ad: the kept rendering, its own campaign.
        let again = without_a_render(&app, "/?fbclid=Z9&utm_source=news").await;
        assert!(again.body.contains("fbclid=Z9&amp;utm_source=news"));
        assert!(
            !again.body.contains("gclid=abc"),
            "nothing of the first click"
        );
        let own = app
            .get_with("/?fbclid=Z9&utm_source=news", &[(name, &value)])
            .await;
        assert_same_page(&again, &own, "another click");

        // Markup in a campaign value stays text of the address.
        let hostile = app.get("/?utm_term=%22%3E%3Cb%3Ehi&gclid=%26amp%3B").await;
        assert!(hostile
            .body
            .contains("utm_term=%22%3E%3Cb%3Ehi&amp;gclid=%26amp%3B"));
        assert!(!hostile.body.contains("\"><b>hi"), "{:?}", app.backend);
    }
}

#[tokio::test]
async fn every_shared_page_with_a_campaign_is_its_own_rendering() {
    let app = TestApp::all().await.remove(0);
    let (name, value) = own_rendering();
    for path in [
        "/voice-sms",
        "/id/voice-sms",
        "/phone-locate",
        "/zh/telecom",
        "/about-us",
        "/privacy-policy",
        "/term-of-use",
        "/intellectual",
        "/cookie-policy",
        "/contact-us",
        "/id/faq",
        "/help",
        "/login",
        "/id/reset-password",
        "/cancel-subscription",
        "/zh/unsubscribe",
        "/do-not-locate",
        "/id/telecom/owner",
    ] {
        let address = format!("{path}?ttclid=T1&keyword=locate%20phone");
        let shared = app.get_with(&address, &[("cookie", CSRF)]).await;
        assert_eq!(shared.status, 200, "{path}");
        let own = app.get_with(&address, &[(name, &value)]).await;
        assert_same_page(&shared, &own, path);
        assert!(
            shared.body.contains("ttclid=T1&amp;keyword=locate%20phone"),
            "{path}"
        );
        // The same with the cookie settings reopened, the parameter first.
        let settings = format!("{path}?cookie_settings=on&ttclid=T1&keyword=locate%20phone");
        let shared = app.get_with(&settings, &[("cookie", CSRF)]).await;
        let own = app.get_with(&settings, &[(name, &value)]).await;
        assert_same_page(&shared, &own, &settings);
    }
}

#[tokio::test]
async fn parameters_no_page_reads_are_served_the_plain_page_and_read_ones_are_not() {
    for app in TestApp::all().await {
        let plain = app.get_with("/id/telecom", &[("cookie", CSRF)]).await;
        let odd = without_a_render(&app, "/id/telecom?x=1&ref=mail&gclid=").await;
        let kept = app.state.page_cache.renders_kept();
        assert_same_page(&odd, &plain, "an unread parameter");

        // The page reads `phone`: rendered for this address alone.
        let searched = app.get("/id/telecom?phone=81234567890&gclid=g1").await;
        assert_eq!(
            app.state.page_cache.renders_kept(),
            kept,
            "{:?}",
            app.backend
        );
        assert_eq!(searched.status, 200);
        assert!(searched.body.contains("81234567890") && searched.body.contains("gclid=g1"));

        // The footer's "Cookie settings" link keeps what the page reads and the
        // campaign, nothing else.
        let settings = app.get("/?cookie_settings=1&x=2&gclid=g2&phone=8").await;
        assert!(
            settings
                .body
                .contains("/?gclid=g2&amp;phone=8&amp;cookie_settings=1#cookie-consent"),
            "{:?}",
            app.backend
        );
        assert!(!settings.body.contains("x=2"));
    }
}

#[tokio::test]
async fn reopened_cookie_settings_share_a_rendering_per_choice_and_campaign() {
    for app in TestApp::all().await {
        let b = app.backend;
        let (name, own) = own_rendering();
        let chosen = "acceptCookie=necessary.analytics";
        for (cookies, first, again) in [
            (
                CSRF.to_owned(),
                "/id/telecom?cookie_settings=1",
                "/id/telecom?cookie_settings=yes&x=1",
            ),
            (
                format!("{CSRF}; {chosen}"),
                "/?gclid=g1&cookie_settings=1",
                "/?cookie_settings=&utm_term=t2",
            ),
        ] {
            let shared = app.get_with(first, &[("cookie", &cookies)]).await;
            assert_eq!(shared.status, 200, "{b:?} {first}");
            assert!(
                shared.body.contains("id=\"cookie-consent\""),
                "{b:?}: reopened"
            );
            let own_cookies = format!("{own}{}", cookies.trim_start_matches(CSRF));
            let alone = app.get_with(first, &[(name, &own_cookies)]).await;
            assert_same_page(&shared, &alone, &format!("{b:?} {first}"));

            // Another visitor with the same choice: the kept rendering, their campaign.
            let kept = app.state.page_cache.renders_kept();
            let next = app.get_with(again, &[("cookie", &cookies)]).await;
            assert_eq!(app.state.page_cache.renders_kept(), kept, "{b:?} {again}");
            let alone = app.get_with(again, &[(name, &own_cookies)]).await;
            assert_same_page(&next, &alone, &format!("{b:?} {again}"));
        }
        // The plain page is kept apart: no banner once a choice is made.
        let plain = app
            .get_with("/", &[("cookie", &format!("{CSRF}; {chosen}"))])
            .await;
        assert!(!plain.body.contains("id=\"cookie-consent\""), "{b:?}");
    }
}

#[tokio::test]
async fn a_form_outcome_named_by_its_exact_pair_shares_a_rendering() {
    for app in TestApp::all().await {
        let b = app.backend;
        let (name, own) = own_rendering();
        for (first, again) in [
            ("/contact-us?sent=1", "/contact-us?sent=1&x=3"),
            (
                "/login?gclid=g1&redirect=billing&reason=invalid",
                "/login?utm_term=t2&redirect=billing&reason=invalid",
            ),
            ("/id/login?reset=1", "/id/login?reset=1"),
        ] {
            let shared = app.get_with(first, &[("cookie", CSRF)]).await;
            assert_eq!(shared.status, 200, "{b:?} {first}");
            let alone = app.get_with(first, &[(name, &own)]).await;
            assert_same_page(&shared, &alone, &format!("{b:?} {first}"));
            let next = without_a_render(&app, again).await;
            let alone = app.get_with(again, &[(name, &own)]).await;
            assert_same_page(&next, &alone, &format!("{b:?} {again}"));
        }
        let sent = app
            .get_with("/contact-us?sent=1", &[("cookie", CSRF)])
            .await;
        let notice = app::i18n::t(app::i18n::Locale::En, app::i18n::Key::ContactFormSent);
        assert!(sent.body.contains(notice), "{b:?}: the notice is shown");
        let login = app.get_with(
            "/login?redirect=billing&reason=invalid",
            &[("cookie", CSRF)],
        );
        assert!(login.await.body.contains("value=\"billing\""), "{b:?}");

        // Another value, a repeated pair or a campaign after the pair: rendered alone.
        for address in [
            "/contact-us?sent=2",
            "/contact-us?sent=1&sent=1",
            "/contact-us?sent=1&gclid=g3",
        ] {
            let kept = app.state.page_cache.renders_kept();
            let res = app.get_with(address, &[("cookie", CSRF)]).await;
            assert_eq!(app.state.page_cache.renders_kept(), kept, "{b:?} {address}");
            let alone = app.get_with(address, &[(name, &own)]).await;
            assert_same_page(&res, &alone, &format!("{b:?} {address}"));
        }
    }
}

#[tokio::test]
async fn every_shared_page_with_each_shared_pair_is_its_own_rendering() {
    let app = TestApp::all().await.remove(0);
    let (name, value) = own_rendering();
    for path in [
        "/",
        "/id/voice-sms",
        "/telecom",
        "/contact-us",
        "/zh/login",
        "/help",
    ] {
        for (k, v) in app::page_query::SHARED_PAIRS {
            let address = format!("{path}?gclid=G1&{k}={v}");
            let shared = app.get_with(&address, &[("cookie", CSRF)]).await;
            assert_eq!(shared.status, 200, "{address}");
            let own = app.get_with(&address, &[(name, &value)]).await;
            assert_same_page(&shared, &own, &address);
        }
    }
}
