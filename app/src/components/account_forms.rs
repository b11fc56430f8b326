//! The sign-in and password-reset forms, shared by their pages and by the
//! dialog layer (which is an island, so these use plain `<a>` links and take
//! everything as props instead of reading router or server context).
use super::auth_form::{AuthField, FieldKind, FormMessages, FormState, HiddenFields};
use crate::account::forms::{AfterLogin, AuthForm};
use crate::i18n::{use_i18n, Key};
use crate::routes::{href, Page};
use leptos::prelude::*;

/// E-mail + password → session (form `login`), posted to the login page.
/// `novalidate` is for copies that only exist with JavaScript (the guard
/// island checks them with the spec's rules instead of the browser's).
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
    let FormState { email, errors, notice } = state;
    view! {
        <form
            method="post"
            action=href(locale, Page::Login)
            class="auth-form"
            data-auth-form=AuthForm::Login.param()
            novalidate=novalidate
        >
            <HiddenFields csrf=csrf form=AuthForm::Login redirect=redirect.param()/>
            <FormMessages errors=errors.clone() notice=notice/>
            <AuthField prefix=prefix kind=FieldKind::Email label=Key::FormEmail errors=errors.clone() value=email/>
            <AuthField prefix=prefix kind=FieldKind::CurrentPassword label=Key::FormPassword errors=errors/>
            <button type="submit" class="btn-primary">{i18n.text(Key::LoginSubmit)}</button>
            <a class="form-link" href=href(locale, Page::ResetPassword)>{i18n.text(Key::LoginForgot)}</a>
        </form>
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
    let locale = i18n.locale();
    let FormState { email, errors, notice } = state;
    view! {
        <form
            method="post"
            action=href(locale, Page::ResetPassword)
            class="auth-form"
            data-auth-form=AuthForm::SendCode.param()
            novalidate=novalidate
        >
            <HiddenFields csrf=csrf form=AuthForm::SendCode/>
            <FormMessages errors=errors.clone() notice=notice/>
            <AuthField prefix=prefix kind=FieldKind::Email label=Key::FormEmail errors=errors value=email/>
            <button type="submit" class="btn-primary">{i18n.text(Key::ResetSendCode)}</button>
        </form>
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
    let FormState { email, errors, notice } = state;
    view! {
        <form
            method="post"
            action=href(locale, Page::ResetCode)
            class="auth-form"
            data-auth-form=AuthForm::ResetWithCode.param()
            novalidate=novalidate
        >
            <HiddenFields csrf=csrf form=AuthForm::ResetWithCode/>
            <FormMessages errors=errors.clone() notice=notice/>
            <AuthField prefix=prefix kind=FieldKind::Email label=Key::FormEmail errors=errors.clone() value=email/>
            <AuthField prefix=prefix kind=FieldKind::Code label=Key::FormCode errors=errors.clone()/>
            <AuthField prefix=prefix kind=FieldKind::NewPassword label=Key::FormNewPassword errors=errors/>
            <button type="submit" class="btn-primary">{i18n.text(Key::ResetCodeSubmit)}</button>
            <a class="form-link" href=href(locale, Page::ResetPassword)>{i18n.text(Key::ResetCodeResend)}</a>
        </form>
    }
}
