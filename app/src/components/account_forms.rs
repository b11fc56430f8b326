//! The sign-in and password-reset forms, shared by their pages and by the
//! dialog layer (which is an island, so these use plain `<a>` links and take
//! everything as props instead of reading router or server context).
use super::auth_form::{AuthField, FieldKind, FormMessages, FormState, HiddenFields};
use crate::account::forms::{AfterLogin, AuthForm};
use crate::i18n::{use_i18n, Key};
use crate::routes::{href, Page};
use leptos::prelude::*;

/// What an account form holds: the page it posts to, its fields in order
/// (kind and label), its button and the link under it.
struct FormSpec {
    page: Page,
    form: AuthForm,
    fields: &'static [(FieldKind, Key)],
    submit: Key,
    link: Option<(Page, Key)>,
}

/// E-mail + password → session, with "Forgot password?".
const LOGIN: FormSpec = FormSpec {
    page: Page::Login,
    form: AuthForm::Login,
    fields: &[
        (FieldKind::Email, Key::FormEmail),
        (FieldKind::CurrentPassword, Key::FormPassword),
    ],
    submit: Key::LoginSubmit,
    link: Some((Page::ResetPassword, Key::LoginForgot)),
};

/// E-mail → a reset code.
const SEND_CODE: FormSpec = FormSpec {
    page: Page::ResetPassword,
    form: AuthForm::SendCode,
    fields: &[(FieldKind::Email, Key::FormEmail)],
    submit: Key::ResetSendCode,
    link: None,
};

/// E-mail + code + new password, with a link back to request a new code.
const RESET_CODE: FormSpec = FormSpec {
    page: Page::ResetCode,
    form: AuthForm::ResetWithCode,
    fields: &[
        (FieldKind::Email, Key::FormEmail),
        (FieldKind::Code, Key::FormCode),
        (FieldKind::NewPassword, Key::FormNewPassword),
    ],
    submit: Key::ResetCodeSubmit,
    link: Some((Page::ResetPassword, Key::ResetCodeResend)),
};

/// A `<form>` posting `spec.form` to `spec.page`: hidden fields, messages,
/// the fields (the e-mail filled back in, never a password or code), the
/// button and the link.
#[component]
fn AccountForm(
    spec: &'static FormSpec,
    prefix: &'static str,
    csrf: String,
    #[prop(default = None)] redirect: Option<&'static str>,
    state: FormState,
    novalidate: bool,
) -> impl IntoView {
    let i18n = use_i18n();
    let locale = i18n.locale();
    let FormState {
        email,
        errors,
        notice,
    } = state;
    let fields = spec
        .fields
        .iter()
        .map(|&(kind, label)| {
            let value = if kind == FieldKind::Email { email.clone() } else { String::new() };
            view! { <AuthField prefix=prefix kind=kind label=label errors=errors.clone() value=value/> }
        })
        .collect_view();
    let link = spec.link.map(|(page, text)| {
        view! { <a class="form-link" href=href(locale, page)>{i18n.text(text)}</a> }
    });
    view! {
        <form method="post" action=href(locale, spec.page) class="auth-form" data-auth-form=spec.form.param() novalidate=novalidate>
            <HiddenFields csrf=csrf form=spec.form redirect=redirect/>
            <FormMessages errors=errors notice=notice/>
            {fields}
            <button type="submit" class="btn-primary">{i18n.text(spec.submit)}</button>
            {link}
        </form>
    }
}

/// E-mail + password → session (form `login`), posted to the login page.
/// `novalidate` is for copies that only exist with JavaScript (the guard
/// island checks them with our rules instead of the browser's).
#[component]
pub fn LoginForm(
    prefix: &'static str,
    csrf: String,
    redirect: AfterLogin,
    state: FormState,
    #[prop(optional)] novalidate: bool,
) -> impl IntoView {
    view! { <AccountForm spec=&LOGIN prefix=prefix csrf=csrf redirect=redirect.param() state=state novalidate=novalidate/> }
}

/// E-mail → a reset code (form `send_code`), posted to the reset-password page.
#[component]
pub fn SendCodeForm(
    prefix: &'static str,
    csrf: String,
    state: FormState,
    #[prop(optional)] novalidate: bool,
) -> impl IntoView {
    view! { <AccountForm spec=&SEND_CODE prefix=prefix csrf=csrf state=state novalidate=novalidate/> }
}

/// E-mail + code + new password (form `reset_with_code`), posted to the
/// reset-code page, with a link back to request a new code.
#[component]
pub fn ResetCodeForm(
    prefix: &'static str,
    csrf: String,
    state: FormState,
    #[prop(optional)] novalidate: bool,
) -> impl IntoView {
    view! { <AccountForm spec=&RESET_CODE prefix=prefix csrf=csrf state=state novalidate=novalidate/> }
}
