//! `/telecom/owner`: the holder of a number proves it with a texted code
//! (`owner_code`, then `owner_confirm`, which sets the owner cookie for an
//! hour), then manages what lookups show: dispute reports, publish or remove
//! a name and city, opt out. Every step is a plain form posted to this page.
mod manage;

use crate::account::forms::{AuthForm, FormOutcome};
use crate::api::ApiClient;
use crate::components::{CodeStep, NumberFields, NumberStep, ProofForms};
use crate::i18n::{use_i18n, Key};
use crate::routes::Page;
use leptos::either::Either;
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;
use manage::ManagePanel;

const FORMS: ProofForms = ProofForms {
    page: Page::TelecomOwner,
    prefix: "owner",
    send: AuthForm::OwnerCode,
    confirm: AuthForm::OwnerConfirm,
    send_label: Key::OwnerSendCode,
    sent_notice: Key::OwnerCodeSent,
    code_label: Key::OwnerCodeLabel,
    confirm_label: Key::OwnerConfirm,
};

/// The owner's panel when the session is live, else the proof steps.
#[component]
pub fn TelecomOwnerPage() -> impl IntoView {
    let i18n = use_i18n();
    let locale = i18n.locale();
    let client = ApiClient::new();
    let loaded = Resource::new(
        || (),
        move |()| {
            let client = client.clone();
            async move { client.owner_view(locale).await.ok() }
        },
    );
    view! {
        <section class="auth-page telecom-owner">
            <h1>{i18n.text(Page::TelecomOwner.title_key())}</h1>
            <p class="lead">{i18n.text(Page::TelecomOwner.description_key())}</p>
            <Suspense fallback=|| ()>
                {move || Suspend::new(async move {
                    match loaded.await {
                        Some(view) => Either::Left(view! { <ManagePanel view=view/> }),
                        None => Either::Right(view! { <ProofSteps/> }),
                    }
                })}
            </Suspense>
        </section>
    }
}

/// Number, then code (after `?sent=1`, or a failed confirmation).
#[component]
fn ProofSteps() -> impl IntoView {
    let i18n = use_i18n();
    let (sent, expired) = use_query_map().with_untracked(|q| (q.get("sent"), q.get("expired")));
    let outcome = use_context::<FormOutcome>();
    let code_step = match outcome.as_ref().map(|o| o.form) {
        Some(AuthForm::OwnerConfirm) => true,
        Some(AuthForm::OwnerCode) => false,
        _ => sent.as_deref() == Some("1"),
    };
    let number = NumberFields::prefilled(FORMS);
    view! {
        {(expired.as_deref() == Some("1")).then(|| view! { <div class="form-alert" role="alert" id="owner-expired">{i18n.text(Key::OwnerSessionOver)}</div> })}
        <p>{i18n.text(Key::OwnerIntro)}</p>
        {if code_step {
            Either::Left(view! { <CodeStep forms=FORMS number=number code_sent=sent.as_deref() == Some("1")/> })
        } else {
            Either::Right(view! { <NumberStep forms=FORMS number=number/> })
        }}
    }
}
