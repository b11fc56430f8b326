//! The payment form once JavaScript runs: the widget replaces the plain
//! form (`#pay-static`) as soon as it shows, so there is never a moment
//! without a form; what the payer did on the plain form carries over.
use crate::components::{CheckoutSetup, PaymentCheckout};
use crate::i18n::{provide_i18n, Locale};
use leptos::prelude::*;

/// Element id of the plain form the widget replaces.
pub const STATIC_FORM_ID: &str = "pay-static";

/// The widget, started from `setup` (the same as the plain form's).
// A lazily loaded chunk of the hydrate WASM (split out by scripts/build.sh);
// a plain island elsewhere (the server, the widget gallery).
#[cfg_attr(feature = "hydrate", island(lazy))]
#[cfg_attr(not(feature = "hydrate"), island)]
pub fn PayMethodForm(locale: Locale, setup: CheckoutSetup) -> impl IntoView {
    provide_i18n(Signal::derive(move || locale));
    let on_ready = Callback::new(|()| replace_static_form());
    view! { <PaymentCheckout setup=setup id_prefix="pf" on_ready=on_ready/> }
}

fn replace_static_form() {
    #[cfg(feature = "browser")]
    if let Some(document) = web_sys::window().and_then(|w| w.document()) {
        if let Some(form) = document.get_element_by_id(STATIC_FORM_ID) {
            super::handoff::hand_over(document, form);
        }
    }
}
