//! The member's account page: change the password, log out.
use super::{assert_has, id, member, outcome, render, text_of, Request, CSRF};
use crate::account::forms::AuthForm;
use crate::account::validation::Slot;
use crate::i18n::Key;
use crate::pages::AccountPage;
use leptos::prelude::*;

#[test]
fn account_page_changes_the_password_and_logs_out() {
    let request = Request {
        viewer: Some(member()),
        outcome: Some(outcome(
            AuthForm::ChangePassword,
            "",
            &[(Slot::NewPassword, Key::ValidatePassword)],
        )),
    };
    let html = render(
        "/id/dashboard/account",
        request,
        || view! { <AccountPage/> },
    );
    assert_has(
        &html,
        &[
            "member@mail.com",
            r#"action="/id/dashboard/account""#,
            r#"name="form" value="change_password""#,
            r#"name="form" value="logout""#,
            r#"name="password""#,
            r#"name="newPassword""#,
            id(Key::AccountLogout),
        ],
    );
    assert_eq!(
        html.matches(&format!(r#"name="csrf" value="{CSRF}""#))
            .count(),
        2,
        "both forms carry the token"
    );
    assert_eq!(
        text_of(&html, "account-newPasswordErrorMsg"),
        id(Key::ValidatePassword)
    );
    assert_eq!(text_of(&html, "account-passwordErrorMsg"), "");
}

#[test]
fn account_page_confirms_a_changed_password() {
    let html = render(
        "/id/dashboard/account?changed=1",
        Request {
            viewer: Some(member()),
            ..Request::default()
        },
        || {
            view! { <AccountPage/> }
        },
    );
    assert_has(&html, &[r#"role="status""#, id(Key::NoticePasswordChanged)]);
}
