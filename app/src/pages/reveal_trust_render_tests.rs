//! Server-side render tests of what makes the owner's page trustworthy: who
//! we are, what sharing sends and for how long, and a heading that names the
//! state.
use super::render_harness::{assert_has, id, render, FakeApi, Request};
use crate::i18n::{t, Key, Locale};
use crate::pages::RevealLocationPage;
use crate::routes::{href, Page};
use leptos::prelude::*;

fn render_in(locale: Locale, obj: serde_json::Value) -> String {
    let api = FakeApi::default().on(
        "GET",
        "/reveal/tok-1",
        serde_json::json!({"success": 1, "msg": "", "obj": obj}),
    );
    let url = format!("{}?t=tok-1", href(locale, Page::RevealLocation));
    render(
        &url,
        &api,
        Request {
            locale: Some(locale),
            ..Request::default()
        },
        || view! { <RevealLocationPage/> },
    )
}

fn pending() -> serde_json::Value {
    serde_json::json!({
        "state": "pending", "note": "worried", "phone": "+62 812-3456-7890",
        "expiresAt": 1_700_086_400_000_i64, "shared": null, "retentionDays": 30
    })
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;")
}

/// A stranger's first sight of us: the mark and the name, who we are with
/// about and privacy one tap away, and exactly what sharing sends, who sees
/// it and how long it is kept — in every language.
#[test]
fn pending_says_who_we_are_and_what_sharing_sends_in_every_language() {
    for locale in Locale::ALL {
        let html = render_in(locale, pending());
        let tx = |key| escape(t(locale, key));
        assert_has(
            &html,
            &[
                r#"class="reveal-header""#,
                r#"class="brand-mark""#,
                &tx(Key::SiteName),
                &tx(Key::RevealService).replace("{site}", t(locale, Key::SiteName)),
                &format!(r#"href="{}""#, href(locale, Page::AboutUs)),
                &format!(r#"href="{}""#, href(locale, Page::PrivacyPolicy)),
                &tx(Key::RevealWhatTitle),
                &tx(Key::RevealWhatPosition),
                &tx(Key::RevealWhatWho),
                &tx(Key::RevealWhatKeep).replace("{days}", "30"),
                &tx(Key::RevealWhatDecline),
                &tx(Key::LocateReasonWorried),
            ],
        );
        // Who asks and why comes before the answers.
        let asked = html.find(r#"class="reveal-note""#).expect("reason");
        assert!(
            asked < html.find(r#"id="reveal-share""#).expect("share"),
            "{locale:?}"
        );
    }
}

/// Before the browser names its own zone, the owner reads the times in their
/// number's zone, named by its offset (and the machine-readable UTC moment).
#[test]
fn times_show_in_the_number_s_zone_until_the_browser_s_replaces_them() {
    let mut obj = pending();
    obj["utcOffsetMin"] = 420.into();
    let html = render_in(Locale::En, obj);
    assert_has(
        &html,
        &[
            r#"<time datetime="2023-11-15T22:13Z">2023-11-16 05:13 UTC+7"#,
            "This link works until ",
        ],
    );
    let html = render_in(Locale::En, pending());
    assert_has(
        &html,
        &[r#"<time datetime="2023-11-15T22:13Z">2023-11-15 22:13 UTC"#],
    );
}

#[test]
fn gone_and_missing_links_show_that_nothing_was_shared() {
    let html = render_in(
        Locale::Id,
        serde_json::json!({"state": "gone", "note": "", "phone": "", "expiresAt": 0, "shared": null}),
    );
    assert_has(
        &html,
        &[
            r#"data-reveal-state="gone""#,
            id(Key::RevealGone),
            &format!("<h1>{}</h1>", id(Key::RevealHeadingGone)),
        ],
    );
    assert!(!html.contains("<form") && !html.contains("map-view"));
    let api = FakeApi::default();
    let html = render(
        "/id/reveal-location",
        &api,
        Request::default(),
        || view! { <RevealLocationPage/> },
    );
    assert_has(&html, &[r#"data-reveal-state="gone""#, id(Key::RevealGone)]);
    assert!(api.paths().is_empty(), "no token, no call");
}
