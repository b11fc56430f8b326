//! Billing (`/billing`): the plan's state and expiry from `Viewer::vip_time`.
//!
//! Cancelling arrives with a later billing issue: until then "Cancel
//! Subscription" links to the `/cancel-subscription` info page and "My
//! Subscription" to the account page.
use crate::account::plan::{now_ms, PlanStatus};
use crate::account::use_viewer;
use crate::i18n::{t_args, use_i18n, Key};
use crate::routes::{href, Page};
use leptos::prelude::*;
use leptos_router::components::A;

/// The plan and the two subscription buttons.
#[component]
pub fn BillingPage() -> impl IntoView {
    let i18n = use_i18n();
    let vip_time = use_viewer().map_or(0, |v| v.vip_time);
    let status = PlanStatus::at(vip_time, now_ms());
    let plan_text = move || match &status {
        PlanStatus::ActiveUntil(date) => t_args(i18n.locale(), Key::BillingActiveUntil, &[("date", date)]),
        PlanStatus::Inactive => i18n.t(Key::BillingNone).to_owned(),
    };
    view! {
        <section class="billing">
            <h1>{i18n.text(Page::Billing.title_key())}</h1>
            <h2>{i18n.text(Key::BillingPlan)}</h2>
            <p class="plan-status">{plan_text}</p>
            <div class="billing-actions">
                <A href=move || href(i18n.locale(), Page::CancelSubscription) attr:class="btn-secondary">
                    {i18n.t(Key::BillingCancel)}
                </A>
                <A href=move || href(i18n.locale(), Page::Account) attr:class="btn-primary">
                    {i18n.t(Key::BillingMySubscription)}
                </A>
            </div>
        </section>
    }
}
