//! The reset-password page (`/reset-password`, "ResetPsd"): asks
//! for the e-mail and sends a code. The server then redirects to the
//! reset-code page with the e-mail in the query.
use crate::account::forms::AuthForm;
use crate::components::{csrf_token, FormState, SendCodeForm};
use crate::i18n::use_i18n;
use crate::routes::Page;
use leptos::prelude::*;

/// E-mail → "Send code".
#[component]
pub fn ResetPasswordPage() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <section class="auth-page">
            <h1>{i18n.text(Page::ResetPassword.title_key())}</h1>
            <p class="lead">{i18n.text(Page::ResetPassword.description_key())}</p>
            <SendCodeForm prefix="reset" csrf=csrf_token() state=FormState::from_outcome(AuthForm::SendCode)/>
        </section>
    }
}
