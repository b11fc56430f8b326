//! The header for members and visitors, and the site routing account pages.
use super::{assert_has, id, member, render, Request};
use crate::components::Header;
use crate::i18n::Key;
use crate::routes::Page;
use leptos::prelude::*;

#[test]
fn header_shows_the_signed_in_member() {
    let html = render(
        "/id",
        Request {
            viewer: Some(member()),
            ..Request::default()
        },
        || view! { <Header page=Page::Home/> },
    );
    assert_has(
        &html,
        &[
            "member@mail.com",
            r#"href="/id/dashboard/locations""#,
            r#"href="/id/dashboard/account""#,
            id(Key::NavMyRequests),
            id(Key::NavAccount),
        ],
    );
    assert!(
        !html.contains(r#"href="/id/login""#),
        "members get no login link: {html}"
    );
}

#[test]
fn header_offers_visitors_the_login_page_of_their_locale() {
    let html = render(
        "/id",
        Request::default(),
        || view! { <Header page=Page::Home/> },
    );
    assert_has(&html, &[r#"href="/id/login""#, id(Key::NavLogin)]);
    assert!(!html.contains(r#"href="/id/dashboard/account""#));
}

#[test]
fn the_site_dispatches_account_pages_and_mounts_the_islands() {
    let html = render(
        "/id/login?redirect=billing",
        Request::default(),
        || view! { <crate::app::App/> },
    );
    assert_has(
        &html,
        &[
            r#"name="form" value="login""#,
            // Island names carry a hash suffix; the csrf reaches the dialog as a prop.
            r#"data-component="DialogLayer_"#,
            r#"data-component="AuthFormGuard_"#,
            r#"&quot;csrf&quot;:&quot;csrf-token-123&quot;"#,
        ],
    );
    let html = render(
        "/id/dashboard/account",
        Request {
            viewer: Some(member()),
            ..Request::default()
        },
        || {
            view! { <crate::app::App/> }
        },
    );
    assert_has(
        &html,
        &[r#"name="form" value="change_password""#, "member@mail.com"],
    );
}
