//! The country-code picker: a plain `<select>` that works without JavaScript,
//! plus a search box (shown once hydrated) that filters it as you type.
//! Its options are HTML made once per language
//! ([`super::country_options`]); in the browser the filter and the
//! selection reach them through the DOM.
use super::country_options::options_html;
use crate::account::forms::{kept_value, FormOutcome};
use crate::countries;
use crate::i18n::{use_i18n, Key, Locale};
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

    keep_selection_visible(query, selected, i18n.locale());

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
    filter_options(select, i18n.locale(), query);
    let options = options_html(i18n.locale(), &selected.get_untracked());
    // How many entries the filter leaves: the list is as tall as they need
    // (at most six rows) and collapses to one line when none is left.
    let shown = Memo::new(move |_| {
        let (locale, q) = (i18n.locale(), query.get());
        let list = countries::sorted(locale);
        if q.is_empty() {
            return list.len();
        }
        list.iter().filter(|c| c.matches(locale, &q)).count()
    });
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

/// When the filter hides the selected entry, selects the first entry that
/// matches: the value that will be submitted stays visible.
fn keep_selection_visible(query: RwSignal<String>, selected: RwSignal<String>, locale: Locale) {
    Effect::new(move |_| {
        let q = query.get();
        let list = countries::sorted(locale);
        let current = selected.get_untracked();
        if !list
            .iter()
            .any(|c| c.key() == current && c.matches(locale, &q))
        {
            if let Some(first) = list.iter().find(|c| c.matches(locale, &q)) {
                selected.set(first.key());
            }
        }
    });
}

/// Hides the options the search excludes (in the browser: the server's
/// options are never filtered).
fn filter_options(select: NodeRef<leptos::html::Select>, locale: Locale, query: RwSignal<String>) {
    #[cfg(feature = "browser")]
    Effect::new(move |previous: Option<String>| {
        use wasm_bindgen::JsCast as _;
        let q = query.get();
        if previous.as_deref().unwrap_or_default() == q {
            return q;
        }
        let Some(options) = select
            .get()
            .and_then(|s| s.query_selector_all("option").ok())
        else {
            return q;
        };
        for (i, country) in (0_u32..).zip(countries::sorted(locale)) {
            if let Some(option) = options
                .item(i)
                .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
            {
                let _ = option.toggle_attribute_with_force("hidden", !country.matches(locale, &q));
            }
        }
        q
    });
    #[cfg(not(feature = "browser"))]
    let _ = (select, locale, query);
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
