//! The sign-in and password-reset forms, shared by their pages and by the
//! dialog layer (which is an island, so these use plain `<a>` links and take
//! everything as props instead of reading router or server context).
use super::auth_form::{AuthField, FieldKind, FormMessages, FormState, HiddenFields};
use crate::account::forms::{AfterLogin, AuthForm};
use crate::i18n::{use_i18n, Key};
use crate::routes::{href, Page};
use leptos::prelude::*;

/// A `<form>` posting `form` to `page`, with its hidden fields and messages;
/// the fields come as children.
#[component]
fn AccountForm(
    page: Page,
    form: AuthForm,
    csrf: String,
    #[prop(default = None)] redirect: Option<&'static str>,
    errors: crate::account::validation::FieldErrors,
    notice: Option<Key>,
    novalidate: bool,
    children: Children,
) -> impl IntoView {
    let locale = use_i18n().locale();
    view! {
        <form method="post" action=href(locale, page) class="auth-form" data-auth-form=form.param() novalidate=novalidate>
            <HiddenFields csrf=csrf form=form redirect=redirect/>
            <FormMessages errors=errors notice=notice/>
            {children()}
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
    let i18n = use_i18n();
    let locale = i18n.locale();
    let FormState {
        email,
        errors,
        notice,
    } = state;
    view! {
        <AccountForm
            page=Page::Login
            form=AuthForm::Login
            csrf=csrf
            redirect=redirect.param()
            errors=errors.clone()
            notice=notice
            novalidate=novalidate
        >
            <AuthField prefix=prefix kind=FieldKind::Email label=Key::FormEmail errors=errors.clone() value=email/>
            <AuthField prefix=prefix kind=FieldKind::CurrentPassword label=Key::FormPassword errors=errors/>
            <button type="submit" class="btn-primary">{i18n.text(Key::LoginSubmit)}</button>
            <a class="form-link" href=href(locale, Page::ResetPassword)>{i18n.text(Key::LoginForgot)}</a>
        </AccountForm>
    }
}

/// E-mail → a reset code (form `send_code`), posted to the reset-password page.
#[component]
pub fn SendCodeForm(
    prefix: &'static str,
    csrf: String,
    state: FormState,
    #[prop(optional)] novalidate: bool,
) -> impl IntoView {
    let i18n = use_i18n();
    let FormState {
        email,
        errors,
        notice,
    } = state;
    view! {
        <AccountForm
            page=Page::ResetPassword
            form=AuthForm::SendCode
            csrf=csrf
            errors=errors.clone()
            notice=notice
            novalidate=novalidate
        >
            <AuthField prefix=prefix kind=FieldKind::Email label=Key::FormEmail errors=errors value=email/>
            <button type="submit" class="btn-primary">{i18n.text(Key::ResetSendCode)}</button>
        </AccountForm>
    }
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
    let i18n = use_i18n();
    let locale = i18n.locale();
    let FormState {
        email,
        errors,
        notice,
    } = state;
    view! {
        <AccountForm
            page=Page::ResetCode
            form=AuthForm::ResetWithCode
            csrf=csrf
            errors=errors.clone()
            notice=notice
            novalidate=novalidate
        >
            <AuthField prefix=prefix kind=FieldKind::Email label=Key::FormEmail errors=errors.clone() value=email/>
            <AuthField prefix=prefix kind=FieldKind::Code label=Key::FormCode errors=errors.clone()/>
            <AuthField prefix=prefix kind=FieldKind::NewPassword label=Key::FormNewPassword errors=errors/>
            <button type="submit" class="btn-primary">{i18n.text(Key::ResetCodeSubmit)}</button>
            <a class="form-link" href=href(locale, Page::ResetPassword)>{i18n.text(Key::ResetCodeResend)}</a>
        </AccountForm>
    }
}
