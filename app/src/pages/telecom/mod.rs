//! `/telecom`: reverse lookup. The search is a plain GET form
//! (`/telecom?country=GB&phone=07400123456`), so a result is a link that
//! works without JavaScript; the server renders the result card. Visitors
//! see the numbering plan's facts; subscribers also the spam verdict and
//! the owner's published entry, and members can report the number.
mod card;
mod report;

use crate::account::forms::{AuthForm, FormOutcome};
use crate::account::validation::PHONE_INPUT_MAX_LEN;
use crate::api::ApiClient;
use crate::components::{typed_number, CountryPicker};
use crate::i18n::{use_i18n, Key};
use crate::routes::{href, Page};
use card::LookupCard;
use leptos::either::EitherOf3;
use leptos::prelude::*;

/// What was searched: from the query, or from a report form that failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Searched {
    pub country: String,
    pub phone: String,
    /// Find Now was pressed (the address has `phone`, even empty).
    pub submitted: bool,
}

fn searched() -> Searched {
    let outcome = use_context::<FormOutcome>().filter(|o| o.form == AuthForm::SpamReport);
    let (country, phone) = typed_number(outcome.as_ref());
    Searched {
        country,
        submitted: phone.is_some(),
        phone: phone.unwrap_or_default(),
    }
}

/// The search form, then the result of the number in the address.
#[component]
pub fn TelecomPage() -> impl IntoView {
    let i18n = use_i18n();
    let locale = i18n.locale();
    let search = searched();
    let client = ApiClient::new();
    let query = search.clone();
    let loaded = Resource::new(
        || (),
        move |()| {
            let (client, query) = (client.clone(), query.clone());
            async move {
                if !query.submitted {
                    None
                } else if query.phone.trim().is_empty() {
                    // Nothing to ask the server: the same message it gives.
                    Some(Err(crate::api::ApiError {
                        msg: crate::i18n::t(locale, Key::PhoneInvalid).to_owned(),
                    }))
                } else {
                    Some(client.lookup(locale, &query.country, &query.phone).await)
                }
            }
        },
    );
    view! {
        <section class="telecom">
            <h1>{i18n.text(Page::Telecom.title_key())}</h1>
            <p class="lead">{i18n.text(Page::Telecom.description_key())}</p>
            <LookupForm country=search.country.clone() phone=search.phone.clone()/>
            <Suspense fallback=|| ()>
                {move || {
                    let search = search.clone();
                    Suspend::new(async move {
                        match loaded.await {
                            None => EitherOf3::A(()),
                            Some(Err(e)) => EitherOf3::B(view! { <p id="lookup-error" class="field-error form-alert" role="alert">{e.msg}</p> }),
                            Some(Ok(result)) => EitherOf3::C(view! { <LookupCard result=result search=search/> }),
                        }
                    })
                }}
            </Suspense>
        </section>
    }
}

/// The lookup's search form: a plain GET form that loads the page again
/// with `?country=&phone=`.
#[component]
fn LookupForm(country: String, phone: String) -> impl IntoView {
    let i18n = use_i18n();
    let country = RwSignal::new(country);
    view! {
        <form method="get" action=href(i18n.locale(), Page::Telecom) class="phone-search lookup-search" id="lookup-form">
            <CountryPicker selected=country/>
            <div class="phone-field">
                <label for="lookup-phone">{i18n.text(Key::LookupPhoneLabel)}</label>
                <input
                    id="lookup-phone"
                    name="phone"
                    type="tel"
                    inputmode="tel"
                    autocomplete="off"
                    maxlength=PHONE_INPUT_MAX_LEN
                    placeholder=i18n.text(Key::LookupPhonePlaceholder)
                    aria-describedby="lookup-error"
                    value=phone
                />
            </div>
            <button type="submit" id="lookup-find" class="btn-primary" data-click="find_now">{i18n.text(Key::LookupFindNow)}</button>
        </form>
    }
}
