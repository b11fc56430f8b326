//! `<PaymentFormWidget/>`: the React payment form (`react-widgets/src/payment-form`)
//! and its events as Rust values. The widget only shows the form; whoever
//! hosts it validates, places the order and sends errors and the busy state
//! back through the props.
use super::ReactWidget;
use crate::model::billing::{MethodChoice, PayField};
use leptos::{html, prelude::*};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Widget name in the bundle's registry.
pub const PAYMENT_FORM: &str = "payment-form";

/// The props of `mount("payment-form", …)`; see the widget's `contract.ts`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PaymentFormProps {
    pub id_prefix: &'static str,
    pub country: String,
    pub countries: Vec<CountryOption>,
    pub methods: Vec<MethodOption>,
    pub method: Option<MethodChoice>,
    pub values: FieldTexts,
    pub max_lengths: FieldLimits,
    /// Messages by field name (`email`, `zip`, …) and `form`.
    pub errors: BTreeMap<&'static str, String>,
    pub busy: bool,
    pub texts: PaymentFormTexts,
}

/// One entry of the country picker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CountryOption {
    pub code: String,
    pub label: String,
}

/// One method: wire name, name shown, the fields it needs besides the e-mail.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MethodOption {
    pub choose: MethodChoice,
    pub label: &'static str,
    pub fields: &'static [PayField],
}

/// A text per form field.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct FieldTexts {
    pub email: String,
    pub zip: String,
    pub name: String,
    pub document: String,
    pub phone: String,
}

/// The longest input per form field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct FieldLimits {
    pub email: usize,
    pub zip: usize,
    pub name: usize,
    pub document: usize,
    pub phone: usize,
}

/// Every text of the widget, from the locale files.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PaymentFormTexts {
    pub country: &'static str,
    pub methods: &'static str,
    pub no_methods: &'static str,
    pub fields: FieldTexts,
    pub pay: String,
    pub paying: &'static str,
    pub renewal: String,
    pub first_charge: String,
    pub cancel: String,
    pub secure: &'static str,
}

/// What the widget reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PaymentEvent {
    /// Mounted and showing.
    Ready,
    /// Pay was pressed: the method (wire name) and every value typed.
    Submit { method: String, values: FieldTexts },
    /// Another country was picked.
    Country(String),
    /// A field was left.
    Check {
        method: String,
        field: String,
        value: String,
    },
}

/// Hosts the widget and passes its events to `on_event`.
#[component]
pub fn PaymentFormWidget(
    props: Signal<PaymentFormProps>,
    on_event: Callback<PaymentEvent>,
) -> impl IntoView {
    let outer = NodeRef::<html::Div>::new();
    #[cfg(feature = "browser")]
    browser::listen(outer, on_event);
    #[cfg(not(feature = "browser"))]
    let _ = on_event;
    view! {
        <div class="payment-form-host" node_ref=outer>
            <ReactWidget name=PAYMENT_FORM props=props/>
        </div>
    }
}

#[cfg(feature = "browser")]
mod browser {
    use super::{FieldTexts, PaymentEvent};
    use leptos::{html, prelude::*};
    use serde::Deserialize;
    use wasm_bindgen::JsCast;

    #[derive(Deserialize)]
    struct Submitted {
        method: String,
        #[serde(flatten)]
        values: FieldTexts,
    }

    #[derive(Deserialize)]
    struct Country {
        country: String,
    }

    #[derive(Deserialize)]
    struct Check {
        method: String,
        field: String,
        value: String,
    }

    /// Listens for the widget's bubbling events on the window and keeps
    /// those from inside `outer` (a page may one day host two forms).
    pub(super) fn listen(outer: NodeRef<html::Div>, on_event: Callback<PaymentEvent>) {
        let handles: Vec<_> = ["ready", "submit", "country", "check"]
            .into_iter()
            .map(|name| {
                window_event_listener_untyped(
                    &format!("widget:payment-form:{name}"),
                    move |event| {
                        let Some(host) = outer.try_get_untracked().flatten() else {
                            return;
                        };
                        let target = event
                            .target()
                            .and_then(|t| t.dyn_into::<web_sys::Node>().ok());
                        if !target.is_some_and(|t| host.contains(Some(&t))) {
                            return;
                        }
                        let detail = event.unchecked_ref::<web_sys::CustomEvent>().detail();
                        if let Some(parsed) = parse(name, detail) {
                            on_event.run(parsed);
                        }
                    },
                )
            })
            .collect();
        on_cleanup(move || handles.into_iter().for_each(|h| h.remove()));
    }

    fn parse(name: &str, detail: wasm_bindgen::JsValue) -> Option<PaymentEvent> {
        use serde_wasm_bindgen::from_value as from;
        Some(match name {
            "ready" => PaymentEvent::Ready,
            "submit" => from::<Submitted>(detail)
                .ok()
                .map(|s| PaymentEvent::Submit {
                    method: s.method,
                    values: s.values,
                })?,
            "country" => PaymentEvent::Country(from::<Country>(detail).ok()?.country),
            _ => from::<Check>(detail).ok().map(|c| PaymentEvent::Check {
                method: c.method,
                field: c.field,
                value: c.value,
            })?,
        })
    }
}
