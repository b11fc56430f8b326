//! The Payment dialog's content: the same payment form as `/pay-method`,
//! loaded when the dialog opens (plans and the payer's methods).
use crate::account::plan::now_ms;
use crate::api::{ApiClient, ApiError};
use crate::checkout::new_idempotency_key;
use crate::components::{CheckoutSetup, PaymentCheckout};
use crate::i18n::{t, use_i18n, Key, Locale};
use crate::widgets::FieldTexts;
use leptos::either::Either;
use leptos::prelude::*;

async fn load_setup(
    locale: Locale,
    plan_id: Option<i64>,
    email: String,
) -> Result<CheckoutSetup, ApiError> {
    let client = ApiClient::new();
    // The payer's country by the server's rule: the same one the methods
    // below and the order follow.
    let plans = client.price_setup(locale, None).await?;
    let plan = plans
        .iter()
        .find(|p| Some(p.id) == plan_id)
        .or(plans.first())
        .cloned()
        .ok_or_else(|| ApiError {
            msg: t(locale, Key::PriceUnavailable).to_owned(),
        })?;
    let methods = client.pay_methods(locale, None, Some(plan.id)).await?;
    Ok(CheckoutSetup {
        plan,
        country: methods.country,
        methods: methods.methods.iter().map(|m| m.choose).collect(),
        now_ms: now_ms(),
        key: new_idempotency_key(),
        method: None,
        values: FieldTexts {
            email,
            ..FieldTexts::default()
        },
        errors: Default::default(),
        searched: Default::default(),
    })
}

/// Loads, then shows the payment form (`email` prefilled).
#[component]
pub fn PaymentDialogBody(plan_id: Option<i64>, email: String) -> impl IntoView {
    let locale = use_i18n().locale();
    let setup = LocalResource::new(move || load_setup(locale, plan_id, email.clone()));
    view! {
        <Suspense fallback=move || view! { <p class="checkout-loading" role="status">{t(locale, Key::CheckoutLoading)}</p> }>
            {move || Suspend::new(async move {
                match setup.await {
                    Ok(setup) => Either::Left(view! { <PaymentCheckout setup=setup id_prefix="dpf"/> }),
                    Err(e) => Either::Right(view! { <p class="form-alert" role="alert">{e.msg}</p> }),
                }
            })}
        </Suspense>
    }
}
