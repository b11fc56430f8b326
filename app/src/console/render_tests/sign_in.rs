//! The sign-in page: the console's own document and a labelled form.
use super::{assert_has, doc, html, section};
use crate::console::{ConsoleData, ConsolePage};
use crate::i18n::{t, Key, Locale};

#[test]
fn sign_in_is_a_console_document_without_customer_chrome() {
    let page = html(doc(
        Locale::Id,
        ConsolePage::SignIn,
        None,
        ConsoleData::Nothing,
    ));
    assert_has(
        &page,
        &[
            r#"<html lang="id""#,
            r#"<meta name="robots" content="noindex, nofollow""#,
            r#"href="/pkg/app.css""#,
        ],
    );
    assert_has(
        &page,
        &[
            r##"<a href="#main" class="skip-link">"##,
            t(Locale::Id, Key::SkipToContent),
            r#"<main id="main""#,
        ],
    );
    assert!(
        !page.contains("<script"),
        "the console needs no script: {page}"
    );
    assert!(!page.contains("console-nav"), "nobody is signed in yet");
    assert!(
        !page.contains("site-header")
            && !page.contains("chat-launcher")
            && !page.contains("consent"),
        "{page}"
    );
}

#[test]
fn sign_in_is_a_labelled_form_with_a_one_time_code() {
    let page = html(doc(
        Locale::Id,
        ConsolePage::SignIn,
        None,
        ConsoleData::Nothing,
    ));
    let form = section(
        &page,
        r#"<form method="post" action="/id/admin/sign-in""#,
        "</form>",
    );
    assert_has(
        form,
        &[
            r#"name="csrf" value="csrf-token-123""#,
            r#"name="form" value="sign_in""#,
        ],
    );
    for (id, name) in [
        ("staff-email", "email"),
        ("staff-password", "password"),
        ("staff-totp", "totp"),
    ] {
        assert_has(
            form,
            &[
                &format!(r#"<label for="{id}""#),
                &format!(r#"id="{id}" name="{name}""#),
            ],
        );
    }
    assert_has(
        form,
        &[
            t(Locale::Id, Key::AdmTotp),
            t(Locale::Id, Key::AdmSignIn),
            r#"autocomplete="one-time-code""#,
        ],
    );
}

#[test]
fn a_failed_sign_in_shows_the_message_and_keeps_the_email_only() {
    let mut failed = doc(Locale::En, ConsolePage::SignIn, None, ConsoleData::Nothing);
    failed.error = Some("The e-mail, password or code is not right.".into());
    failed.email = "agent@cooltracker.example".into();
    let page = html(failed);
    assert_has(
        &page,
        &[
            r#"role="alert""#,
            "The e-mail, password or code is not right.",
            r#"value="agent@cooltracker.example""#,
        ],
    );
    assert!(
        !section(&page, r#"id="staff-password""#, ">").contains("value="),
        "a password is never sent back"
    );
}
