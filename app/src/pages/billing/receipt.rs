//! A receipt (`/billing/receipt?no=…`, members only): one payment that took
//! money, as a member keeps it for their records: who was paid, what their
//! statement shows, the amount before tax, the tax, the total, when it was
//! paid, the period it covers and, once refunded, what came back.
use crate::api::ApiClient;
use crate::checkout::{cycle_word, method_label};
use crate::dates::format_local_date;
use crate::i18n::{t, t_args, use_i18n, Key, Locale};
use crate::model::billing::charge_status_key;
use crate::model::billing::ReceiptView;
use crate::routes::{href, Page};
use leptos::either::Either;
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;

/// The receipt page.
#[component]
pub fn ReceiptPage() -> impl IntoView {
    let i18n = use_i18n();
    let locale = i18n.locale();
    let number = use_query_map().with_untracked(|q| q.get("no").unwrap_or_default());
    let client = ApiClient::new();
    let loaded = Resource::new(
        || (),
        move |()| {
            let (client, number) = (client.clone(), number.clone());
            async move { client.receipt(locale, &number).await }
        },
    );
    view! {
        <section class="billing receipt">
            <h1>{i18n.text(Page::Receipt.title_key())}</h1>
            <Suspense fallback=|| ()>
                {move || Suspend::new(async move {
                    match loaded.await {
                        Err(e) => Either::Left(view! { <p class="form-alert" role="alert">{e.msg}</p> }),
                        Ok(receipt) => Either::Right(receipt_facts(locale, &receipt)),
                    }
                })}
            </Suspense>
            <p class="billing-actions">
                <a href=href(locale, Page::Billing) class="btn-secondary">{i18n.text(Key::ReceiptBack)}</a>
            </p>
        </section>
    }
}

/// Everything the receipt states, as a list of terms.
fn receipt_facts(locale: Locale, r: &ReceiptView) -> impl IntoView {
    let row = move |key: Key, id: &'static str, value: String| {
        view! { <dt>{t(locale, key)}</dt><dd id=id>{value}</dd> }
    };
    let date = move |ms: i64| format_local_date(ms, locale);
    let period = r.period_start.zip(r.period_end).map(|(start, end)| {
        let value = t_args(
            locale,
            Key::ReceiptPeriodValue,
            &[("start", &date(start)), ("end", &date(end))],
        );
        row(Key::ReceiptPeriod, "receipt-period", value)
    });
    let plan = t_args(
        locale,
        Key::BillpagePlanPrice,
        &[
            ("price", &r.plan_price_text),
            ("cycle", cycle_word(locale, r.cycle)),
        ],
    );
    let refunded = r.refunded_text.clone().map(|amount| {
        let when = r.refunded_at.map(date).unwrap_or_default();
        let value = t_args(
            locale,
            Key::ReceiptRefundedValue,
            &[("amount", &amount), ("date", &when)],
        );
        row(Key::ReceiptRefunded, "receipt-refunded", value)
    });
    view! {
        <p class="receipt-no" id="receipt-no">{t_args(locale, Key::ReceiptNumber, &[("receipt", &r.receipt_no)])}</p>
        <dl class="billing-facts receipt-facts" id="receipt">
            {row(Key::ReceiptSeller, "receipt-seller", r.seller.clone())}
            {row(Key::ReceiptDescriptor, "receipt-descriptor", r.descriptor.clone())}
            {row(Key::ReceiptDate, "receipt-date", date(r.charged_at))}
            {period}
            {row(Key::ReceiptPlan, "receipt-plan", plan)}
            {row(Key::BillpageMethod, "receipt-method", t(locale, method_label(r.method)).to_owned())}
            {row(Key::ReceiptAmount, "receipt-amount", r.amount_text.clone())}
            {row(Key::ReceiptTax, "receipt-tax", r.tax_text.clone())}
            {row(Key::ReceiptTotal, "receipt-total", r.total_text.clone())}
            {row(Key::BillpageStatus, "receipt-status", t(locale, charge_status_key(&r.status)).to_owned())}
            {refunded}
        </dl>
    }
}
