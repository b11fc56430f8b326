//! Proving a number by a texted code, as two plain forms posted to the
//! page itself: the number (→ a code by SMS), then the number and the code.
//! Shared by the do-not-locate page and the number owner's page; ids derive
//! from `prefix` (`{prefix}-code-form`, `{prefix}-send-code`,
//! `{prefix}-confirm-form`, `{prefix}-confirm`, and the fields' own).
use crate::account::forms::{AuthForm, FormOutcome};
use crate::account::validation::{FieldErrors, Slot, CODE_MAX_DIGITS, PHONE_INPUT_MAX_LEN};
use crate::components::{
    csrf_token, typed_number, CountryPicker, FormMessages, FormState, HiddenFields, SlotField,
};
use crate::i18n::{use_i18n, Key};
use crate::routes::{href, Page};
use leptos::prelude::*;

/// The two forms of one page, and its wording.
#[derive(Clone, Copy, Debug)]
pub struct ProofForms {
    pub page: Page,
    pub prefix: &'static str,
    /// Number → code by SMS.
    pub send: AuthForm,
    /// Number + code.
    pub confirm: AuthForm,
    pub send_label: Key,
    pub sent_notice: Key,
    pub code_label: Key,
    pub confirm_label: Key,
}

/// The number as typed: from a failed post of either form, else the query
/// (`country`, `phone`), else the locale's default country and nothing.
#[derive(Clone)]
pub struct NumberFields {
    pub country: RwSignal<String>,
    pub phone: String,
}

impl NumberFields {
    /// The prefill for `forms`' page.
    pub fn prefilled(forms: ProofForms) -> NumberFields {
        let outcome = use_context::<FormOutcome>()
            .filter(|o| o.form == forms.send || o.form == forms.confirm);
        let (country, phone) = typed_number(outcome.as_ref());
        NumberFields {
            country: RwSignal::new(country),
            phone: phone.unwrap_or_default(),
        }
    }
}

#[component]
fn NumberInputs(prefix: &'static str, number: NumberFields, errors: FieldErrors) -> impl IntoView {
    view! {
        <CountryPicker selected=number.country/>
        <SlotField
            prefix=prefix
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
pub fn NumberStep(forms: ProofForms, number: NumberFields) -> impl IntoView {
    let i18n = use_i18n();
    let state = FormState::from_outcome(forms.send);
    let prefix = forms.prefix;
    view! {
        <form method="post" action=href(i18n.locale(), forms.page) class="number-proof-form" id=format!("{prefix}-code-form") data-auth-form=forms.send.param()>
            <HiddenFields csrf=csrf_token() form=forms.send/>
            <FormMessages errors=state.errors.clone() notice=state.notice/>
            <NumberInputs prefix=prefix number=number errors=state.errors/>
            <button type="submit" id=format!("{prefix}-send-code") class="btn-primary">{i18n.text(forms.send_label)}</button>
        </form>
    }
}

/// Step two: the texted code proves the number.
#[component]
pub fn CodeStep(forms: ProofForms, number: NumberFields, code_sent: bool) -> impl IntoView {
    let i18n = use_i18n();
    let action = href(i18n.locale(), forms.page);
    let state =
        FormState::from_outcome(forms.confirm).with_notice(code_sent.then_some(forms.sent_notice));
    let prefix = forms.prefix;
    view! {
        <form method="post" action=action.clone() class="number-proof-form" id=format!("{prefix}-confirm-form") data-auth-form=forms.confirm.param()>
            <HiddenFields csrf=csrf_token() form=forms.confirm/>
            <FormMessages errors=state.errors.clone() notice=state.notice/>
            <NumberInputs prefix=prefix number=number errors=state.errors.clone()/>
            <SlotField
                prefix=prefix
                field=Slot::Code
                label=forms.code_label
                errors=state.errors
                max_len=CODE_MAX_DIGITS
                autocomplete="one-time-code"
                inputmode="numeric"
                required=true
            />
            <button type="submit" id=format!("{prefix}-confirm") class="btn-primary">{i18n.text(forms.confirm_label)}</button>
        </form>
        <p>
            <a class="form-link" href=action>{i18n.text(forms.send_label)}</a>
        </p>
    }
}
