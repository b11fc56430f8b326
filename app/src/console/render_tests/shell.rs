//! What every page of a signed-in console shares: the nav bar, Sign out
//! and the notice after a post.
use super::customers::detail;
use super::{assert_has, doc, html, section};
use crate::console::{ConsoleData, ConsolePage};
use crate::i18n::{t, Key, Locale};
use crate::model::console::StaffRole;

#[test]
fn the_nav_bar_names_who_is_signed_in_their_role_and_the_current_section() {
    let page = html(doc(
        Locale::Zh,
        ConsolePage::Chat(3),
        Some(StaffRole::Admin),
        ConsoleData::Nothing,
    ));
    let nav = section(&page, r#"class="console-nav""#, "</nav>");
    assert_has(
        nav,
        &[
            r#"href="/zh/admin""#,
            r#"href="/zh/admin/abuse""#,
            r#"href="/zh/admin/audit""#,
        ],
    );
    assert_has(
        nav,
        &[
            r#"<a href="/zh/admin/chats" aria-current="page">"#,
            t(Locale::Zh, Key::AdmNavChats),
        ],
    );
    assert_has(
        &page,
        &[
            "agent@cooltracker.example",
            t(Locale::Zh, Key::AdmRoleAdmin),
        ],
    );
    let sign_out = section(
        &page,
        r#"<form method="post" action="/zh/admin/chats/3" class="console-sign-out""#,
        "</form>",
    );
    assert_has(
        sign_out,
        &[
            r#"name="form" value="sign_out""#,
            r#"name="csrf""#,
            t(Locale::Zh, Key::AdmSignOut),
        ],
    );
}

#[test]
fn a_notice_after_a_post_is_announced() {
    let mut done = doc(
        Locale::Zh,
        ConsolePage::Customer(42),
        Some(StaffRole::Support),
        detail(false),
    );
    done.notice = crate::console::notice_of("refund");
    assert_has(
        &html(done),
        &[r#"role="status""#, t(Locale::Zh, Key::AdmDoneRefund)],
    );
}

#[test]
fn the_bar_carries_the_mark_beside_the_console_name() {
    let page = html(doc(
        Locale::Id,
        ConsolePage::Customers,
        Some(StaffRole::Admin),
        ConsoleData::Nothing,
    ));
    let brand = section(&page, r#"class="console-brand""#, "</p>");
    assert_has(
        brand,
        &[r#"class="brand-mark""#, t(Locale::Id, Key::AdmTitle)],
    );
}
