//! The sandbox provider's hosted checkout page (`/sandbox/checkout/{order}`),
//! served only while `PAYMENT_PROVIDER=sandbox`. Plain HTML without
//! scripts, like a provider's page: pick a test card, the sandbox settles the
//! payment and sends its signed webhooks, the payer returns to the result page.
use super::redirects::redirect;
use crate::html::escape_html as esc;
use crate::payments::sandbox::{Behaviour, SandboxCheckout, TEST_CARDS};
use crate::state::AppState;
use app_core::i18n::{t, t_args, Key, Locale};
use app_core::model::price::amount_text;
use axum::extract::{Form, Path, State};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use serde::Deserialize;

/// The sandbox routes (empty unless the sandbox runs).
pub fn sandbox_router(state: &AppState) -> Router<AppState> {
    if state.gateways.sandbox().is_none() {
        return Router::new();
    }
    Router::new().route("/sandbox/checkout/{order_no}", get(show).post(pay))
}

async fn show(State(state): State<AppState>, Path(order_no): Path<String>) -> Response {
    let Some(sandbox) = state.gateways.sandbox() else {
        return StatusCode::NOT_FOUND.into_response();
    };
    match sandbox.checkout(&order_no).await {
        Ok(Some(checkout)) => Html(page(&state, &checkout)).into_response(),
        Ok(None) => StatusCode::NOT_FOUND.into_response(),
        Err(error) => {
            tracing::error!(%error, "sandbox checkout unavailable");
            StatusCode::SERVICE_UNAVAILABLE.into_response()
        }
    }
}

/// The posted test card.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct PayForm {
    card: String,
}

async fn pay(
    State(state): State<AppState>,
    Path(order_no): Path<String>,
    Form(form): Form<PayForm>,
) -> Response {
    let Some(sandbox) = state.gateways.sandbox() else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let checkout = match sandbox.checkout(&order_no).await {
        Ok(Some(checkout)) => checkout,
        Ok(None) => return StatusCode::NOT_FOUND.into_response(),
        Err(_) => return StatusCode::SERVICE_UNAVAILABLE.into_response(),
    };
    if let Err(error) = sandbox.pay(&order_no, &form.card).await {
        tracing::error!(%error, "sandbox payment not recorded");
        return StatusCode::SERVICE_UNAVAILABLE.into_response();
    }
    state.wakers.payments.notify_one();
    redirect(&result_url(&checkout), Vec::new())
}

fn locale_of(checkout: &SandboxCheckout) -> Locale {
    Locale::from_code(&checkout.locale).unwrap_or_default()
}

fn result_url(checkout: &SandboxCheckout) -> String {
    // A renewal paid by pay link returns to the billing page, as the
    // provider's return URL says.
    if crate::services::billing::charges::is_renewal_key(&checkout.order_no) {
        let billing = app_core::routes::href(locale_of(checkout), app_core::routes::Page::Billing);
        return format!("{billing}?renewed=1");
    }
    format!(
        "{}/pay-result?orderNo={}",
        locale_of(checkout).path_prefix(),
        checkout.order_no
    )
}

fn behaviour_key(behaviour: Behaviour) -> Key {
    match behaviour {
        Behaviour::Succeeds => Key::SandboxSucceeds,
        Behaviour::Declined => Key::SandboxDeclined,
        Behaviour::InsufficientFunds => Key::SandboxInsufficientFunds,
        Behaviour::ExpiredCard => Key::SandboxExpiredCard,
        Behaviour::IncorrectCvc => Key::SandboxIncorrectCvc,
        Behaviour::AuthenticationFailed => Key::SandboxAuthenticationFailed,
        Behaviour::MethodUnavailable => Key::SandboxMethodUnavailable,
        Behaviour::ProcessingError => Key::SandboxProcessingError,
        Behaviour::PendingThenSucceeds => Key::SandboxPendingThenSucceeds,
        Behaviour::FailsAtRenewal => Key::SandboxFailsAtRenewal,
        Behaviour::RenewalAnswerLost => Key::SandboxRenewalAnswerLost,
        Behaviour::RenewalUnavailable => Key::SandboxRenewalUnavailable,
    }
}

fn page(state: &AppState, checkout: &SandboxCheckout) -> String {
    let l = locale_of(checkout);
    let css = state
        .public
        .assets
        .css
        .as_deref()
        .map(|href| format!(r#"<link rel="stylesheet" href="{}">"#, esc(href)))
        .unwrap_or_default();
    let amount = amount_text(l, &checkout.amount.currency, &checkout.amount.decimal());
    let body = if checkout.open {
        open_body(l)
    } else {
        finished_body(l, checkout)
    };
    format!(
        r#"<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{title}</title><link rel="icon" href="/favicon.svg">{css}</head><body><main class="sandbox-checkout"><h1>{title}</h1><p class="sandbox-notice">{notice}</p><p>{order}</p><p><strong>{amount}</strong></p>{body}</main></body></html>"#,
        lang = l.html_lang(),
        title = esc(t(l, Key::SandboxTitle)),
        notice = esc(t(l, Key::SandboxNotice)),
        order = esc(&t_args(
            l,
            Key::SandboxOrder,
            &[("order", &checkout.order_no)]
        )),
        amount = esc(&t_args(l, Key::SandboxAmount, &[("amount", &amount)])),
    )
}

fn open_body(l: Locale) -> String {
    let cards: String = TEST_CARDS
        .iter()
        .map(|c| {
            format!(
                r#"<li><button type="submit" name="card" value="{n}" class="btn-secondary">{n} — {what}</button></li>"#,
                n = esc(c.number),
                what = esc(t(l, behaviour_key(c.behaviour)))
            )
        })
        .collect();
    format!(
        r#"<form method="post"><p>{pick}</p><ul class="sandbox-cards">{cards}</ul></form><form method="post"><label>{typed} <input name="card" inputmode="numeric" autocomplete="off"></label> <button type="submit" class="btn-primary">{pay}</button></form><p><a class="btn-secondary" href="{prefix}/pay-method">{cancel}</a></p>"#,
        pick = esc(t(l, Key::SandboxPick)),
        typed = esc(t(l, Key::SandboxCardNumber)),
        pay = esc(t(l, Key::SandboxPay)),
        prefix = l.path_prefix(),
        cancel = esc(t(l, Key::SandboxCancel)),
    )
}

fn finished_body(l: Locale, checkout: &SandboxCheckout) -> String {
    format!(
        r#"<p>{done}</p><p><a class="btn-secondary" href="{url}">{link}</a></p>"#,
        done = esc(t(l, Key::SandboxFinished)),
        url = esc(&result_url(checkout)),
        link = esc(t(l, Key::SandboxResultLink)),
    )
}
