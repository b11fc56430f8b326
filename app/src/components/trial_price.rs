//! The trial offer, read from `GET /portal/priceSetup` with the search:
//! the price first, then the renewal terms in plain words, and the way to
//! checkout (keeping a number searched on the page).
use super::locate_result::SearchOutcome;
use crate::checkout::pay_method_href;
use crate::i18n::{t, t_args, use_i18n, Key, Locale};
use crate::model::{Cycle, PricePlan};
use leptos::either::EitherOf3;
use leptos::prelude::*;

fn terms(locale: Locale, plan: &PricePlan) -> String {
    let cycle = t(
        locale,
        if plan.cycle == Cycle::Week {
            Key::CycleWeek
        } else {
            Key::CycleMonth
        },
    );
    let price = plan.present_price_text(locale);
    if plan.is_tryout {
        let days = plan.trial_days.to_string();
        t_args(
            locale,
            Key::PriceTrialTerms,
            &[("days", &days), ("price", &price), ("cycle", cycle)],
        )
    } else {
        t_args(
            locale,
            Key::PriceFullTerms,
            &[("price", &price), ("cycle", cycle)],
        )
    }
}

/// The first plan of the payer's country, shown as the trial offer: the
/// country of the searched number once known (see [`search_outcome`]).
///
/// [`search_outcome`]: super::locate_result::search_outcome
#[component]
pub fn TrialPrice(outcome: Resource<SearchOutcome>) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <Suspense fallback=|| ()>
            {move || {
                Suspend::new(async move {
                    let locale = i18n.locale();
                    let SearchOutcome { plans, searched, .. } = outcome.await;
                    match plans {
                        Ok(list) if !list.is_empty() => {
                            let plan = &list[0];
                            let parts = plan.display_price(locale);
                            EitherOf3::A(view! {
                                <div class="trial-price" data-testid="trial-price">
                                    <span class="trial-intro">{t(locale, Key::PriceTrialIntro)}</span>
                                    " "
                                    <span class="price">
                                        <span class="price-symbol">{parts.symbol}</span>
                                        <span class="price-integer">{parts.integer}</span>
                                        <span class="price-decimal">{parts.decimal}</span>
                                    </span>
                                    <p class="trial-terms">{terms(locale, plan)}</p>
                                    <a class="btn-primary" id="trial-cta" data-keep-search="" href=pay_method_href(locale, Some(plan.id), &searched)>
                                        {t(locale, Key::CheckoutStartTrial)}
                                    </a>
                                </div>
                            })
                        }
                        Ok(_) => EitherOf3::B(view! { <p class="trial-price">{t(locale, Key::PriceUnavailable)}</p> }),
                        Err(e) => EitherOf3::C(view! { <p class="trial-price" role="alert">{e.msg}</p> }),
                    }
                })
            }}
        </Suspense>
    }
}
