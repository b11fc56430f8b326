//! Account settings (`/dashboard/account`): who is signed in, change the
//! password, log out. `?changed=1` (the server's redirect after a change)
//! shows a notice.
use crate::account::forms::AuthForm;
use crate::account::use_viewer;
use crate::components::{csrf_token, AuthField, FieldKind, FormMessages, FormState, HiddenFields};
use crate::i18n::{use_i18n, Key};
use crate::routes::{href, Page};
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;

/// The signed-in e-mail, the change-password form and the log-out button.
#[component]
pub fn AccountPage() -> impl IntoView {
    let i18n = use_i18n();
    let changed = use_query_map()
        .with_untracked(|q| q.get("changed"))
        .as_deref()
        == Some("1");
    let state = FormState::from_outcome(AuthForm::ChangePassword)
        .with_notice(changed.then_some(Key::NoticePasswordChanged));
    let csrf = csrf_token();
    let action = href(i18n.locale(), Page::Account);
    let email = use_viewer().map(|v| v.email).unwrap_or_default();
    view! {
        <section class="auth-page">
            <h1>{i18n.text(Page::Account.title_key())}</h1>
            <p class="account-email">
                {i18n.text(Key::AccountSignedInAs)} " " <strong>{email}</strong>
            </p>
            <h2>{i18n.text(Key::AccountChangePassword)}</h2>
            <form method="post" action=action.clone() class="auth-form" data-auth-form=AuthForm::ChangePassword.param()>
                <HiddenFields csrf=csrf.clone() form=AuthForm::ChangePassword/>
                <FormMessages errors=state.errors.clone() notice=state.notice/>
                <AuthField
                    prefix="account"
                    kind=FieldKind::CurrentPassword
                    label=Key::FormCurrentPassword
                    errors=state.errors.clone()
                />
                <AuthField prefix="account" kind=FieldKind::NewPassword label=Key::FormNewPassword errors=state.errors/>
                <button type="submit" class="btn-primary">{i18n.text(Key::AccountChangePassword)}</button>
            </form>
            <form method="post" action=action class="logout-form" data-auth-form=AuthForm::Logout.param()>
                <HiddenFields csrf=csrf form=AuthForm::Logout/>
                <button type="submit" class="btn-secondary">{i18n.text(Key::AccountLogout)}</button>
            </form>
        </section>
    }
}
