//! The country-code picker: a plain `<select>` that works without JavaScript,
//! plus a search box (shown once hydrated) that filters it as you type.
//! Its options are HTML made once per language
//! ([`super::country_options`]); in the browser the filter and the
//! selection reach them through the DOM.
use super::country_options::options_html;
use crate::account::forms::{kept_value, FormOutcome};
use crate::countries;
use crate::i18n::{use_i18n, Key};
use leptos::prelude::*;
use stylers_macro::style;

/// Picks a calling code; `selected` holds the submitted value (region or `+code`).
#[component]
pub fn CountryPicker(selected: RwSignal<String>) -> impl IntoView {
    let i18n = use_i18n();
    let query = RwSignal::new(String::new());
    // Server HTML hides the search box; it appears only once it can work.
    let interactive = RwSignal::new(false);
    Effect::new(move |_| interactive.set(true));

    let class = style! {
        .picker {
            display: flex;
            flex-direction: column;
            gap: 0.25rem;
            min-width: 0;
        }
        select {
            font-size: 1rem;
            width: 100%;
        }
        input {
            font-size: 1rem;
            width: 100%;
        }
        .country-none {
            margin: 0;
            color: #b45309;
        }

        @media (min-width: 40rem) {
            .picker {
                min-width: 14rem;
            }
        }
    };
    let select = NodeRef::<leptos::html::Select>::new();
    // How many entries the filter leaves: the list is as tall as they need
    // (at most six rows) and collapses to one line when none is left.
    let shown = RwSignal::new(countries::all().len());
    filter_options(select, query, selected, shown);
    let options = options_html(i18n.locale(), &selected.get_untracked());
    let rows = move || match (query.with(String::is_empty), shown.get()) {
        (true, _) | (false, 0) => 1,
        (false, n) => n.clamp(2, 6),
    };
    view! { class = class,
        <div class="picker">
            <label for="country">{i18n.text(Key::HomeCountryLabel)}</label>
            <input
                type="search"
                id="country-search"
                autocomplete="off"
                hidden=move || !interactive.get()
                aria-label=i18n.text(Key::HomeCountrySearch)
                placeholder=i18n.text(Key::HomeCountrySearch)
                aria-controls="country"
                prop:value=move || query.get()
                on:input=move |ev| query.set(event_target_value(&ev))
            />
            <select
                node_ref=select
                inner_html=options
                id="country"
                name="country"
                size=rows
                aria-describedby="country-none"
                prop:value=move || selected.get()
                on:change=move |ev| selected.set(event_target_value(&ev))
            ></select>
            <p id="country-none" class="country-none" role="status">
                {move || (shown.get() == 0).then(|| i18n.t(Key::HomeCountryNone))}
            </p>
        </div>
    }
}

/// Hides the options the search excludes, counts those left and, when the
/// selected one is hidden, selects the first one left: the value that will
/// be submitted stays visible. In the browser the options are the server's
/// (names read back from their labels); the server never filters.
fn filter_options(
    select: NodeRef<leptos::html::Select>,
    query: RwSignal<String>,
    selected: RwSignal<String>,
    shown: RwSignal<usize>,
) {
    #[cfg(feature = "browser")]
    Effect::new(move |previous: Option<String>| {
        let q = query.get();
        if previous.as_deref().unwrap_or_default() == q {
            return q;
        }
        if let Some(select) = select.get() {
            let (left, replacement) = hide_unmatched(&select, &q, &selected.get_untracked());
            shown.set(left);
            if let Some(first) = replacement {
                selected.set(first);
            }
        }
        q
    });
    #[cfg(not(feature = "browser"))]
    let _ = (select, query, selected, shown);
}

/// Hides `select`'s options that `query` does not match; returns how many
/// are left and, when `current` is not among them, the first one left.
#[cfg(feature = "browser")]
fn hide_unmatched(
    select: &web_sys::HtmlSelectElement,
    query: &str,
    current: &str,
) -> (usize, Option<String>) {
    use super::country_options::option_texts;
    use wasm_bindgen::JsCast as _;
    let Ok(options) = select.query_selector_all("option") else {
        return (0, None);
    };
    let (mut left, mut first, mut current_left) = (0, None, false);
    let elements = (0..options.length()).filter_map(|i| options.item(i));
    for option in elements.filter_map(|n| n.dyn_into::<web_sys::Element>().ok()) {
        let key = option.get_attribute("value").unwrap_or_default();
        let (label, english) = (
            option.text_content().unwrap_or_default(),
            option.get_attribute("data-en"),
        );
        let visible = option_texts(&label).is_some_and(|(code, name)| {
            let names = [Some(name), english.as_deref()].into_iter().flatten();
            countries::query_matches(query, code, &key, names)
        });
        let _ = option.toggle_attribute_with_force("hidden", !visible);
        if visible {
            left += 1;
            current_left |= key == current;
            first.get_or_insert(key);
        }
    }
    (left, first.filter(|_| !current_left))
}

/// The number a search form shows: what was typed into the form `outcome`
/// answers, else the address's `country` and `phone`; the country falls
/// back to the page's default, the phone is `None` when nothing was searched.
pub fn typed_number(outcome: Option<&FormOutcome>) -> (String, Option<String>) {
    let locale = use_i18n().locale();
    let (q_country, q_phone) = leptos_router::hooks::use_query_map()
        .with_untracked(|q| (q.get("country"), q.get("phone")));
    let typed = |name: &str, query: Option<String>| kept_value(outcome, name).or(query);
    let country = countries::offered_or_default(typed("country", q_country), locale);
    (country, typed("phone", q_phone))
}
