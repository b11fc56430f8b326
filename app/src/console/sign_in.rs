//! Staff sign-in: e-mail, password and the authenticator's code. A failure
//! says only that something was not right (the server's generic message).
use super::parts::form_fields;
use super::{forms, ConsoleDoc, ConsolePage};
use crate::i18n::{t, Key};
use leptos::prelude::*;

pub(super) fn page(doc: &ConsoleDoc) -> impl IntoView {
    let locale = doc.locale;
    view! {
        <section class="console-sign-in">
            <h1>{t(locale, Key::AdmSignInTitle)}</h1>
            <form method="post" action=doc.href(ConsolePage::SignIn) class="console-form">
                {form_fields(doc, forms::SIGN_IN)}
                <label for="staff-email">{t(locale, Key::AdmEmail)}</label>
                <input id="staff-email" name="email" type="email" autocomplete="username" required value=doc.email.clone()/>
                <label for="staff-password">{t(locale, Key::AdmPassword)}</label>
                <input id="staff-password" name="password" type="password" autocomplete="current-password" required/>
                <label for="staff-totp">{t(locale, Key::AdmTotp)}</label>
                <input
                    id="staff-totp"
                    name="totp"
                    type="text"
                    inputmode="numeric"
                    autocomplete="one-time-code"
                    pattern="[0-9]{6}"
                    maxlength="6"
                    required
                    aria-describedby="staff-totp-hint"
                />
                <p id="staff-totp-hint" class="console-hint">{t(locale, Key::AdmTotpHint)}</p>
                <button type="submit" class="btn-primary">{t(locale, Key::AdmSignIn)}</button>
            </form>
        </section>
    }
}
