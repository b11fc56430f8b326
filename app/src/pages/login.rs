//! The login page (`/login`). Reads the query the server sends people here
//! with: `redirect=billing` (kept as a hidden field), `reason=invalid` (their
//! session was invalid) and `reset=1` (they just reset their password).
use crate::account::forms::{AfterLogin, AuthForm};
use crate::components::{csrf_token, FormState, LoginForm};
use crate::i18n::{use_i18n, Key};
use crate::routes::Page;
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;

/// E-mail + password, with a link to reset a forgotten password.
#[component]
pub fn LoginPage() -> impl IntoView {
    let i18n = use_i18n();
    let (redirect, reason, reset) =
        use_query_map().with_untracked(|q| (q.get("redirect"), q.get("reason"), q.get("reset")));
    let state = FormState::from_outcome(AuthForm::Login)
        .with_form_error((reason.as_deref() == Some("invalid")).then_some(Key::ErrorInvalidLogin))
        .with_notice((reset.as_deref() == Some("1")).then_some(Key::NoticePasswordReset));
    view! {
        <section class="auth-page">
            <h1>{i18n.text(Page::Login.title_key())}</h1>
            <p class="lead">{i18n.text(Page::Login.description_key())}</p>
            <LoginForm
                prefix="login"
                csrf=csrf_token()
                redirect=AfterLogin::from_param(redirect.as_deref())
                state=state
            />
        </section>
    }
}
