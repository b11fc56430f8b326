//! The contact form on `/contact-us` (`#contact-form`): works without
//! JavaScript and lands in the same help chat inbox as the chat window.
//! Visitors may leave an e-mail address for the answer; members are
//! answered at their account's.
use crate::account::forms::{AuthForm, FormOutcome};
use crate::account::use_viewer;
use crate::account::validation::Slot;
use crate::components::{csrf_token, FormMessages, FormState, HiddenFields};
use crate::i18n::{t, t_args, use_i18n, Key};
use crate::model::chat::MESSAGE_MAX_CHARS;
use crate::routes::{href, Page};
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;

/// The form, with the confirmation after a message arrived (`?sent=1`).
#[component]
pub fn ContactForm() -> impl IntoView {
    let locale = use_i18n().locale();
    let sent = use_query_map().with_untracked(|q| q.get("sent")).as_deref() == Some("1");
    let state = FormState::from_outcome(AuthForm::ContactMessage)
        .with_notice(sent.then_some(Key::ContactFormSent));
    let outcome = use_context::<FormOutcome>().filter(|o| o.form == AuthForm::ContactMessage);
    let kept_message = outcome
        .as_ref()
        .and_then(|o| o.value("message"))
        .unwrap_or_default()
        .to_owned();
    let viewer = use_viewer();
    let identity = viewer
        .as_ref()
        .map(|v| t_args(locale, Key::ChatIdentityUser, &[("email", &v.email)]));
    let email_field = viewer.is_none().then(|| {
        let error = state.errors.get(Slot::Email);
        view! {
            <div class="form-field">
                <label for="contact-email">{t(locale, Key::ContactFormEmail)}</label>
                <input id="contact-email" name="email" type="email" autocomplete="email" value=state.email.clone() aria-describedby="contact-emailErrorMsg"/>
                <p id="contact-emailErrorMsg" class="field-error" data-slot=Slot::Email.name() aria-live="polite">
                    {error.map(|key| t(locale, key))}
                </p>
            </div>
        }
    });
    let message_error = state.errors.get(Slot::Message);
    view! {
        <section class="contact-form-section" aria-labelledby="contact-form-heading">
            <h2 id="contact-form-heading">{t(locale, Key::ContactFormHeading)}</h2>
            <p>{t(locale, Key::ContactFormIntro)}</p>
            {identity.map(|text| view! { <p class="contact-identity">{text}</p> })}
            <form method="post" action=href(locale, Page::ContactUs) id="contact-form" class="contact-form" data-auth-form=AuthForm::ContactMessage.param()>
                <HiddenFields csrf=csrf_token() form=AuthForm::ContactMessage/>
                <FormMessages errors=state.errors.clone() notice=state.notice/>
                {email_field}
                <div class="form-field">
                    <label for="contact-message">{t(locale, Key::ContactFormMessage)}</label>
                    <textarea id="contact-message" name="message" rows="5" required=true maxlength=MESSAGE_MAX_CHARS aria-describedby="contact-messageErrorMsg">
                        {kept_message}
                    </textarea>
                    <p id="contact-messageErrorMsg" class="field-error" data-slot=Slot::Message.name() aria-live="polite">
                        {message_error.map(|key| t(locale, key))}
                    </p>
                </div>
                <button type="submit" class="btn-primary" id="contact-form-submit">{t(locale, Key::ContactFormSend)}</button>
            </form>
        </section>
    }
}
