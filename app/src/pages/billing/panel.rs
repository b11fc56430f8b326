//! The member's subscription as an island: the server renders it with
//! plain forms (`billing_cancel`, `billing_refund`); once hydrated, the
//! forms go through the API and the panel updates in place. A signed-in
//! member's Cancel is never a link to a login page.
use super::facts::{refund_refusal, renews, subscription_facts, ChargeHistory};
use crate::account::forms::AuthForm;
use crate::checkout::pay_method_href;
use crate::components::HiddenFields;
use crate::i18n::{provide_i18n, t, t_args, Key, Locale};
use crate::model::billing::{BillingSummary, MethodChoice, RefundDetail, SubscriptionState};
use crate::routes::{href, Page};
use leptos::either::Either;
use leptos::prelude::*;

/// The panel's state and the API actions on it.
#[derive(Clone, Copy)]
struct Panel {
    locale: Locale,
    summary: RwSignal<BillingSummary>,
    refund: RwSignal<Option<RefundDetail>>,
    notice: RwSignal<Option<Key>>,
    error: RwSignal<Option<String>>,
    busy: RwSignal<bool>,
}

/// Plan, Cancel, refund and payments of the signed-in member.
// A lazily loaded chunk of the hydrate WASM (split out by scripts/build.sh);
// a plain island elsewhere (the server, the widget gallery).
#[cfg_attr(feature = "hydrate", island(lazy))]
#[cfg_attr(not(feature = "hydrate"), island)]
pub fn BillingPanel(
    locale: Locale,
    csrf: String,
    summary: BillingSummary,
    refund: Option<RefundDetail>,
    notice: Option<Key>,
) -> impl IntoView {
    provide_i18n(Signal::derive(move || locale));
    let panel = Panel {
        locale,
        summary: RwSignal::new(summary),
        refund: RwSignal::new(refund),
        notice: RwSignal::new(notice),
        error: RwSignal::new(None),
        busy: RwSignal::new(false),
    };
    let csrf = StoredValue::new(csrf);
    let charges = Signal::derive(move || panel.summary.with(|s| s.charges.clone()));
    let body = move || match panel.summary.with(|s| s.subscription.clone()) {
        None => Either::Left(view! {
            <p id="billing-none">{t(locale, Key::BillpageNoSubscription)}</p>
            <a class="btn-primary" href=pay_method_href(locale, None, &Default::default())>{t(locale, Key::CheckoutChoosePlan)}</a>
        }),
        Some(sub) => Either::Right(view! {
            {subscription_facts(locale, &sub)}
            // A refused renewal is fixed by paying another way (the new
            // subscription replaces this one).
            {(sub.state == SubscriptionState::PastDue).then(|| view! {
                <a class="btn-primary" id="billing-pay-again" href=pay_method_href(locale, None, &Default::default())>{t(locale, Key::BillpagePayAgain)}</a>
            })}
            {renews(&sub).then(|| cancel_form(panel, csrf.get_value()))}
            {(!renews(&sub)).then(|| refund_section(panel, csrf.get_value(), sub.method))}
        }),
    };
    view! {
        <div class="billing-panel" aria-live="polite">
            {move || panel.notice.get().map(|key| view! { <p class="form-notice" role="status">{t(locale, key)}</p> })}
            {move || panel.error.get().map(|msg| view! { <p class="form-alert" role="alert">{msg}</p> })}
            <h2>{t(locale, Key::BillingPlan)}</h2>
            {body}
            <ChargeHistory locale=locale charges=charges/>
        </div>
    }
}

/// One click, no questions: renewals stop, access lasts until the period ends.
fn cancel_form(panel: Panel, csrf: String) -> impl IntoView {
    let locale = panel.locale;
    let label = move || {
        t(
            locale,
            if panel.busy.get() {
                Key::BillpageCancelling
            } else {
                Key::BillingCancel
            },
        )
    };
    view! {
        <form method="post" action=href(locale, Page::Billing) class="billing-cancel" on:submit=move |ev| {
            ev.prevent_default();
            panel.cancel();
        }>
            <HiddenFields csrf=csrf form=AuthForm::BillingCancel/>
            <button type="submit" class="btn-primary" id="billing-cancel" disabled=move || panel.busy.get()>{label}</button>
        </form>
    }
}

/// After cancelling: the refund offer (amount, how long it takes, a button),
/// or why there is none.
fn refund_section(panel: Panel, csrf: String, method: MethodChoice) -> impl IntoView {
    let locale = panel.locale;
    move || {
        let detail = panel.refund.get()?;
        let charge_id = detail.charge_id.filter(|_| detail.eligible);
        let Some(charge_id) = charge_id else {
            let reason = refund_refusal(&detail)?;
            return Some(Either::Left(
                view! { <p class="billing-refund-refused" id="billing-refund-refused">{t(locale, reason)}</p> },
            ));
        };
        let how_long = if method == MethodChoice::Card {
            Key::BillpageRefundCard
        } else {
            Key::BillpageRefundWallet
        };
        let amount = detail.amount_text.clone();
        let label = move || match panel.busy.get() {
            true => t(locale, Key::BillpageRefunding).to_owned(),
            false => t_args(locale, Key::BillpageRefund, &[("amount", &amount)]),
        };
        Some(Either::Right(view! {
            <div class="billing-refund" id="billing-refund">
                <h2>{t(locale, Key::BillpageRefundTitle)}</h2>
                <p>{t_args(locale, Key::BillpageRefundOffer, &[("amount", &detail.amount_text)])}</p>
                <p>{t(locale, how_long)}</p>
                <p>{t(locale, Key::BillpageRefundEnds)}</p>
                <form method="post" action=href(locale, Page::Billing) on:submit=move |ev| {
                    ev.prevent_default();
                    panel.refund_charge(charge_id);
                }>
                    <HiddenFields csrf=csrf.clone() form=AuthForm::BillingRefund/>
                    <input type="hidden" name="chargeId" value=charge_id/>
                    <button type="submit" class="btn-secondary" id="billing-refund-submit" disabled=move || panel.busy.get()>{label}</button>
                </form>
            </div>
        }))
    }
}

impl Panel {
    fn cancel(self) {
        #[cfg(feature = "browser")]
        self.run(Key::BillpageCancelledNotice, |client, locale| async move {
            client.cancel_subscription(locale).await
        });
    }

    fn refund_charge(self, charge_id: i64) {
        #[cfg(feature = "browser")]
        self.run(
            Key::BillpageRefundedNotice,
            move |client, locale| async move { client.refund(locale, charge_id).await },
        );
        #[cfg(not(feature = "browser"))]
        let _ = charge_id;
    }

    /// Runs one action; on success shows the new summary, what the refund
    /// now looks like and `done`.
    #[cfg(feature = "browser")]
    fn run<F, Fut>(self, done: Key, action: F)
    where
        F: FnOnce(crate::api::ApiClient, Locale) -> Fut + 'static,
        Fut: std::future::Future<Output = Result<BillingSummary, crate::api::ApiError>> + 'static,
    {
        if self.busy.get_untracked() {
            return;
        }
        self.busy.set(true);
        let client = crate::api::ApiClient::new();
        leptos::task::spawn_local(async move {
            match action(client.clone(), self.locale).await {
                Ok(summary) => {
                    let refund = client.refund_detail(self.locale).await.ok();
                    self.summary.try_set(summary);
                    self.refund.try_set(refund);
                    self.error.try_set(None);
                    self.notice.try_set(Some(done));
                }
                Err(e) => {
                    self.notice.try_set(None);
                    self.error.try_set(Some(e.msg));
                }
            }
            self.busy.try_set(false);
        });
    }
}
