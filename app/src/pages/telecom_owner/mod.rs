//! `/telecom/owner`: the holder of a number proves it with a texted code
//! (`owner_code`, then `owner_confirm`, which sets the owner cookie for an
//! hour), then manages what lookups show: dispute reports, publish or remove
//! a name and city, opt out. Every step is a plain form posted to this page.
mod manage;

use crate::account::forms::{AuthForm, FormOutcome};
use crate::account::validation::{FieldErrors, Slot, CODE_MAX_DIGITS, PHONE_INPUT_MAX_LEN};
use crate::api::ApiClient;
use crate::components::{csrf_token, CountryPicker, FormMessages, FormState, HiddenFields, SlotField};
use crate::countries;
use crate::i18n::{use_i18n, Key};
use crate::routes::{href, Page};
use leptos::either::Either;
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;
use manage::ManagePanel;

/// The number as typed (or prefilled from the lookup that linked here).
#[derive(Clone)]
struct NumberFields {
    country: RwSignal<String>,
    phone: String,
}

fn number_fields() -> NumberFields {
    let locale = use_i18n().locale();
    let (q_country, q_phone) = use_query_map().with_untracked(|q| (q.get("country"), q.get("phone")));
    let outcome = use_context::<FormOutcome>().filter(|o| matches!(o.form, AuthForm::OwnerCode | AuthForm::OwnerConfirm));
    let typed = |name: &str, query: Option<String>| outcome.as_ref().and_then(|o| o.value(name)).map(str::to_owned).or(query);
    let known = |key: &str| countries::all().iter().any(|c| c.key() == key);
    let country = typed("country", q_country).filter(|c| known(c)).unwrap_or_else(|| countries::default_region(locale).to_owned());
    NumberFields { country: RwSignal::new(country), phone: typed("phone", q_phone).unwrap_or_default() }
}

/// The owner's panel when the session is live, else the proof steps.
#[component]
pub fn TelecomOwnerPage() -> impl IntoView {
    let i18n = use_i18n();
    let locale = i18n.locale();
    let client = ApiClient::new();
    let loaded = Resource::new(|| (), move |()| {
        let client = client.clone();
        async move { client.owner_view(locale).await.ok() }
    });
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
    let number = number_fields();
    view! {
        {(expired.as_deref() == Some("1")).then(|| view! { <div class="form-alert" role="alert" id="owner-expired">{i18n.text(Key::OwnerSessionOver)}</div> })}
        <p>{i18n.text(Key::OwnerIntro)}</p>
        {if code_step {
            Either::Left(view! { <CodeStep number=number code_sent=sent.as_deref() == Some("1")/> })
        } else {
            Either::Right(view! { <NumberStep number=number/> })
        }}
    }
}

#[component]
fn NumberInputs(number: NumberFields, errors: FieldErrors) -> impl IntoView {
    view! {
        <CountryPicker selected=number.country/>
        <SlotField
            prefix="owner"
            field=Slot::Phone
            label=Key::LookupPhoneLabel
            errors=errors
            max_len=PHONE_INPUT_MAX_LEN
            value=number.phone
            input_type="tel"
            autocomplete="tel-national"
            inputmode="tel"
            required=true
        />
    }
}

#[component]
fn NumberStep(number: NumberFields) -> impl IntoView {
    let i18n = use_i18n();
    let state = FormState::from_outcome(AuthForm::OwnerCode);
    view! {
        <form method="post" action=href(i18n.locale(), Page::TelecomOwner) id="owner-code-form" data-auth-form=AuthForm::OwnerCode.param()>
            <HiddenFields csrf=csrf_token() form=AuthForm::OwnerCode/>
            <FormMessages errors=state.errors.clone() notice=state.notice/>
            <NumberInputs number=number errors=state.errors/>
            <button type="submit" id="owner-send-code" class="btn-primary">{i18n.text(Key::OwnerSendCode)}</button>
        </form>
    }
}

#[component]
fn CodeStep(number: NumberFields, code_sent: bool) -> impl IntoView {
    let i18n = use_i18n();
    let action = href(i18n.locale(), Page::TelecomOwner);
    let state = FormState::from_outcome(AuthForm::OwnerConfirm).with_notice(code_sent.then_some(Key::OwnerCodeSent));
    view! {
        <form method="post" action=action.clone() id="owner-confirm-form" data-auth-form=AuthForm::OwnerConfirm.param()>
            <HiddenFields csrf=csrf_token() form=AuthForm::OwnerConfirm/>
            <FormMessages errors=state.errors.clone() notice=state.notice/>
            <NumberInputs number=number errors=state.errors.clone()/>
            <SlotField
                prefix="owner"
                field=Slot::Code
                label=Key::OwnerCodeLabel
                errors=state.errors
                max_len=CODE_MAX_DIGITS
                autocomplete="one-time-code"
                inputmode="numeric"
                required=true
            />
            <button type="submit" id="owner-confirm" class="btn-primary">{i18n.text(Key::OwnerConfirm)}</button>
        </form>
        <p><a class="form-link" href=action>{i18n.text(Key::OwnerSendCode)}</a></p>
    }
}
