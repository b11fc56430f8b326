//! The locating result under the search form: after Locate, the rows of what
//! the numbering plan says (carrier, country, time zone, area) and a
//! location row that says a position comes only from the owner's consent.
//! Nothing here claims the phone was located. Animated after a search in the browser; rendered in its
//! final state by the server (no JavaScript, reloads).
use crate::api::{ApiClient, ApiError};
use crate::checkout::{pay_method_href, SearchedNumber};
use crate::i18n::{use_i18n, I18n, Key, Locale};
use crate::interactive::is_interactive;
use crate::model::{NumberInfo, PricePlan};
use futures::future::{BoxFuture, FutureExt, Shared};
use leptos::either::EitherOf3;
use leptos::prelude::*;
use std::time::Duration;

/// Stage after which everything is shown: connecting (0), five rows, done.
const DONE: u8 = 6;
const STEP: Duration = Duration::from_millis(450);

/// A search: `(country, phone)` as the form has them.
pub type Search = (String, String);
/// What the server said about a number.
pub type Answer = Result<NumberInfo, ApiError>;

/// The server's answer about the last number asked, by search, kept from
/// the moment it is asked: the check after typing and the Locate that
/// follows (also while the check is still on its way) ask the server once.
#[derive(Clone, Copy)]
pub struct LastLookup(StoredValue<Option<(Search, Shared<BoxFuture<'static, Answer>>)>>);

impl LastLookup {
    pub fn new() -> Self {
        LastLookup(StoredValue::new(None))
    }

    /// The answer for exactly this search: the one asked already, answered
    /// or not yet, else a new question to the server. A refusal is asked
    /// again: it may have been the moment's (busy, offline), not the number's.
    pub fn answer(
        self,
        client: &ApiClient,
        locale: Locale,
        search: Search,
    ) -> Shared<BoxFuture<'static, Answer>> {
        let asked = self.0.with_value(|last| {
            last.as_ref()
                .filter(|(key, answer)| *key == search && !matches!(answer.peek(), Some(Err(_))))
                .map(|(_, answer)| answer.clone())
        });
        if let Some(answer) = asked {
            return answer;
        }
        let (client, (country, phone)) = (client.clone(), search.clone());
        let answer = async move { client.number_info(locale, &country, &phone).await }
            .boxed()
            .shared();
        self.0.set_value(Some((search, answer.clone())));
        answer
    }
}

/// What a search shows: the server's answer about the number (`None`
/// before any search) and the plans of the payer's country, which is the
/// number's country once the server named it, else the searched country,
/// else the server's guess by the visitor's address.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct SearchOutcome {
    /// What the server said about the number; `None` before a search.
    pub answer: Option<Answer>,
    /// The plans of the payer's country.
    pub plans: Result<Vec<PricePlan>, ApiError>,
    /// The search as the form had it, carried on to checkout.
    pub searched: SearchedNumber,
}

/// The outcome of the submitted search, `(country, phone)`: one resource
/// for the answer and the offer, so the offer's price follows the number.
pub fn search_outcome(search: Signal<Search>, last: LastLookup) -> Resource<SearchOutcome> {
    let i18n = use_i18n();
    let client = ApiClient::new();
    Resource::new(
        move || (i18n.locale(), search.get()),
        move |(locale, (country, phone))| {
            let client = client.clone();
            async move {
                let searched = SearchedNumber { country, phone };
                let answer = lookup(&client, locale, &searched, last).await;
                let payer = match &answer {
                    Some(Ok(info)) => SearchedNumber {
                        country: info.region.clone(),
                        phone: info.e164.clone(),
                    },
                    _ => searched.clone(),
                };
                let plans = client.price_setup(locale, payer.number_country()).await;
                SearchOutcome {
                    answer,
                    plans,
                    searched,
                }
            }
        },
    )
}

/// The server's answer about a searched number (`None` when none was typed),
/// asked once per search: the check after typing may have it already.
async fn lookup(
    client: &ApiClient,
    locale: Locale,
    searched: &SearchedNumber,
    last: LastLookup,
) -> Option<Answer> {
    if !searched.is_some() {
        return None;
    }
    let search = (searched.country.clone(), searched.phone.clone());
    Some(last.answer(client, locale, search).await)
}

/// Shows the answer of the submitted search.
#[component]
pub fn LocateResult(outcome: Resource<SearchOutcome>) -> impl IntoView {
    view! {
        <Suspense fallback=|| ()>
            {move || Suspend::new(async move {
                match outcome.await.answer {
                    None => EitherOf3::A(()),
                    Some(Err(e)) => EitherOf3::B(view! { <p class="field-error locate-error" role="alert">{e.msg}</p> }),
                    Some(Ok(info)) => EitherOf3::C(view! { <Locating info=info/> }),
                }
            })}
        </Suspense>
    }
}

#[component]
fn Locating(info: NumberInfo) -> impl IntoView {
    let i18n = use_i18n();
    // First render must match the server's HTML; only later searches animate.
    let stage = RwSignal::new(if is_interactive() { 0 } else { DONE });
    let section = NodeRef::<leptos::html::Section>::new();
    if stage.get_untracked() < DONE {
        advance(stage);
        bring_into_view(section);
    }
    let rows = plan_rows(i18n, &info);
    // The searched number travels to checkout, so the way back leads to it.
    let searched = SearchedNumber {
        country: info.region.clone(),
        phone: info.e164.clone(),
    };
    let offer = pay_method_href(i18n.locale(), None, &searched);
    view! {
        <section class="locating" node_ref=section aria-live="polite" data-stage=move || stage.get()>
            <p class="locating-status" hidden=move || { stage.get() >= DONE }>{i18n.text(Key::LocateConnecting)}</p>
            <p class="locating-number">{info.international.clone()}</p>
            <dl class="locating-rows">
                {rows
                    .into_iter()
                    .enumerate()
                    .map(|(i, (key, value, field))| {
                        let shown = move || stage.get() > i as u8;
                        view! {
                            <div class="locating-row" data-field=field hidden=move || !shown()>
                                <dt>{i18n.text(key)}</dt>
                                <dd>{value}</dd>
                            </div>
                        }
                    })
                    .collect_view()}
                <div class="locating-row" data-field="location" hidden=move || { stage.get() < 5 }>
                    <dt>{i18n.text(Key::LocateRowLocation)}</dt>
                    <dd><span class="tag-consent">{i18n.text(Key::LocateDefined)}</span></dd>
                </div>
            </dl>
            <div class="locating-done" hidden=move || { stage.get() < DONE }>
                <h2>{i18n.text(Key::LocateDone)}</h2>
                <p>{i18n.text(Key::LocateOffer)}</p>
                <a class="btn-primary" href=offer>{i18n.text(Key::LocateCta)}</a>
            </div>
        </section>
    }
}

/// The rows of what the numbering plan says, in the order they appear:
/// label, value ("not listed" when the plan has none) and field name.
fn plan_rows(i18n: I18n, info: &NumberInfo) -> [(Key, String, &'static str); 4] {
    let not_listed = |value: &str| {
        if value.is_empty() {
            i18n.t(Key::LocateNotListed).to_owned()
        } else {
            value.to_owned()
        }
    };
    [
        (Key::LocateRowCarrier, not_listed(&info.carrier), "carrier"),
        (Key::LocateRowCountry, info.country.clone(), "country"),
        (
            Key::LocateRowTimezone,
            not_listed(&info.display_name),
            "displayName",
        ),
        (Key::LocateRowCity, not_listed(&info.city), "city"),
    ]
}

/// Scrolls a search's answer into view once it is on the page: on a phone
/// it opens below the fold, under the Locate button.
fn bring_into_view(section: NodeRef<leptos::html::Section>) {
    #[cfg(feature = "browser")]
    Effect::new(move |_| {
        if let Some(element) = section.get() {
            element.scroll_into_view();
        }
    });
    #[cfg(not(feature = "browser"))]
    let _ = section;
}

/// Steps the animation forward until it is done.
fn advance(stage: RwSignal<u8>) {
    set_timeout(
        move || {
            let next = stage.try_get_untracked().map(|s| s + 1);
            if let Some(next) = next {
                stage.set(next);
                if next < DONE {
                    advance(stage);
                }
            }
        },
        STEP,
    );
}
