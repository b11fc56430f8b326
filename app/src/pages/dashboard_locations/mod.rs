//! The dashboard's location requests (`/dashboard/locations`): the form that
//! asks a phone's owner for their location (plain no-JS form `locate_create`)
//! and the member's requests, whose statuses the [`LocateRequests`] island
//! keeps up to date (`list.rs`, rows in `row.rs`, polling in `poll.rs`, the
//! live stream in `live.rs`). A position appears only after its owner chose
//! to share it: once (precise or approximate) or live for a set time.
//!
//! Query: `?created=<id>` (the server's redirect after a new request).
use crate::account::forms::{AuthForm, FormOutcome};
use crate::account::plan::now_ms;
use crate::account::use_viewer;
use crate::account::validation::{Slot, PHONE_INPUT_MAX_LEN};
use crate::api::{ApiClient, ApiError, LOCATE_PAGE_SIZE};
use crate::checkout::{pay_method_href, CarriedNumber, SearchedNumber};
use crate::components::{
    csrf_token, CountryPicker, FormMessages, FormState, HiddenFields, ReasonField, SlotField,
};
use crate::countries;
use crate::i18n::{use_i18n, Key, Locale};
use crate::model::locate::{GpsTrace, LocateRequestView};
use crate::routes::{href, Page};
use leptos::either::EitherOf3;
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;
use serde::{Deserialize, Serialize};

/// What the server render loads: the first page of requests and the shared
/// positions of the located ones.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Loaded {
    requests: Vec<LocateRequestView>,
    traces: Vec<GpsTrace>,
}

async fn load(client: ApiClient, locale: Locale) -> Result<Loaded, ApiError> {
    let list = client.locate_list(locale, 1, LOCATE_PAGE_SIZE).await?;
    let mut traces = Vec::new();
    for request in list.items.iter().filter(|r| r.has_location) {
        // A trace that fails to load leaves the row without a map, not the page.
        if let Ok(trace) = client.gps_trace(locale, request.id).await {
            traces.push(trace);
        }
    }
    Ok(Loaded {
        requests: list.items,
        traces,
    })
}

/// The create form, then the list (or the empty state).
#[component]
pub fn DashboardLocationsPage() -> impl IntoView {
    let i18n = use_i18n();
    let locale = i18n.locale();
    let created = use_query_map()
        .with_untracked(|q| q.get("created"))
        .and_then(|id| id.parse::<i64>().ok());
    let csrf = csrf_token();
    let client = ApiClient::new();
    let loaded = Resource::new(|| (), move |()| load(client.clone(), locale));
    view! {
        <section class="dashboard">
            <h1>{i18n.text(Page::DashboardLocations.title_key())}</h1>
            <CreateRequestForm csrf=csrf.clone() created=created.is_some()/>
            <h2 id="my-requests">{i18n.text(Key::LocateListTitle)}</h2>
            <Suspense fallback=|| ()>
                {move || {
                    let csrf = csrf.clone();
                    Suspend::new(async move {
                        match loaded.await {
                            Err(e) => EitherOf3::A(view! { <p class="form-alert" role="alert">{e.msg}</p> }),
                            Ok(Loaded { requests, .. }) if requests.is_empty() => EitherOf3::B(view! { <EmptyState/> }),
                            Ok(Loaded { requests, traces }) => EitherOf3::C(view! {
                                <LocateRequests
                                    locale=locale
                                    csrf=csrf
                                    requests=requests
                                    traces=traces
                                    created=created
                                />
                            }),
                        }
                    })
                }}
            </Suspense>
        </section>
    }
}

/// "No location requests yet", why, and the way to make one.
#[component]
fn EmptyState() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <div class="empty-state">
            <h2>{i18n.text(Key::LocationsEmptyTitle)}</h2>
            <p>{i18n.text(Key::LocationsEmptyText)}</p>
            <a href=format!("{}#phone", href(i18n.locale(), Page::Home)) class="btn-primary">
                {i18n.t(Key::LocationsEmptyCta)}
            </a>
        </div>
    }
}

/// Country, number, an optional note and whether to be e-mailed when the
/// owner answers (off unless ticked) (form `locate_create`), with the
/// promise that the owner decides. Typed values come back after an error.
#[component]
fn CreateRequestForm(csrf: String, created: bool) -> impl IntoView {
    let i18n = use_i18n();
    let locale = i18n.locale();
    let typed = typed_values();
    let country = RwSignal::new(countries::offered_or_default(
        Some(typed("country")),
        locale,
    ));
    let state = FormState::from_outcome(AuthForm::LocateCreate)
        .with_notice(created.then_some(Key::LocateCreatedNotice));
    let errors = state.errors;
    // Without a live subscription, asking is a locked action: with
    // JavaScript it opens the Payment dialog, without it the server says so.
    let locked = use_viewer().is_some_and(|v| v.vip_time <= now_ms());
    // After a refused post the number typed goes along to checkout.
    let choose_plan = locked.then(|| {
        let searched = SearchedNumber {
            country: typed("country"),
            phone: typed("phone"),
        };
        view! { <ChoosePlan searched=searched/> }
    });
    let carried = carried_notice(locale);
    view! {
        <div class="locate-create">
            <h2>{i18n.text(Key::LocateFormTitle)}</h2>
            <p class="locate-consent">{i18n.text(Key::LocateFormConsent)}</p>
            {carried}
            {choose_plan}
            <form
                method="post"
                action=href(locale, Page::DashboardLocations)
                id="locate-create-form"
                data-auth-form=AuthForm::LocateCreate.param()
                data-locked=locked.then_some("payment")
            >
                <HiddenFields csrf=csrf form=AuthForm::LocateCreate/>
                <FormMessages errors=errors.clone() notice=state.notice/>
                <CountryPicker selected=country/>
                <SlotField
                    prefix="locate"
                    field=Slot::Phone
                    label=Key::LocateFormPhone
                    errors=errors.clone()
                    max_len=PHONE_INPUT_MAX_LEN
                    value=typed("phone")
                    input_type="tel"
                    autocomplete="tel-national"
                    inputmode="tel"
                    required=true
                />
                <ReasonField prefix="locate" errors=errors selected=typed("note")/>
                <NotifyField checked={!typed("notify").is_empty()}/>
                <button type="submit" id="locate-submit" class="btn-primary">{i18n.text(Key::LocateFormSubmit)}</button>
            </form>
        </div>
    }
}

/// The number carried from checkout, said above the form.
fn carried_notice(locale: Locale) -> Option<impl IntoView> {
    use_context::<CarriedNumber>().map(|CarriedNumber(n)| {
        let text = crate::i18n::t_args(locale, Key::LocateCarriedNotice, &[("number", &n.phone)]);
        view! { <p class="form-notice" role="status" id="locate-carried">{text}</p> }
    })
}

/// "E-mail me when the owner answers": off unless ticked (and kept after a
/// refused post).
#[component]
fn NotifyField(checked: bool) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <label class="locate-notify">
            <input type="checkbox" id="locate-notify" name="notify" value="1" checked=checked/>
            {i18n.text(Key::LocateFormNotify)}
        </label>
    }
}

/// What was typed into a refused create form, by field name, else the
/// number carried from checkout (empty when there is neither).
fn typed_values() -> impl Fn(&str) -> String {
    let outcome = use_context::<FormOutcome>().filter(|o| o.form == AuthForm::LocateCreate);
    let carried = use_context::<CarriedNumber>().filter(|_| outcome.is_none());
    move |name: &str| match (&outcome, &carried) {
        (Some(o), _) => o.value(name).unwrap_or_default().to_owned(),
        (None, Some(CarriedNumber(n))) if name == "country" => n.country.clone(),
        (None, Some(CarriedNumber(n))) if name == "phone" => n.phone.clone(),
        _ => String::new(),
    }
}

/// Why asking is locked without a live subscription, and the way to a plan
/// (taking the number typed along to checkout).
#[component]
fn ChoosePlan(searched: SearchedNumber) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <p class="locate-locked">
            {i18n.text(Key::CheckoutLockedText)} " "
            <a href=pay_method_href(i18n.locale(), None, &searched)>{i18n.text(Key::CheckoutChoosePlan)}</a>
        </p>
    }
}

mod list;
#[cfg(feature = "browser")]
mod live;
#[cfg(feature = "browser")]
mod poll;
mod row;
mod sharing;

pub use list::LocateRequests;
pub use row::position_text;
