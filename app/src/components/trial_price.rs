//! The trial offer, read from `GET /portal/priceSetup` through the API client:
//! the price first, then the renewal terms in plain words, and the way to
//! checkout (keeping a number searched on the page).
use crate::api::ApiClient;
use crate::checkout::{pay_method_href, SearchedNumber};
use crate::i18n::{t, t_args, use_i18n, Key, Locale};
use crate::model::{Cycle, PricePlan};
use leptos::either::EitherOf3;
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;

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

/// The first plan of the payer's country, shown as the trial offer.
#[component]
pub fn TrialPrice() -> impl IntoView {
    let i18n = use_i18n();
    let searched = use_query_map().with_untracked(|q| SearchedNumber {
        country: q.get("country").unwrap_or_default(),
        phone: q.get("phone").unwrap_or_default(),
    });
    let client = ApiClient::new();
    // A number searched on the page decides the payer's country; else the
    // server does, by the visitor's address.
    let country = searched.number_country().map(str::to_owned);
    let plans = Resource::new(
        move || i18n.locale(),
        move |locale| {
            let (client, country) = (client.clone(), country.clone());
            async move { client.price_setup(locale, country.as_deref()).await }
        },
    );
    view! {
        <Suspense fallback=|| ()>
            {move || {
                let searched = searched.clone();
                Suspend::new(async move {
                    let locale = i18n.locale();
                    match plans.await {
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
