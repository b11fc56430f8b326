//! The home banner's search: country code, phone number, Locate, the
//! locating result and the trial offer at the price of the number's
//! country. An island: the only part of the home page that ships to
//! the browser. The number is checked 500 ms after typing stops by
//! the server, whose phone library never ships to the browser. Without
//! JavaScript the form is a plain GET form and the server renders the result.
use super::locate_result::{search_outcome, LastLookup, Search};
use super::{CountryPicker, LocateResult, TrialPrice};
use crate::account::validation::PHONE_INPUT_MAX_LEN;
use crate::api::ApiClient;
use crate::countries;
use crate::i18n::{provide_i18n, use_i18n, Key, Locale};
use crate::interactive::{is_interactive, push_url};
use crate::routes::{href, Page};
use leptos::prelude::*;
use std::time::Duration;

/// How long typing must pause before the number is checked.
const DEBOUNCE: Duration = Duration::from_millis(500);

/// The search form and its result. `country` and `phone` are the submitted
/// values of the URL (`?country=ID&phone=…`), if any.
#[island]
pub fn PhoneSearch(
    locale: Locale,
    country: Option<String>,
    phone: Option<String>,
) -> impl IntoView {
    provide_i18n(Signal::derive(move || locale));
    let i18n = use_i18n();
    let (initial_country, initial_phone) = (country, phone);
    let country = RwSignal::new(countries::offered_or_default(
        initial_country,
        i18n.locale(),
    ));
    let phone = RwSignal::new(initial_phone.clone().unwrap_or_default());
    let message = RwSignal::new(None::<String>);
    let last = LastLookup::new();
    let pending_check = debounce_validation(country, phone, message, last);
    let submitted = RwSignal::new((country.get_untracked(), initial_phone.unwrap_or_default()));
    let outcome = search_outcome(submitted.into(), last);
    let on_submit = search_in_place(country, phone, pending_check, submitted);
    view! {
        <form method="get" action=move || href(i18n.locale(), Page::Home) class="phone-search" on:submit=on_submit>
            <CountryPicker selected=country/>
            <div class="phone-field">
                <label for="phone">{i18n.text(Key::HomePhoneLabel)}</label>
                <input
                    id="phone"
                    name="phone"
                    type="tel"
                    inputmode="tel"
                    autocomplete="tel-national"
                    maxlength=PHONE_INPUT_MAX_LEN
                    placeholder=i18n.text(Key::HomePhonePlaceholder)
                    aria-describedby="phone-error"
                    value=phone.get_untracked()
                    aria-invalid=move || message.with(Option::is_some).then_some("true")
                    prop:value=move || phone.get()
                    on:input=move |ev| phone.set(event_target_value(&ev))
                />
                <p id="phone-error" class="field-error" role="alert">{move || message.get()}</p>
            </div>
            <button type="submit" class="btn-primary" data-click="locate">{i18n.text(Key::HomeLocate)}</button>
        </form>
        <LocateResult outcome=outcome/>
        <TrialPrice outcome=outcome/>
    }
}

/// Once interactive, a search runs in place and the URL becomes the one the
/// plain form would load, so reloading or sharing it shows the same result.
fn search_in_place(
    country: RwSignal<String>,
    phone: RwSignal<String>,
    pending_check: StoredValue<u64>,
    submitted: RwSignal<Search>,
) -> impl Fn(leptos::ev::SubmitEvent) + Copy + 'static {
    let i18n = use_i18n();
    move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        // Locate asks for the number itself: a check still waiting for the
        // typing pause would ask the same question again.
        pending_check.update_value(|g| *g += 1);
        let search = (country.get_untracked(), phone.get_untracked());
        push_url(&format!(
            "{}?country={}&phone={}",
            href(i18n.locale(), Page::Home),
            crate::api::encode(&search.0),
            crate::api::encode(&search.1),
        ));
        submitted.set(search);
    }
}

/// A number typed with its `+` code names its country: the picker follows
/// it (a +62 number is Indonesian whatever was preselected), so what the
/// search carries on to checkout is the number's country.
fn follow_the_number(
    picker: RwSignal<String>,
    picked: &str,
    phone: &str,
    result: &Result<crate::model::NumberInfo, crate::api::ApiError>,
) {
    let Ok(info) = result else { return };
    let offered = countries::all().iter().any(|c| c.key() == info.region);
    if phone.trim_start().starts_with('+') && info.region != picked && offered {
        picker.set(info.region.clone());
    }
}

/// After each edit, waits for a 500 ms pause, then asks the server whether
/// the number is valid and shows its message (or clears it). The question
/// is kept in `last` as it is asked, so a Locate of the same number shares
/// its answer. Returns the check's generation: bumping it drops the check
/// still waiting.
fn debounce_validation(
    country: RwSignal<String>,
    phone: RwSignal<String>,
    message: RwSignal<Option<String>>,
    last: LastLookup,
) -> StoredValue<u64> {
    let i18n = use_i18n();
    let client = ApiClient::new();
    let generation = StoredValue::new(0_u64);
    let picker = country;
    Effect::new(move |previous: Option<()>| {
        let (country, phone) = (country.get(), phone.get());
        // The first run is the initial render, not an edit.
        if previous.is_none() || !is_interactive() {
            return;
        }
        generation.update_value(|g| *g += 1);
        let mine = generation.get_value();
        if phone.trim().is_empty() {
            message.set(None);
            return;
        }
        let client = client.clone();
        set_timeout(
            move || {
                if generation.get_value() != mine {
                    return; // typed again within the pause
                }
                leptos::task::spawn_local(async move {
                    let search = (country.clone(), phone.clone());
                    let result = last.answer(&client, i18n.locale(), search).await;
                    follow_the_number(picker, &country, &phone, &result);
                    if generation.get_value() == mine {
                        message.set(result.err().map(|e| e.msg));
                    }
                });
            },
            DEBOUNCE,
        );
    });
    generation
}
