//! The login page: its no-JavaScript contract, errors in their slots, notices.
use super::{assert_has, id, outcome, render, text_of, Request, CSRF};
use crate::account::forms::AuthForm;
use crate::account::validation::Slot;
use crate::i18n::Key;
use crate::pages::LoginPage;
use leptos::prelude::*;

#[test]
fn login_page_has_the_contract_fields() {
    let html = render(
        "/id/login?redirect=billing",
        Request::default(),
        || view! { <LoginPage/> },
    );
    assert_has(
        &html,
        &[
            r#"method="post""#,
            r#"action="/id/login""#,
            &format!(r#"name="csrf" value="{CSRF}""#),
            r#"name="form" value="login""#,
            r#"name="redirect" value="billing""#,
            r#"name="email""#,
            r#"autocomplete="email""#,
            r#"name="password""#,
            r#"autocomplete="current-password""#,
            r#"aria-describedby="login-emailErrorMsg""#,
            r#"aria-describedby="login-passwordErrorMsg""#,
            r#"href="/id/reset-password""#,
            id(Key::LoginSubmit),
            id(Key::LoginForgot),
        ],
    );
    assert!(!html.contains("aria-invalid"), "no errors on a fresh page");
    assert!(!html.contains("role=\"alert\""));
}

#[test]
fn login_page_without_redirect_has_no_redirect_field() {
    let html = render("/id/login", Request::default(), || view! { <LoginPage/> });
    assert!(!html.contains(r#"name="redirect""#), "{html}");
    let html = render(
        "/id/login?redirect=https://evil.example",
        Request::default(),
        || view! { <LoginPage/> },
    );
    assert!(
        !html.contains(r#"name="redirect""#),
        "unknown targets are dropped: {html}"
    );
}

#[test]
fn login_errors_land_in_their_slots_in_the_page_locale() {
    let request = Request {
        outcome: Some(outcome(
            AuthForm::Login,
            "me@mail",
            &[(Slot::Email, Key::ValidateEmail)],
        )),
        ..Request::default()
    };
    let html = render("/id/login", request, || view! { <LoginPage/> });
    assert_eq!(
        text_of(&html, "login-emailErrorMsg"),
        id(Key::ValidateEmail)
    );
    assert_eq!(text_of(&html, "login-passwordErrorMsg"), "");
    assert_has(&html, &[r#"value="me@mail""#, r#"aria-invalid="true""#]);
    assert_eq!(
        html.matches("aria-invalid").count(),
        1,
        "only the e-mail is invalid"
    );
}

#[test]
fn login_shows_invalid_session_and_reset_notices() {
    let html = render(
        "/id/login?reason=invalid",
        Request::default(),
        || view! { <LoginPage/> },
    );
    assert_has(&html, &[r#"role="alert""#, id(Key::ErrorInvalidLogin)]);
    let html = render(
        "/id/login?reset=1",
        Request::default(),
        || view! { <LoginPage/> },
    );
    assert_has(&html, &[r#"role="status""#, id(Key::NoticePasswordReset)]);
    assert!(!html.contains(id(Key::ErrorInvalidLogin)));
}

#[test]
fn a_form_level_outcome_error_wins_over_the_query_reason() {
    let request = Request {
        outcome: Some(outcome(
            AuthForm::Login,
            "me@mail.com",
            &[(Slot::Form, Key::ErrorGeneric)],
        )),
        ..Request::default()
    };
    let html = render(
        "/id/login?reason=invalid",
        request,
        || view! { <LoginPage/> },
    );
    assert_has(&html, &[id(Key::ErrorGeneric)]);
    assert!(!html.contains(id(Key::ErrorInvalidLogin)));
}

#[test]
fn outcomes_of_other_forms_are_not_shown() {
    let request = Request {
        outcome: Some(outcome(
            AuthForm::SendCode,
            "x@y.com",
            &[(Slot::Email, Key::ValidateEmail)],
        )),
        ..Request::default()
    };
    let html = render("/id/login", request, || view! { <LoginPage/> });
    assert!(!html.contains(id(Key::ValidateEmail)), "{html}");
    assert!(!html.contains("x@y.com"));
}
