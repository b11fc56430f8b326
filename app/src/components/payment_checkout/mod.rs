//! The payment form with JavaScript: the React `PaymentForm` widget, driven
//! from Rust. The widget shows the form; this component checks it with the
//! validators the server runs (`PaymentFormInput::validate`), places the
//! order through the API client and sends the browser to the checkout. The
//! `/pay-method` page and the Payment dialog both use it.
mod props;
#[cfg(feature = "browser")]
mod submit;

pub use props::{country_options, field_labels, method_options, slot_of, LIMITS};

use crate::account::payment_fields::validate_pay_field;
use crate::account::validation::{validate_email, FieldErrors, Slot};
use crate::i18n::{t, use_i18n, Locale};
use crate::model::billing::MethodChoice;
use crate::model::PricePlan;
use crate::widgets::{FieldTexts, PaymentEvent, PaymentFormWidget};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// Everything the form starts from, decided by whoever shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CheckoutSetup {
    pub plan: PricePlan,
    /// The payer's country (ISO alpha-2) and its methods by priority.
    pub country: String,
    pub methods: Vec<MethodChoice>,
    /// The moment the terms are stated for (the server's clock on a page).
    pub now_ms: i64,
    /// The idempotency key of this form.
    pub key: String,
    /// The method chosen and the values typed so far.
    pub method: Option<MethodChoice>,
    pub values: FieldTexts,
    /// Messages to show from the start (a post without JavaScript).
    pub errors: FieldErrors,
    /// The number searched before paying, carried to the dashboard.
    #[serde(default)]
    pub searched: crate::checkout::SearchedNumber,
}

/// The form's live state.
#[derive(Clone, Copy)]
struct CheckoutState {
    #[cfg_attr(not(feature = "browser"), allow(dead_code))]
    plan_id: i64,
    #[cfg_attr(not(feature = "browser"), allow(dead_code))]
    searched: StoredValue<crate::checkout::SearchedNumber>,
    country: RwSignal<String>,
    methods: RwSignal<Vec<MethodChoice>>,
    errors: RwSignal<Vec<(Slot, String)>>,
    busy: RwSignal<bool>,
    /// The idempotency key, and the order last sent with it.
    #[cfg_attr(not(feature = "browser"), allow(dead_code))]
    attempt: StoredValue<(String, Option<crate::api::OrderRequest>)>,
}

impl CheckoutState {
    fn new(setup: &CheckoutSetup, locale: Locale) -> Self {
        CheckoutState {
            plan_id: setup.plan.id,
            searched: StoredValue::new(setup.searched.clone()),
            country: RwSignal::new(setup.country.clone()),
            methods: RwSignal::new(setup.methods.clone()),
            errors: RwSignal::new(localized(&setup.errors, locale)),
            busy: RwSignal::new(false),
            attempt: StoredValue::new((setup.key.clone(), None)),
        }
    }

    /// Puts `text` into `slot` (or clears it).
    fn set_slot(&self, slot: Slot, text: Option<String>) {
        self.errors.try_update(|errors| {
            errors.retain(|(s, _)| *s != slot);
            errors.extend(text.map(|text| (slot, text)));
        });
    }
}

/// The messages of `errors` in `locale`, in slot order.
fn localized(errors: &FieldErrors, locale: Locale) -> Vec<(Slot, String)> {
    Slot::ALL
        .into_iter()
        .filter_map(|slot| Some((slot, t(locale, errors.get(slot)?).to_owned())))
        .collect()
}

/// The widget with its behaviour. `on_ready` runs once it shows.
#[component]
pub fn PaymentCheckout(
    setup: CheckoutSetup,
    id_prefix: &'static str,
    #[prop(optional)] on_ready: Option<Callback<()>>,
) -> impl IntoView {
    let locale = use_i18n().locale();
    let base = StoredValue::new(props::Base::new(locale, &setup, id_prefix));
    let state = CheckoutState::new(&setup, locale);
    let props = Signal::derive(move || {
        let (country, methods) = (state.country.get(), state.methods.get());
        base.with_value(|b| b.props(country, &methods, &state.errors.get(), state.busy.get()))
    });
    let on_event = Callback::new(move |event: PaymentEvent| match event {
        PaymentEvent::Ready => {
            if let Some(ready) = on_ready {
                ready.run(());
            }
        }
        PaymentEvent::Check {
            method,
            field,
            value,
        } => check(state, locale, &method, &field, &value),
        #[cfg(feature = "browser")]
        other => submit::handle(other, state, locale),
        #[cfg(not(feature = "browser"))]
        _ => (),
    });
    view! { <PaymentFormWidget props=props on_event=on_event/> }
}

/// A field was left: its message is shown, or cleared once it is right.
/// Leaving an empty field is not an error yet (nothing was typed).
fn check(state: CheckoutState, locale: Locale, method: &str, field: &str, value: &str) {
    let (Some(slot), Some(method)) = (Slot::from_field(field), MethodChoice::parse(method)) else {
        return;
    };
    let shown = state
        .errors
        .with_untracked(|errors| errors.iter().any(|(s, _)| *s == slot));
    if value.trim().is_empty() && !shown {
        return;
    }
    let mut errors = FieldErrors::default();
    if slot == Slot::Email {
        validate_email(value, &mut errors);
    } else if let Some(&pay_field) = method.fields().iter().find(|f| slot_of(**f) == slot) {
        validate_pay_field(method, pay_field, value, &mut errors);
    } else {
        return;
    }
    state.set_slot(slot, errors.get(slot).map(|key| t(locale, key).to_owned()));
}

#[cfg(test)]
mod tests;
