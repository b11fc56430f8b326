//! Progressive enhancement of the account forms: once hydrated, the field
//! validators (the same Rust functions the server runs) check a field when it
//! loses focus and the whole form on submit, write their message into the
//! field's error slot and stop a submission while anything is invalid.
//! Without JavaScript the forms post as they are and the server answers with
//! the same messages. One island per page; it listens on the window, so it
//! also covers forms that appear later (the dialog layer's).
use crate::i18n::Locale;
use leptos::prelude::*;

/// Renders nothing; hydrating it installs the checks.
#[island]
pub fn AuthFormGuard(locale: Locale) -> impl IntoView {
    // Effects only run in the browser, after hydration.
    Effect::new(move |_| {
        #[cfg(feature = "browser")]
        browser::install(locale);
        #[cfg(not(feature = "browser"))]
        let _ = locale;
    });
}

#[cfg(feature = "browser")]
mod browser {
    use super::super::auth_form::{FORM_MARKER, SLOT_MARKER};
    use crate::account::forms::AuthForm;
    use crate::account::slots::validate_slot;
    use crate::account::validation::{FieldErrors, Slot};
    use crate::i18n::{t, Locale};
    use leptos::ev;
    use leptos::prelude::window_event_listener;
    use wasm_bindgen::JsCast;
    use web_sys::{Element, HtmlElement, HtmlInputElement};

    pub(super) fn install(locale: Locale) {
        // Our rules replace the browser's own (type=email differs).
        if let Some(doc) = web_sys::window().and_then(|w| w.document()) {
            if let Ok(forms) = doc.query_selector_all(&format!("form[{FORM_MARKER}]")) {
                for i in 0..forms.length() {
                    if let Some(form) = forms.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
                        let _ = form.set_attribute("novalidate", "");
                    }
                }
            }
        }
        let _ = window_event_listener(ev::submit, move |event| {
            let Some((form, kind)) = auth_form_of(event.target()) else {
                return;
            };
            let errors = kind.validate(|name| input(&form, name).map(|i| i.value()));
            for &slot in kind.slots() {
                show(&form, slot, &errors, locale);
            }
            if let Some(first) = kind.slots().iter().find(|s| errors.get(**s).is_some()) {
                event.prevent_default();
                if let Some(field) = first.field().and_then(|name| input(&form, name)) {
                    let _ = field.focus();
                }
            }
        });
        let _ = window_event_listener(ev::focusout, move |event| {
            let Some(field) = event
                .target()
                .and_then(|t| t.dyn_into::<HtmlInputElement>().ok())
            else {
                return;
            };
            let Some((form, kind)) = auth_form_of(event.target()) else {
                return;
            };
            let Some(slot) = Slot::from_field(&field.name()).filter(|s| kind.slots().contains(s))
            else {
                return;
            };
            // Tabbing through an empty field is not an error yet; fixing one is news.
            let shown = field.get_attribute("aria-invalid").is_some();
            if field.value().is_empty() && !shown {
                return;
            }
            let mut errors = FieldErrors::default();
            validate_slot(slot, &field.value(), &mut errors);
            show(&form, slot, &errors, locale);
        });
    }

    /// The account form an event happened in, and which one it is.
    fn auth_form_of(target: Option<web_sys::EventTarget>) -> Option<(Element, AuthForm)> {
        let element = target?.dyn_into::<Element>().ok()?;
        let form = element.closest(&format!("form[{FORM_MARKER}]")).ok()??;
        let kind = AuthForm::from_param(&form.get_attribute(FORM_MARKER)?)?;
        Some((form, kind))
    }

    fn input(form: &Element, name: &str) -> Option<HtmlInputElement> {
        form.query_selector(&format!("input[name=\"{name}\"]"))
            .ok()??
            .dyn_into()
            .ok()
    }

    /// Writes the slot's message (or clears it) and marks the input.
    fn show(form: &Element, slot: Slot, errors: &FieldErrors, locale: Locale) {
        let message = errors.get(slot).map(|key| t(locale, key));
        if let Ok(Some(el)) = form.query_selector(&format!("[{SLOT_MARKER}=\"{}\"]", slot.name())) {
            el.set_text_content(message);
        }
        if let Some(field) = slot.field().and_then(|name| input(form, name)) {
            let field: &HtmlElement = field.as_ref();
            let _ = match message {
                Some(_) => field.set_attribute("aria-invalid", "true"),
                None => field.remove_attribute("aria-invalid"),
            };
        }
    }
}
