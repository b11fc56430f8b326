//! Server-side render tests of the owner's page, `/reveal-location?t=…`, in
//! every state and every language: pending (the request and three answers),
//! and after each decision (the decision, what was shared, when it is
//! deleted, and only the actions still open).
use super::render_harness::{assert_has, id, render, section, FakeApi, Request};
use crate::i18n::{t, Key, Locale};
use crate::model::reason::LocateReason;
use crate::pages::RevealLocationPage;
use leptos::prelude::*;

const CSRF: &str = "csrf-token-123";
const DECIDED: i64 = 1_700_000_000_000;
const DELETE: i64 = 1_700_604_800_000;

fn reveal_api(obj: serde_json::Value) -> FakeApi {
    FakeApi::default().on(
        "GET",
        "/reveal/tok-1",
        serde_json::json!({"success": 1, "msg": "", "obj": obj}),
    )
}

fn view_json(state: &str) -> serde_json::Value {
    serde_json::json!({
        "state": state, "note": "worried", "phone": "+62 812-3456-7890",
        "expiresAt": 1_700_086_400_000_i64, "shared": null, "retentionDays": 30
    })
}

fn render_in(locale: Locale, api: &FakeApi) -> String {
    let prefix = match locale {
        Locale::En => "",
        Locale::Id => "/id",
        Locale::Zh => "/zh",
    };
    let url = format!("{prefix}/reveal-location?t=tok-1");
    render(
        &url,
        api,
        Request {
            locale: Some(locale),
            ..Request::default()
        },
        || view! { <RevealLocationPage/> },
    )
}

#[test]
fn reveal_pending_asks_and_offers_three_answers() {
    let api = reveal_api(view_json("pending"));
    let html = render(
        "/id/reveal-location?t=tok-1",
        &api,
        Request::default(),
        || view! { <RevealLocationPage/> },
    );
    assert_has(
        &html,
        &[
            r#"data-reveal-state="pending""#,
            id(Key::RevealAsked),
            "+62 812-3456-7890",
            id(Key::LocateReasonWorried),
            "2023-11-15 22:13 UTC",
            r#"id="reveal-share""#,
            id(Key::RevealShare),
            r#"id="share-mode-approximate""#,
            r#"id="share-mode-live_8h""#,
            id(Key::ShareModeLive1h),
            id(Key::ShareApproximateHint),
            id(Key::RevealNeedsJs),
            r#"id="reveal-decline""#,
            r#"id="reveal-block""#,
            id(Key::RevealBlock),
            r#"name="form" value="reveal""#,
            r#"name="t" value="tok-1""#,
            r#"name="decision" value="decline""#,
            r#"name="decision" value="block""#,
            &format!(r#"name="csrf" value="{CSRF}""#),
            r#"action="/id/reveal-location?t=tok-1""#,
            r#"data-component="RevealChoice_"#,
            &format!("<h1>{}</h1>", id(Key::TitleRevealLocation)),
            r#"href="/reveal-location?t=tok-1""#,
            r#"href="/zh/reveal-location?t=tok-1""#,
            r#"href="/id/do-not-locate""#,
            id(Key::RevealNever),
        ],
    );
    assert_eq!(html.matches("<h1").count(), 1, "one heading");
    let share = section(&html, r#"id="reveal-share""#, ">");
    assert!(
        share.contains("disabled"),
        "Share once needs JavaScript: {share}"
    );
    assert!(!html.contains("located-position"), "nothing shared yet");
    assert_eq!(api.paths(), ["/api_f/v1/reveal/tok-1"]);
    assert_eq!(
        api.seen.lock().unwrap()[0].token,
        None,
        "the owner has no session"
    );
}

#[test]
fn each_reason_shows_in_each_language_and_free_text_never() {
    for locale in Locale::ALL {
        for reason in LocateReason::ALL {
            let mut obj = view_json("pending");
            obj["note"] = reason.code().into();
            let html = render_in(locale, &reveal_api(obj));
            let note = section(&html, r#"class="reveal-note""#, "</dd>");
            assert!(
                note.contains(&escape(t(locale, reason.key()))),
                "{locale:?} {reason:?}: {note}"
            );
        }
        // A stored note from before reasons existed is never shown.
        let mut obj = view_json("pending");
        obj["note"] = "visit evil[.]com <b>".into();
        let html = render_in(locale, &reveal_api(obj));
        assert!(!html.contains("evil"), "{locale:?}");
        assert!(
            html.contains(&escape(t(locale, Key::LocateReasonNone))),
            "{locale:?}"
        );
    }
}

/// The words of a timed sentence before its `{time}` (the time itself is a
/// `<time>` the browser rewrites into its own zone).
fn timed(sentence: &str) -> &str {
    sentence.split("{time}").next().unwrap_or(sentence)
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;")
}

/// The shared page on a later visit: when, how precise, deleted when, and
/// "Stop sharing" and "Block" — but never the coordinates again.
#[test]
fn shared_later_visit_shows_what_was_shared_and_the_open_actions_in_every_language() {
    for locale in Locale::ALL {
        let mut obj = view_json("shared");
        obj["decidedAt"] = DECIDED.into();
        obj["sharedAt"] = DECIDED.into();
        obj["sharedAccuracyM"] = 24.6.into();
        obj["deleteAfter"] = DELETE.into();
        obj["canStopSharing"] = true.into();
        obj["canBlock"] = true.into();
        let html = render_in(locale, &reveal_api(obj));
        let tx = |key| escape(t(locale, key));
        assert_has(
            &html,
            &[
                r#"data-reveal-state="shared""#,
                &format!("<h1>{}</h1>", tx(Key::RevealHeadingShared)),
                timed(&tx(Key::RevealDecisionShared)),
                r#"<time datetime="2023-11-14T22:13Z">2023-11-14 22:13 UTC"#,
                &tx(Key::RevealSharedAccuracy).replace("{meters}", "25"),
                timed(&tx(Key::RevealDeleteAfter)),
                "2023-11-21 22:13 UTC",
                r#"id="reveal-stop-sharing""#,
                &tx(Key::RevealStopSharing),
                r#"name="decision" value="stop_sharing""#,
                r#"id="reveal-block-future""#,
                &tx(Key::RevealBlockFuture),
                r#"name="decision" value="block""#,
                &format!(r#"name="csrf" value="{CSRF}""#),
                r#"data-component="RevealAfter_"#,
            ],
        );
        for absent in [
            r#"id="reveal-share""#,
            r#"id="reveal-decline""#,
            r#"id="reveal-block""#,
            "located-position",
            &tx(Key::TitleRevealLocation),
        ] {
            assert!(!html.contains(absent), "{locale:?}: {absent}");
        }
        assert!(
            !html.contains(&tx(Key::GeoNotFound)),
            "{locale:?}: no 'location not found' after sharing"
        );
    }
}

#[test]
fn the_answer_to_sharing_shows_the_position_once() {
    let mut obj = view_json("shared");
    obj["shared"] = serde_json::json!({"lat": 1.5, "lng": 103.25, "accuracy": null});
    let html = render_in(Locale::Id, &reveal_api(obj));
    assert_has(
        &html,
        &[
            r#"data-reveal-state="shared""#,
            id(Key::RevealShared),
            r#"data-lat="1.5""#,
            "map-view",
            &format!("<h1>{}</h1>", id(Key::RevealHeadingShared)),
        ],
    );
    // "Not shown again" follows the map it speaks of.
    let map = html.find("map-view").expect("map");
    let once = html
        .find(id(Key::RevealNotShownAgain))
        .expect("not shown again");
    assert!(map < once, "the map first, then that it is shown only now");
    assert!(!html.contains(r#"id="reveal-share""#) && !html.contains(r#"id="reveal-decline""#));
}

/// After stopping: deleted, number blocked, nothing left to do.
#[test]
fn stopped_and_blocked_show_no_actions_in_every_language() {
    for locale in Locale::ALL {
        let mut obj = view_json("shared");
        obj["decidedAt"] = DECIDED.into();
        obj["numberBlocked"] = true.into();
        let html = render_in(locale, &reveal_api(obj));
        let tx = |key| escape(t(locale, key));
        assert_has(
            &html,
            &[&tx(Key::RevealDeleted), &tx(Key::RevealNumberBlocked)],
        );
        for absent in [
            "reveal-stop-sharing",
            "reveal-block-future",
            "reveal-share",
            "<form",
        ] {
            assert!(!html.contains(absent), "{locale:?}: {absent}");
        }
    }
}

#[test]
fn declined_offers_block_and_blocked_offers_nothing_in_every_language() {
    for locale in Locale::ALL {
        let mut obj = view_json("declined");
        obj["decidedAt"] = DECIDED.into();
        obj["canBlock"] = true.into();
        let html = render_in(locale, &reveal_api(obj));
        let tx = |key| escape(t(locale, key));
        let declined = tx(Key::RevealDecisionDeclined);
        let declined = format!("{}<time", timed(&declined));
        assert_has(
            &html,
            &[
                r#"data-reveal-state="declined""#,
                &format!("<h1>{}</h1>", tx(Key::RevealHeadingDeclined)),
                &declined,
                r#"id="reveal-block-future""#,
            ],
        );
        for absent in [
            "reveal-stop-sharing",
            r#"id="reveal-decline""#,
            "map-view",
            &tx(Key::RevealDeleted),
        ] {
            assert!(!html.contains(absent), "{locale:?}: {absent}");
        }
        let mut obj = view_json("blocked");
        obj["decidedAt"] = DECIDED.into();
        obj["numberBlocked"] = true.into();
        let html = render_in(locale, &reveal_api(obj));
        let blocked = tx(Key::RevealDecisionBlocked);
        let blocked = format!("{}<time", timed(&blocked));
        assert_has(
            &html,
            &[
                r#"data-reveal-state="blocked""#,
                &format!("<h1>{}</h1>", tx(Key::RevealHeadingBlocked)),
                &blocked,
                r#"href="#,
            ],
        );
        for absent in [
            "reveal-stop-sharing",
            "reveal-block-future",
            "<form",
            "map-view",
        ] {
            assert!(!html.contains(absent), "{locale:?}: {absent}");
        }
    }
}
