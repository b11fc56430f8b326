//! `/pay-method`: the plan, what it costs and when, and the payment form.
//! The form is the React `PaymentForm` widget once the page is first used
//! with JavaScript on (a key, a pointer, a focus: the widget's code loads
//! then, see `app/js/site.js`) ([`PayMethodForm`]); before that, and without
//! JavaScript, it is a plain form ([`static_form`]) posting `pay_order` to
//! this page, which answers with the provider's checkout or the page again
//! with the messages. What the payer gave the plain form carries over.
//!
//! Query: `planId` (else the first plan), `country` + `phone` (the number
//! searched on the home page, kept), `payCountry` (the payer's country;
//! else the number's, else the server's guess from the address; prices
//! and methods both follow that country, never the page's language),
//! `retry` (a failed order: the form starts from its method and e-mail,
//! with the reason it failed beside it).
#[cfg(feature = "browser")]
mod handoff;
mod island;
mod static_form;

pub use island::PayMethodForm;

use crate::account::forms::{kept_value, AuthForm, FormOutcome};
use crate::account::plan::now_ms;
use crate::account::use_viewer;
use crate::account::validation::{FieldErrors, Slot};
use crate::api::{ApiClient, ApiError};
use crate::checkout::{
    is_idempotency_key, new_idempotency_key, pay_method_href, plan_option_text, CarriedNumber,
    SearchedNumber,
};
use crate::components::{csrf_token, CheckoutSetup};
use crate::i18n::{t, t_args, use_i18n, Key, Locale};
use crate::model::billing::{MethodChoice, OrderStatus, PayMethods};
use crate::model::PricePlan;
use crate::routes::{href, Page};
use crate::widgets::FieldTexts;
use leptos::either::Either;
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;
use serde::{Deserialize, Serialize};

/// What the page loads: the plans and methods of the payer's country.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Loaded {
    plans: Vec<PricePlan>,
    methods: PayMethods,
    /// The failed order this visit retries, when it is one.
    retry: Option<OrderStatus>,
}

async fn load(
    client: ApiClient,
    locale: Locale,
    country: Option<String>,
    plan_id: Option<i64>,
    retry: Option<String>,
) -> Result<Loaded, ApiError> {
    let plans = client.price_setup(locale, country.as_deref()).await?;
    // Without a chosen plan of this country's the first one is shown: its
    // currency decides which methods can take it.
    let plan_id = plan_id
        .filter(|id| plans.iter().any(|p| p.id == *id))
        .or_else(|| plans.first().map(|p| p.id));
    let methods = client
        .pay_methods(locale, country.as_deref(), plan_id)
        .await?;
    let retry = match retry {
        Some(order_no) => client.order_status(locale, &order_no).await.ok(),
        None => None,
    };
    Ok(Loaded {
        plans,
        methods,
        retry,
    })
}

/// The query of the page.
#[derive(Clone, Debug, Default)]
struct PayQuery {
    plan_id: Option<i64>,
    searched: SearchedNumber,
    pay_country: Option<String>,
    retry: Option<String>,
}

fn read_query() -> PayQuery {
    use_query_map().with_untracked(|q| PayQuery {
        plan_id: q.get("planId").and_then(|id| id.parse().ok()),
        searched: SearchedNumber {
            country: q.get("country").unwrap_or_default(),
            phone: q.get("phone").unwrap_or_default(),
        },
        pay_country: q.get("payCountry").filter(|c| !c.is_empty()),
        retry: q.get("retry").filter(|r| !r.is_empty()),
    })
}

/// The checkout page.
#[component]
pub fn PayMethodPage() -> impl IntoView {
    let i18n = use_i18n();
    let locale = i18n.locale();
    let query = read_query();
    let outcome = use_context::<FormOutcome>().filter(|o| o.form == AuthForm::PayOrder);
    let kept_country = outcome
        .as_ref()
        .and_then(|o| o.value("payCountry"))
        .map(str::to_owned);
    // The payer's country: picked on this page, else the searched number's
    // (in the address, or carried from an earlier try), else the server's
    // guess by address (prices and methods alike).
    let carried = use_context::<CarriedNumber>()
        .and_then(|CarriedNumber(n)| n.number_country().map(str::to_owned));
    let country = kept_country
        .or_else(|| query.pay_country.clone())
        .or_else(|| query.searched.number_country().map(str::to_owned))
        .or(carried);
    let plan_id = query.plan_id;
    let retry = query.retry.clone();
    let client = ApiClient::new();
    let loaded = Resource::new(
        || (),
        move |()| {
            let (country, retry) = (country.clone(), retry.clone());
            load(client.clone(), locale, country, plan_id, retry)
        },
    );
    let searched = query.searched.is_some().then(|| {
        t_args(
            locale,
            Key::CheckoutSearched,
            &[("number", query.searched.phone.trim())],
        )
    });
    let visitor = use_viewer().is_none();
    view! {
        <section class="checkout-page">
            <h1>{i18n.text(Page::PayMethod.title_key())}</h1>
            {searched.map(|text| view! { <p class="checkout-searched">{text}</p> })}
            <Suspense fallback=|| ()>
                {move || {
                    let (query, outcome) = (query.clone(), outcome.clone());
                    Suspend::new(async move {
                        match loaded.await {
                            Err(e) => Either::Left(view! { <p class="form-alert" role="alert">{e.msg}</p> }),
                            Ok(loaded) => Either::Right(checkout(locale, loaded, query, outcome)),
                        }
                    })
                }}
            </Suspense>
            {visitor.then(|| view! {
                <p class="checkout-login">
                    {i18n.text(Key::CheckoutHaveAccount)} " "
                    <a href=href(locale, Page::Login)>{i18n.text(Key::CheckoutLogin)}</a>
                </p>
            })}
        </section>
    }
}

/// The plan choice, the summary and the form, for the loaded plans.
fn checkout(
    locale: Locale,
    loaded: Loaded,
    query: PayQuery,
    outcome: Option<FormOutcome>,
) -> impl IntoView {
    let Some(plan) = loaded
        .plans
        .iter()
        .find(|p| Some(p.id) == query.plan_id)
        .or(loaded.plans.first())
        .cloned()
    else {
        return Either::Left(
            view! { <p class="form-alert" role="alert">{t(locale, Key::PriceUnavailable)}</p> },
        );
    };
    let chooser = (loaded.plans.len() > 1)
        .then(|| plan_chooser(locale, &loaded.plans, plan.id, &query.searched));
    let action = pay_method_href(locale, Some(plan.id), &query.searched);
    let summary = plan_option_text(locale, &plan);
    let mut setup = setup_of(
        plan,
        loaded.methods,
        outcome.as_ref(),
        loaded.retry.as_ref(),
    );
    setup.searched = query.searched.clone();
    Either::Right(view! {
        {chooser}
        <div class="checkout-plan">
            <h2>{t(locale, Key::CheckoutPlanTitle)}</h2>
            <p class="checkout-plan-terms">{summary}</p>
        </div>
        // The widget's host comes first: when the widget appears the plain
        // form below it hides in the same frame, so nothing moves but by
        // the difference in their heights.
        <PayMethodForm locale=locale setup=setup.clone()/>
        <static_form::StaticCheckout setup=setup csrf=csrf_token() action=action searched=query.searched/>
    })
}

/// The plans as links (each keeps the searched number); the chosen one marked.
fn plan_chooser(
    locale: Locale,
    plans: &[PricePlan],
    chosen: i64,
    searched: &SearchedNumber,
) -> impl IntoView {
    let items = plans
        .iter()
        .map(|plan| {
            let current = (plan.id == chosen).then_some("true");
            view! {
                <li>
                    <a href=pay_method_href(locale, Some(plan.id), searched) aria-current=current class="checkout-plan-link">
                        {plan_option_text(locale, plan)}
                    </a>
                </li>
            }
        })
        .collect_view();
    view! {
        <nav class="checkout-plans" aria-label=t(locale, Key::CheckoutPlansLabel)>
            <ul>{items}</ul>
        </nav>
    }
}

/// The form's start: what was typed before a failed post (the same key
/// after the provider failed, so a retry places that order once), or the
/// failed order being retried (its method, e-mail and why it failed), or
/// the member's e-mail, and a fresh key.
fn setup_of(
    plan: PricePlan,
    methods: PayMethods,
    outcome: Option<&FormOutcome>,
    retry: Option<&OrderStatus>,
) -> CheckoutSetup {
    let retry = retry.filter(|_| outcome.is_none());
    let kept = |name: &str| kept_value(outcome, name).unwrap_or_default();
    let provider_failed =
        outcome.is_some_and(|o| o.errors.get(Slot::Form) == Some(Key::ErrorPaymentProvider));
    let key = Some(kept("idempotencyKey"))
        .filter(|k| provider_failed && is_idempotency_key(k))
        .unwrap_or_else(new_idempotency_key);
    let email = outcome
        .map(|o| o.email.clone())
        .or_else(|| retry.map(|r| r.email.clone()))
        .or_else(|| use_viewer().map(|v| v.email))
        .unwrap_or_default();
    CheckoutSetup {
        plan,
        country: methods.country,
        methods: methods.methods.iter().map(|m| m.choose).collect(),
        now_ms: now_ms(),
        key,
        method: MethodChoice::parse(&kept("method"))
            .or_else(|| retry.and_then(|r| MethodChoice::parse(&r.method))),
        values: FieldTexts {
            email,
            zip: kept("zip"),
            name: kept("name"),
            document: kept("document"),
            phone: kept("phone"),
        },
        errors: outcome
            .map(|o| o.errors.clone())
            .or_else(|| retry.and_then(retry_errors))
            .unwrap_or_default(),
        searched: SearchedNumber::default(),
    }
}

/// Why the retried order failed, beside the form.
fn retry_errors(retry: &OrderStatus) -> Option<FieldErrors> {
    let decline = retry.decline?;
    let mut errors = FieldErrors::default();
    errors.set(Slot::Form, Some(crate::checkout::decline_key(decline)));
    Some(errors)
}
