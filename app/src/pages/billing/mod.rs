//! Billing (`/billing`, members only): the plan, its state, the next charge,
//! the payments with their receipt numbers, one-click Cancel and, once
//! cancelled, the refund when the payment qualifies. Every action is a plain
//! form posting to this page; with JavaScript the [`BillingPanel`] island
//! sends it through the API and updates in place.
//!
//! A wallet that cannot be charged without the member renews by pay link:
//! "Renew now" ([`renew`]) shows the amount and the date and takes the
//! wallet's fields.
//!
//! Query: `?cancelled=1`, `?refunded=1` (the server's redirect after a
//! post), `?renewed=1` (back from the wallet's page).
mod facts;
mod panel;
mod receipt;
mod renew;

pub use panel::BillingPanel;
pub use receipt::ReceiptPage;

use crate::api::{ApiClient, ApiError};
use crate::components::csrf_token;
use crate::i18n::{use_i18n, Key, Locale};
use crate::model::billing::{BillingSummary, RefundDetail};
use crate::routes::{href, Page};
use leptos::either::Either;
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;
use serde::{Deserialize, Serialize};

/// What the page loads.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Loaded {
    summary: BillingSummary,
    refund: Option<RefundDetail>,
}

async fn load(client: ApiClient, locale: Locale) -> Result<Loaded, ApiError> {
    let summary = client.billing_summary(locale).await?;
    // Without the refund answer the page still shows the plan.
    let refund = client.refund_detail(locale).await.ok();
    Ok(Loaded { summary, refund })
}

/// The notice of a post that just succeeded.
fn notice_of_query() -> Option<Key> {
    use_query_map().with_untracked(|q| {
        if q.get("refunded").is_some() {
            Some(Key::BillpageRefundedNotice)
        } else if q.get("renewed").is_some() {
            Some(Key::BillpageRenewedNotice)
        } else {
            q.get("cancelled").map(|_| Key::BillpageCancelledNotice)
        }
    })
}

/// The billing page.
#[component]
pub fn BillingPage() -> impl IntoView {
    let i18n = use_i18n();
    let locale = i18n.locale();
    let notice = notice_of_query();
    let csrf = csrf_token();
    let client = ApiClient::new();
    let loaded = Resource::new(|| (), move |()| load(client.clone(), locale));
    view! {
        <section class="billing">
            <h1>{i18n.text(Page::Billing.title_key())}</h1>
            <Suspense fallback=|| ()>
                {move || {
                    let csrf = csrf.clone();
                    Suspend::new(async move {
                        match loaded.await {
                            Err(e) => Either::Left(view! { <p class="form-alert" role="alert">{e.msg}</p> }),
                            Ok(Loaded { summary, refund }) => {
                                let renew = summary
                                    .subscription
                                    .as_ref()
                                    .and_then(|sub| renew::renew_section(locale, csrf.clone(), sub));
                                Either::Right(view! {
                                    <BillingPanel locale=locale csrf=csrf summary=summary refund=refund notice=notice/>
                                    {renew}
                                })
                            }
                        }
                    })
                }}
            </Suspense>
            <div class="billing-actions">
                <a href=href(i18n.locale(), Page::Account) class="btn-secondary">
                    {i18n.t(Key::BillingMySubscription)}
                </a>
            </div>
        </section>
    }
}
