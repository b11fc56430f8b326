//! `/do-not-locate`: anyone can put their number on the do-not-locate list.
//! Two plain forms posted to the page itself: `dnl_code` (country + phone →
//! an SMS code; the server redirects to `?sent=1`) and `dnl_confirm`
//! (country + phone + code; redirect to `?done=1`). `country` and `phone`
//! in the query (or the failed post's values) prefill the second step.
use crate::account::forms::{AuthForm, FormOutcome};
use crate::account::validation::{FieldErrors, Slot, CODE_MAX_DIGITS, PHONE_INPUT_MAX_LEN};
use crate::components::{csrf_token, CountryPicker, FormMessages, FormState, HiddenFields, SlotField};
use crate::countries;
use crate::i18n::{t, t_args, use_i18n, Key};
use crate::routes::{href, Page};
use leptos::either::EitherOf3;
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;

/// Which step the page shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// Enter the number.
    Number,
    /// Enter the code we texted.
    Code,
    /// The number is on the list.
    Done,
}

/// Which step to show: a failed post shows its own form again; otherwise
/// the query tells (`?sent=1` after the code went out, `?done=1` at the end).
fn step_of(outcome: Option<&FormOutcome>, sent: Option<&str>, done: Option<&str>) -> Step {
    match (outcome, done, sent) {
        (Some(o), _, _) if o.form == AuthForm::DnlConfirm => Step::Code,
        (Some(_), _, _) => Step::Number,
        (None, Some("1"), _) => Step::Done,
        (None, _, Some("1")) => Step::Code,
        _ => Step::Number,
    }
}

/// The explanation, then the step's form or the success notice.
#[component]
pub fn DoNotLocatePage() -> impl IntoView {
    let i18n = use_i18n();
    let locale = i18n.locale();
    let (sent, done, q_country, q_phone) =
        use_query_map().with_untracked(|q| (q.get("sent"), q.get("done"), q.get("country"), q.get("phone")));
    let outcome = use_context::<FormOutcome>().filter(|o| matches!(o.form, AuthForm::DnlCode | AuthForm::DnlConfirm));
    let step = step_of(outcome.as_ref(), sent.as_deref(), done.as_deref());
    let typed = |name: &str, query: &Option<String>| {
        outcome.as_ref().and_then(|o| o.value(name)).map(str::to_owned).or_else(|| query.clone()).unwrap_or_default()
    };
    let known = |key: &str| countries::all().iter().any(|c| c.key() == key);
    let country = Some(typed("country", &q_country))
        .filter(|c| known(c))
        .unwrap_or_else(|| countries::default_region(locale).to_owned());
    let number = NumberFields { country: RwSignal::new(country), phone: typed("phone", &q_phone) };
    let intro = t_args(locale, Key::DnlIntro, &[("site", t(locale, Key::SiteName))]);
    let body = match step {
        Step::Done => EitherOf3::A(view! {
            <div class="form-notice" role="status" id="dnl-done">{i18n.text(Key::DnlDone)}</div>
        }),
        Step::Number => EitherOf3::B(view! { <NumberStep number=number/> }),
        Step::Code => EitherOf3::C(view! { <CodeStep number=number code_sent=sent.as_deref() == Some("1")/> }),
    };
    view! {
        <section class="auth-page do-not-locate">
            <h1>{i18n.text(Page::DoNotLocate.title_key())}</h1>
            <p class="lead">{i18n.text(Page::DoNotLocate.description_key())}</p>
            <p>{intro}</p>
            {body}
        </section>
    }
}

/// The number as typed (or prefilled) in either step.
#[derive(Clone)]
struct NumberFields {
    country: RwSignal<String>,
    phone: String,
}

/// The country picker and the number field of a step's form.
#[component]
fn NumberInputs(number: NumberFields, errors: FieldErrors) -> impl IntoView {
    view! {
        <CountryPicker selected=number.country/>
        <SlotField
            prefix="dnl"
            field=Slot::Phone
            label=Key::LocateFormPhone
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

/// Step one: the number, to text a code to.
#[component]
fn NumberStep(number: NumberFields) -> impl IntoView {
    let i18n = use_i18n();
    let state = FormState::from_outcome(AuthForm::DnlCode);
    view! {
        <form
            method="post"
            action=href(i18n.locale(), Page::DoNotLocate)
            class="dnl-form"
            id="dnl-code-form"
            data-auth-form=AuthForm::DnlCode.param()
        >
            <HiddenFields csrf=csrf_token() form=AuthForm::DnlCode/>
            <FormMessages errors=state.errors.clone() notice=state.notice/>
            <NumberInputs number=number errors=state.errors/>
            <button type="submit" id="dnl-send-code" class="btn-primary">{i18n.text(Key::DnlSendCode)}</button>
        </form>
    }
}

/// Step two: the texted code proves the number.
#[component]
fn CodeStep(number: NumberFields, code_sent: bool) -> impl IntoView {
    let i18n = use_i18n();
    let action = href(i18n.locale(), Page::DoNotLocate);
    let state = FormState::from_outcome(AuthForm::DnlConfirm).with_notice(code_sent.then_some(Key::DnlCodeSent));
    view! {
        <form
            method="post"
            action=action.clone()
            class="dnl-form"
            id="dnl-confirm-form"
            data-auth-form=AuthForm::DnlConfirm.param()
        >
            <HiddenFields csrf=csrf_token() form=AuthForm::DnlConfirm/>
            <FormMessages errors=state.errors.clone() notice=state.notice/>
            <NumberInputs number=number errors=state.errors.clone()/>
            <SlotField
                prefix="dnl"
                field=Slot::Code
                label=Key::DnlCodeLabel
                errors=state.errors
                max_len=CODE_MAX_DIGITS
                autocomplete="one-time-code"
                inputmode="numeric"
                required=true
            />
            <button type="submit" id="dnl-confirm" class="btn-primary">{i18n.text(Key::DnlConfirm)}</button>
        </form>
        <p>
            <a class="form-link" href=action>{i18n.text(Key::DnlSendCode)}</a>
        </p>
    }
}
