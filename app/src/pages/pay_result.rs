//! `/pay-result?orderNo=…`: where the payer lands after the provider's
//! checkout, told exactly what happened. Processing, then paid (what was
//! charged, when it renews at what full price, how to cancel; a new member
//! sets a password and enters with a plain form that spends the order's
//! one-time claim), pending (Refresh) or failed (why, that nothing was
//! charged, and a retry that keeps the plan, method and e-mail). With
//! JavaScript the state is asked again until it is final (twice a second
//! at first); without, the server renders the current state and Refresh
//! reloads. `password=invalid|busy` says why a chosen password was not set.
use crate::api::{encode, ApiClient};
use crate::config::use_public_config;
use crate::i18n::{provide_i18n, t, t_args, use_i18n, Key, Locale};
use crate::model::billing::{OrderStatus, PayOutcome};
use crate::routes::{href, Page};
use leptos::either::Either;
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;

mod parts;

/// Where the Enter Dashboard form posts (one path for every language; the
/// `lang` field picks the dashboard's).
pub const ENTER_PATH: &str = "/pay-result/enter";

/// The result page: the order's state, or that there is no such order.
#[component]
pub fn PayResultPage() -> impl IntoView {
    let locale = use_i18n().locale();
    let (order_no, password_error) = use_query_map().with_untracked(|q| {
        let error = match q.get("password").as_deref() {
            Some("invalid") => Some(Key::ValidatePassword),
            Some("busy") => Some(Key::ErrorUnavailable),
            _ => None,
        };
        (q.get("orderNo").unwrap_or_default(), error)
    });
    let support = use_public_config().support_email.clone();
    let client = ApiClient::new();
    let no = order_no.clone();
    let status = Resource::new(
        || (),
        move |()| {
            let (client, no) = (client.clone(), no.clone());
            async move {
                if no.is_empty() {
                    None
                } else {
                    client.order_status(locale, &no).await.ok()
                }
            }
        },
    );
    view! {
        <section class="pay-result">
            <Suspense fallback=|| ()>
                {move || {
                    let support = support.clone();
                    Suspend::new(async move {
                        match status.await {
                            Some(status) => Either::Left(view! { <PayResultView locale=locale status=status support=support password_error=password_error/> }),
                            None => Either::Right(unknown_order(locale)),
                        }
                    })
                }}
            </Suspense>
        </section>
    }
}

fn unknown_order(locale: Locale) -> impl IntoView {
    view! {
        <h1>{t(locale, Key::TitlePayResult)}</h1>
        <p class="form-alert" role="alert">{t(locale, Key::PayresUnknown)}</p>
        <a class="btn-primary" href=href(locale, Page::PayMethod)>{t(locale, Key::PayresTryAgain)}</a>
    }
}

/// Whether the state can still change.
#[cfg_attr(not(feature = "browser"), allow(dead_code))]
pub fn is_final(outcome: PayOutcome) -> bool {
    matches!(outcome, PayOutcome::Success | PayOutcome::Fail)
}

/// The support address, prefilled: subject "No Payment Results Found",
/// the payer's e-mail and the order number.
pub fn support_mailto(locale: Locale, support: &str, status: &OrderStatus) -> String {
    let body = t_args(
        locale,
        Key::PayresMailBody,
        &[("email", &status.email), ("order", &status.order_no)],
    );
    format!(
        "mailto:{support}?subject={}&body={}",
        encode(t(locale, Key::PayresMailSubject)),
        encode(&body)
    )
}

/// One order's result, kept up to date in the browser.
// A lazily loaded chunk of the hydrate WASM (split out by scripts/build.sh);
// a plain island elsewhere (the server, the widget gallery).
#[cfg_attr(feature = "hydrate", island(lazy))]
#[cfg_attr(not(feature = "hydrate"), island)]
pub fn PayResultView(
    locale: Locale,
    status: OrderStatus,
    support: String,
    password_error: Option<Key>,
) -> impl IntoView {
    provide_i18n(Signal::derive(move || locale));
    let status = RwSignal::new(status);
    Effect::new(move |_| {
        #[cfg(feature = "browser")]
        poll::start(locale, status);
    });
    let this_page = move || {
        format!(
            "{}?orderNo={}",
            href(locale, Page::PayResult),
            encode(&status.with(|s| s.order_no.clone()))
        )
    };
    move || {
        let current = status.get();
        let outcome = current.outcome;
        let mailto = support_mailto(locale, &support, &current);
        view! {
            <div class="pay-result-state" data-outcome=outcome_name(outcome) aria-live="polite">
                {parts::body(locale, &current)}
                {parts::actions(locale, &current, this_page(), password_error)}
                <p class="pay-result-order">{t_args(locale, Key::PayresOrder, &[("order", &current.order_no)])}</p>
                <p class="pay-result-support"><a href=mailto>{t(locale, Key::PayresSupport)}</a></p>
            </div>
        }
    }
}

fn outcome_name(outcome: PayOutcome) -> &'static str {
    match outcome {
        PayOutcome::Processing => "processing",
        PayOutcome::Success => "success",
        PayOutcome::Pending => "pending",
        PayOutcome::Fail => "fail",
    }
}

#[cfg(feature = "browser")]
mod poll {
    use super::is_final;
    use crate::api::ApiClient;
    use crate::i18n::Locale;
    use crate::model::billing::OrderStatus;
    use leptos::prelude::*;
    use std::time::Duration;

    /// Twice a second while most payments settle, then every 2 s.
    const FIRST: Duration = Duration::from_millis(500);
    const FIRST_ASKS: u32 = 20;
    const EVERY: Duration = Duration::from_secs(2);
    /// Half an hour of asking; a result later than that arrives by e-mail.
    const MAX_ASKS: u32 = 900;

    pub(super) fn start(locale: Locale, status: RwSignal<OrderStatus>) {
        next(locale, status, 0);
    }

    fn next(locale: Locale, status: RwSignal<OrderStatus>, asked: u32) {
        let Some(current) = status.try_get_untracked() else {
            return;
        };
        if is_final(current.outcome) || asked >= MAX_ASKS {
            return;
        }
        set_timeout(
            move || {
                leptos::task::spawn_local(async move {
                    if let Ok(fresh) = ApiClient::new()
                        .order_status(locale, &current.order_no)
                        .await
                    {
                        status.try_set(fresh);
                    }
                    next(locale, status, asked + 1);
                });
            },
            if asked < FIRST_ASKS { FIRST } else { EVERY },
        );
    }
}
