//! The browser side of the payment form: a country change loads its
//! methods (or the page with its prices); Pay checks the form, places the order once and follows the
//! checkout address.
use super::{localized, CheckoutState};
use crate::account::payment_fields::PaymentFormInput;
use crate::account::validation::Slot;
use crate::api::{ApiClient, OrderRequest};
use crate::checkout::{is_safe_redirect, new_idempotency_key, only_method_fields};
use crate::i18n::{t, Key, Locale};
use crate::model::billing::MethodChoice;
use crate::routes::{href, Page};
use crate::widgets::{FieldTexts, PaymentEvent};
use leptos::prelude::*;

pub(super) fn handle(event: PaymentEvent, state: CheckoutState, locale: Locale) {
    match event {
        PaymentEvent::Submit { method, values } => submit(state, locale, &method, values),
        PaymentEvent::Country(country) => change_country(state, locale, country),
        PaymentEvent::Ready | PaymentEvent::Check { .. } => {}
    }
}

fn change_country(state: CheckoutState, locale: Locale, country: String) {
    state.country.set(country.clone());
    state.busy.set(true);
    leptos::task::spawn_local(async move {
        let plan = Some(state.plan_id);
        // A country that pays other prices gets the page with those prices:
        // nothing is paid at a price the page does not show.
        if let Ok(plans) = ApiClient::new().price_setup(locale, Some(&country)).await {
            if !plans.iter().any(|p| p.id == state.plan_id) {
                go_to(&other_prices_href(locale, &country));
                return;
            }
        }
        match ApiClient::new()
            .pay_methods(locale, Some(&country), plan)
            .await
        {
            // A slower answer for a country picked before is dropped.
            Ok(list) if state.country.try_get_untracked().as_ref() == Some(&list.country) => {
                state
                    .methods
                    .try_set(list.methods.iter().map(|m| m.choose).collect());
                state.set_slot(Slot::Form, None);
            }
            Ok(_) => {}
            Err(e) => state.set_slot(Slot::Form, Some(e.msg)),
        }
        state.busy.try_set(false);
    });
}

fn submit(state: CheckoutState, locale: Locale, method: &str, values: FieldTexts) {
    if state.busy.get_untracked() {
        return;
    }
    let Some(method) = MethodChoice::parse(method) else {
        return;
    };
    let typed = PaymentFormInput {
        email: values.email,
        zip: values.zip,
        name: values.name,
        document: values.document,
        phone: values.phone,
    };
    let input = only_method_fields(method, typed);
    let errors = input.validate(method);
    if !errors.is_empty() {
        state.errors.set(localized(&errors, locale));
        return;
    }
    let order = OrderRequest {
        plan_id: state.plan_id,
        method,
        input,
        country: state.country.get_untracked(),
        idempotency_key: String::new(),
        number: state.searched.get_value(),
    };
    let order = with_key(state, order);
    state.errors.set(Vec::new());
    state.busy.set(true);
    leptos::task::spawn_local(async move {
        match ApiClient::new().place_order(locale, &order).await {
            Ok(created) if is_safe_redirect(&created.redirect_url) => go_to(&created.redirect_url),
            Ok(_) => fail(
                state,
                vec![(Slot::Form, t(locale, Key::ErrorGeneric).to_owned())],
            ),
            Err(e) if e.fields.is_empty() => fail(state, vec![(Slot::Form, e.msg)]),
            Err(e) => fail(state, e.fields),
        }
    });
}

/// Gives `order` (sent without a key) its idempotency key: the same order
/// again (a double click, a retry) keeps the key, so the server places it
/// once; a changed order is a new one and gets a new key.
fn with_key(state: CheckoutState, mut order: OrderRequest) -> OrderRequest {
    state.attempt.update_value(|(key, last)| {
        if last.as_ref().is_some_and(|previous| *previous != order) {
            *key = new_idempotency_key();
        }
        *last = Some(order.clone());
        order.idempotency_key = key.clone();
    });
    order
}

fn fail(state: CheckoutState, errors: Vec<(Slot, String)>) {
    state.errors.try_set(errors);
    state.busy.try_set(false);
}

/// `/pay-method` for the payer of `country`, keeping the searched number
/// when the form is on that page (its first plan: plans differ by country).
fn other_prices_href(locale: Locale, country: &str) -> String {
    let page = href(locale, Page::PayMethod);
    let here = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .and_then(|h| web_sys::Url::new(&h).ok())
        .filter(|url| url.pathname() == page);
    match here {
        Some(url) => {
            let query = url.search_params();
            query.set("payCountry", country);
            query.delete("planId");
            format!("{page}?{}", String::from(query.to_string()))
        }
        None => format!("{page}?payCountry={}", crate::api::encode(country)),
    }
}

fn go_to(url: &str) {
    if let Some(window) = web_sys::window() {
        let _ = window.location().assign(url);
    }
}
