//! The reset-code page (`/reset-code`, "ResetCode"). Arriving with
//! `?email=` means a code was (maybe) just sent: the e-mail is prefilled and
//! the page says so without telling whether the account exists.
use crate::account::forms::AuthForm;
use crate::components::{csrf_token, FormState, ResetCodeForm};
use crate::i18n::{use_i18n, Key};
use crate::routes::Page;
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;

/// E-mail, code and new password, with a link to send a new code.
#[component]
pub fn ResetCodePage() -> impl IntoView {
    let i18n = use_i18n();
    let sent_to = use_query_map()
        .with_untracked(|q| q.get("email"))
        .filter(|e| !e.is_empty());
    let mut state = FormState::from_outcome(AuthForm::ResetWithCode);
    if let Some(email) = &sent_to {
        if state.email.is_empty() {
            state.email = email.clone();
        }
        state = state.with_notice(Some(Key::NoticeCodeSent));
    }
    view! {
        <section class="auth-page">
            <h1>{i18n.text(Page::ResetCode.title_key())}</h1>
            <p class="lead">{i18n.text(Page::ResetCode.description_key())}</p>
            <ResetCodeForm prefix="reset-code" csrf=csrf_token() state=state/>
        </section>
    }
}
