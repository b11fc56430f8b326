//! Resetting a password: the code by mail, then the code and a new password.
use super::{assert_has, id, outcome, render, text_of, Request, CSRF};
use crate::account::forms::AuthForm;
use crate::account::validation::Slot;
use crate::i18n::Key;
use crate::pages::{ResetCodePage, ResetPasswordPage};
use leptos::prelude::*;

#[test]
fn reset_password_page_sends_a_code() {
    let request = Request {
        outcome: Some(outcome(
            AuthForm::SendCode,
            "bad",
            &[(Slot::Email, Key::ValidateEmail)],
        )),
        ..Request::default()
    };
    let html = render(
        "/id/reset-password",
        request,
        || view! { <ResetPasswordPage/> },
    );
    assert_has(
        &html,
        &[
            r#"action="/id/reset-password""#,
            &format!(r#"name="csrf" value="{CSRF}""#),
            r#"name="form" value="send_code""#,
            r#"name="email""#,
            id(Key::ResetSendCode),
        ],
    );
    assert_eq!(
        text_of(&html, "reset-emailErrorMsg"),
        id(Key::ValidateEmail)
    );
}

#[test]
fn reset_code_page_prefills_the_email_and_says_a_code_was_sent() {
    let html = render(
        "/id/reset-code?email=a.b%40mail.com",
        Request::default(),
        || view! { <ResetCodePage/> },
    );
    assert_has(
        &html,
        &[
            r#"action="/id/reset-code""#,
            r#"name="form" value="reset_with_code""#,
            r#"value="a.b@mail.com""#,
            r#"name="code""#,
            r#"inputmode="numeric""#,
            r#"autocomplete="one-time-code""#,
            r#"name="newPassword""#,
            r#"autocomplete="new-password""#,
            r#"role="status""#,
            id(Key::NoticeCodeSent),
            id(Key::ResetCodeResend),
            r#"href="/id/reset-password""#,
        ],
    );
}

#[test]
fn reset_code_errors_replace_the_notice() {
    let request = Request {
        outcome: Some(outcome(
            AuthForm::ResetWithCode,
            "a@b.com",
            &[
                (Slot::Code, Key::ValidateCode),
                (Slot::NewPassword, Key::ValidatePassword),
            ],
        )),
        ..Request::default()
    };
    let html = render(
        "/id/reset-code?email=a%40b.com",
        request,
        || view! { <ResetCodePage/> },
    );
    assert_eq!(
        text_of(&html, "reset-code-codeErrorMsg"),
        id(Key::ValidateCode)
    );
    assert_eq!(
        text_of(&html, "reset-code-newPasswordErrorMsg"),
        id(Key::ValidatePassword)
    );
    assert_eq!(text_of(&html, "reset-code-emailErrorMsg"), "");
    assert!(!html.contains(id(Key::NoticeCodeSent)));
}
