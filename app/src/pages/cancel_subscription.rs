//! `/cancel-subscription`: how cancelling and refunds work, in plain words,
//! and the way to do it: cancel on the billing page. A signed-in member
//! goes straight there; a visitor logs in first (`/login?redirect=billing`:
//! with JavaScript the link opens the Login dialog, without it is the login
//! page).
use crate::account::use_viewer;
use crate::config::use_public_config;
use crate::i18n::{t_args, use_i18n, Key};
use crate::routes::{href, Page};
use leptos::prelude::*;

/// The cancel and refund information with the "Log in to cancel" link.
#[component]
pub fn CancelSubscriptionPage() -> impl IntoView {
    let i18n = use_i18n();
    let locale = i18n.locale();
    let support = use_public_config().support_email.clone();
    // A visitor's link opens the Login dialog: on this text page the first
    // click loads the app (`data-wake`).
    let (target, label, wake) = match use_viewer() {
        Some(_) => (href(locale, Page::Billing), Key::CancelBillingLink, None),
        None => (
            format!("{}?redirect=billing", href(locale, Page::Login)),
            Key::CancelLoginLink,
            Some("login"),
        ),
    };
    view! {
        <section class="info-page cancel-page">
            <h1>{i18n.text(Page::CancelSubscription.title_key())}</h1>
            <p class="lead">{i18n.text(Page::CancelSubscription.description_key())}</p>
            <p>{i18n.text(Key::CancelIntro)}</p>
            <p>{i18n.text(Key::CancelTrial)}</p>
            <p>{i18n.text(Key::CancelRefund)}</p>
            <p>
                <a id="cancel-login" class="btn-primary" href=target data-wake=wake>{i18n.text(label)}</a>
            </p>
            <p>{t_args(locale, Key::CancelHelp, &[("email", &support)])}</p>
        </section>
    }
}
