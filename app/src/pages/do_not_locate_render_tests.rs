//! Server-side render tests of `/do-not-locate`: a number's owner asks for a
//! code, confirms it, and the page says the number is off the list, all
//! with plain forms.
use super::render_harness::{assert_has, id, render, FakeApi, Request, CSRF};
use crate::i18n::Key;
use crate::pages::DoNotLocatePage;
use leptos::prelude::*;

#[test]
fn do_not_locate_sends_a_code_then_confirms() {
    let api = FakeApi::default();
    let html = render(
        "/id/do-not-locate",
        &api,
        Request::default(),
        || view! { <DoNotLocatePage/> },
    );
    assert_has(
        &html,
        &[
            id(Key::TitleDoNotLocate),
            r#"action="/id/do-not-locate""#,
            r#"name="form" value="dnl_code""#,
            &format!(r#"name="csrf" value="{CSRF}""#),
            r#"name="country""#,
            r#"id="dnl-phone""#,
            r#"id="dnl-send-code""#,
        ],
    );
    assert!(!html.contains(r#"name="code""#) && !html.contains(id(Key::DnlDone)));
    let html = render(
        "/id/do-not-locate?sent=1&country=ID&phone=0812%203456",
        &api,
        Request::default(),
        || {
            view! { <DoNotLocatePage/> }
        },
    );
    assert_has(
        &html,
        &[
            r#"name="form" value="dnl_confirm""#,
            r#"id="dnl-code""#,
            r#"name="code""#,
            r#"value="0812 3456""#,
            r#"id="dnl-confirm""#,
            id(Key::DnlCodeSent),
        ],
    );
    let html = render(
        "/id/do-not-locate?done=1",
        &api,
        Request::default(),
        || view! { <DoNotLocatePage/> },
    );
    assert_has(&html, &[r#"id="dnl-done""#, id(Key::DnlDone)]);
    assert!(!html.contains("<form"));
    assert!(api.paths().is_empty(), "the page itself calls no API");
}
