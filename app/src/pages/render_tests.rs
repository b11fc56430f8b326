//! Server-side render tests of the account pages and the header: each page is
//! rendered to HTML with the contexts the server provides (i18n, CSRF token,
//! viewer, form outcome) under a router for the request URL.
use crate::account::forms::{AuthForm, CsrfToken, FormOutcome};
use crate::account::validation::{FieldErrors, Slot};
use crate::account::{CurrentViewer, Viewer};
use crate::components::Header;
use crate::i18n::{provide_i18n, t, Key, Locale};
use crate::pages::{AccountPage, LoginPage, ResetCodePage, ResetPasswordPage};
use crate::routes::Page;
use leptos::prelude::*;
use leptos_router::components::Router;
use leptos_router::location::RequestUrl;

const CSRF: &str = "csrf-token-123";

/// The server's contexts for one render.
#[derive(Default)]
struct Request {
    viewer: Option<Viewer>,
    outcome: Option<FormOutcome>,
}

fn member() -> Viewer {
    Viewer {
        email: "member@mail.com".into(),
        payment_count: 2,
        vip_time: 4_102_444_800_000,
    }
}

fn outcome(form: AuthForm, email: &str, errors: &[(Slot, Key)]) -> FormOutcome {
    let mut field_errors = FieldErrors::default();
    for (slot, key) in errors {
        field_errors.set(*slot, Some(*key));
    }
    FormOutcome {
        form,
        email: email.into(),
        errors: field_errors,
        notice: None,
        values: Vec::new(),
    }
}

/// Renders `page` at `url` in Indonesian.
fn render<V: IntoView + 'static>(
    url: &str,
    request: Request,
    page: impl FnOnce() -> V + Send + 'static,
) -> String {
    let owner = Owner::new();
    owner.with(|| {
        provide_context(RequestUrl::new(url));
        provide_i18n(Signal::stored(Locale::Id));
        provide_context(CsrfToken(CSRF.into()));
        provide_context(CurrentViewer(request.viewer));
        if let Some(outcome) = request.outcome {
            provide_context(outcome);
        }
        view! { <Router>{page()}</Router> }.to_html()
    })
}

/// The text inside the element with `id` (up to its closing tag), markers stripped.
fn text_of(html: &str, id: &str) -> String {
    let start = html
        .find(&format!("id=\"{id}\""))
        .unwrap_or_else(|| panic!("no #{id} in {html}"));
    let rest = &html[start..];
    let open_end = rest.find('>').map_or(rest.len(), |i| i + 1);
    let inner = &rest[open_end..];
    let close = inner.find("</").unwrap_or(inner.len());
    inner[..close].replace("<!>", "").trim().to_owned()
}

fn id(key: Key) -> &'static str {
    t(Locale::Id, key)
}

fn assert_has(html: &str, needles: &[&str]) {
    for needle in needles {
        assert!(html.contains(needle), "missing {needle:?} in\n{html}");
    }
}

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

// The dashboard renders through the API: see locate_render_tests.rs.

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
