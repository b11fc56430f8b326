//! The result page's words and buttons for each state of an order.
use super::ENTER_PATH;
use crate::api::encode;
use crate::checkout::decline_key;
use crate::dates::format_local_date;
use crate::i18n::{t, t_args, Key, Locale};
use crate::model::billing::{OrderStatus, PayOutcome};
use crate::routes::{href, Page};
use leptos::either::{Either, EitherOf4};
use leptos::prelude::*;

/// The heading and the words of the order's state.
pub fn body(locale: Locale, status: &OrderStatus) -> impl IntoView {
    let with_email = |key| t_args(locale, key, &[("email", &status.email)]);
    match status.outcome {
        PayOutcome::Success => EitherOf4::A(paid(locale, status)),
        PayOutcome::Pending => EitherOf4::B(view! {
            <h1>{t(locale, Key::PayresPending)}</h1>
            <p class="pay-result-text">{with_email(Key::PayresPendingText)}</p>
        }),
        PayOutcome::Processing => EitherOf4::C(view! {
            <h1>{t(locale, Key::PayresProcessing)}</h1>
            <p class="pay-result-text">{t(locale, Key::PayresProcessingText)}</p>
            {status.decline.map(|d| view! {
                <p class="form-alert pay-result-decline" role="alert">{t(locale, decline_key(d))}</p>
            })}
        }),
        PayOutcome::Fail => EitherOf4::D(view! {
            <h1>{t(locale, Key::PayresFailedTitle)}</h1>
            <p class="form-alert pay-result-decline" role="alert">
                {t(locale, decline_key(status.decline.unwrap_or_default()))}
            </p>
        }),
    }
}

/// Paid: the receipt, what was charged, the trial, when it renews at what
/// full price, and the one-click cancel.
fn paid(locale: Locale, status: &OrderStatus) -> impl IntoView {
    let days = status.trial_days.to_string();
    let trial =
        (status.trial_days > 0).then(|| t_args(locale, Key::PayresPaidTrial, &[("days", &days)]));
    let renews = match status.renews_at {
        Some(at) => t_args(
            locale,
            Key::PayresPaidRenews,
            &[
                ("date", &format_local_date(at, locale)),
                ("price", &status.renewal_price),
            ],
        ),
        None => t_args(
            locale,
            Key::PayresPaidRenewsLater,
            &[("price", &status.renewal_price)],
        ),
    };
    view! {
        <h1>{t(locale, Key::PayresPaidTitle)}</h1>
        <p class="pay-result-text">{t_args(locale, Key::PayresPaidReceipt, &[("email", &status.email)])}</p>
        <ul class="pay-result-terms">
            <li>{t_args(locale, Key::PayresPaidCharged, &[("amount", &status.first_charge)])}</li>
            {trial.map(|text| view! { <li>{text}</li> })}
            <li>{renews}</li>
            <li>
                <a href=href(locale, Page::Billing) id="pay-result-cancel">{t(locale, Key::PayresPaidCancel)}</a>
                " " {t(locale, Key::PayresPaidCancelHint)}
            </li>
        </ul>
    }
}

/// The buttons of each state.
pub fn actions(
    locale: Locale,
    status: &OrderStatus,
    this_page: String,
    password_error: Option<Key>,
) -> impl IntoView {
    match status.outcome {
        PayOutcome::Success => EitherOf4::A(if status.needs_password {
            Either::Left(password_step(locale, status, password_error))
        } else {
            Either::Right(enter_form(locale, status, None))
        }),
        PayOutcome::Pending => EitherOf4::B(view! {
            <div class="pay-result-actions">
                <a class="btn-primary" href=this_page id="pay-result-refresh">{t(locale, Key::PayresRefresh)}</a>
                <a href=href(locale, Page::Home)>{t(locale, Key::PayresHome)}</a>
            </div>
        }),
        PayOutcome::Processing => EitherOf4::C(view! {
            <div class="pay-result-actions">
                <a class="btn-secondary" href=this_page id="pay-result-refresh">{t(locale, Key::PayresRefresh)}</a>
            </div>
        }),
        PayOutcome::Fail => EitherOf4::D(view! {
            <div class="pay-result-actions">
                <a class="btn-primary" href=retry_href(locale, status) id="pay-result-again">{t(locale, Key::PayresRetry)}</a>
            </div>
        }),
    }
}

/// Back to checkout with the failed order's plan, method and e-mail.
pub fn retry_href(locale: Locale, status: &OrderStatus) -> String {
    format!(
        "{}?planId={}&retry={}",
        href(locale, Page::PayMethod),
        status.plan_id,
        encode(&status.order_no)
    )
}

/// A new member's first password, set as they enter; or enter without it
/// (the e-mailed link stays the fallback).
fn password_step(locale: Locale, status: &OrderStatus, error: Option<Key>) -> impl IntoView {
    view! {
        <section class="pay-result-password" aria-labelledby="pay-result-password-title">
            <h2 id="pay-result-password-title">{t(locale, Key::PayresPasswordTitle)}</h2>
            {enter_form(locale, status, Some(error))}
        </section>
        <form method="post" action=ENTER_PATH class="pay-result-skip">
            <input type="hidden" name="lang" value=locale.code()/>
            <input type="hidden" name="order_no" value=status.order_no.clone()/>
            <button type="submit" class="btn-link" id="pay-result-skip">{t(locale, Key::PayresSkipPassword)}</button>
        </form>
    }
}

/// Enter Dashboard; with `password` (its error, if any) the form asks for
/// the first password too.
fn enter_form(
    locale: Locale,
    status: &OrderStatus,
    password: Option<Option<Key>>,
) -> impl IntoView {
    let label = if password.is_some() {
        Key::PayresPasswordSave
    } else {
        Key::PayresEnter
    };
    let hint = t_args(locale, Key::PayresPasswordHint, &[("email", &status.email)]);
    let field = password.map(|error| {
        view! {
            <label for="pay-result-password">{t(locale, Key::PayresPasswordLabel)}</label>
            <input type="password" id="pay-result-password" name="password" autocomplete="new-password"
                minlength="6" maxlength="30" required aria-invalid=error.map(|_| "true")
                aria-describedby="pay-result-password-hint pay-result-password-error"/>
            <p class="field-hint" id="pay-result-password-hint">{hint}</p>
            <p class="field-error" id="pay-result-password-error" role="alert">{error.map(|k| t(locale, k))}</p>
        }
    });
    view! {
        <form method="post" action=ENTER_PATH class="pay-result-enter">
            <input type="hidden" name="lang" value=locale.code()/>
            <input type="hidden" name="order_no" value=status.order_no.clone()/>
            {field}
            <button type="submit" class="btn-primary" id="pay-result-enter">{t(locale, label)}</button>
        </form>
    }
}
