//! What the billing page states: the plan and its state, the next charge
//! or the end of access, why a refund is or is not offered, and the
//! payments. Plain rendering of the API's answers.
use crate::api::encode;
use crate::checkout::{cycle_word, method_label};
use crate::dates::format_local_date;
use crate::i18n::{t, t_args, Key, Locale};
use crate::model::billing::{
    charge_status_key, ChargeView, RefundDetail, SubscriptionState, SubscriptionView,
};
use crate::routes::{href, Page};
use leptos::either::Either;
use leptos::prelude::*;

/// Whether the subscription will charge again (not cancelled).
pub fn renews(sub: &SubscriptionView) -> bool {
    !sub.cancel_at_period_end && sub.state != SubscriptionState::Canceled
}

/// The state in words; a cancelled subscription that still runs says so.
pub fn state_text(sub: &SubscriptionView) -> Key {
    match sub.state {
        SubscriptionState::Canceled => Key::BillpageStateCanceled,
        _ if sub.cancel_at_period_end => Key::BillpageStateCancelling,
        SubscriptionState::Trialing => Key::BillpageStateTrialing,
        SubscriptionState::Active => Key::BillpageStateActive,
        SubscriptionState::PastDue if sub.method.renews_with_payer() => {
            Key::BillpageStateAwaitingRenewal
        }
        SubscriptionState::PastDue => Key::BillpageStatePastDue,
    }
}

/// Why a refund is not offered, in words (`None`: nothing to say).
pub fn refund_refusal(detail: &RefundDetail) -> Option<Key> {
    match detail.reason.as_deref() {
        Some("service_used") => Some(Key::BillpageRefundUsed),
        Some("window_passed") => Some(Key::BillpageRefundWindow),
        Some("already_refunded") => Some(Key::BillpageRefundDone),
        Some("refund_pending") => Some(Key::BillpageRefundPending),
        Some("refund_rejected") => Some(Key::BillpageRefundRejected),
        _ => None,
    }
}

/// Plan, state, next charge (or the end of access) and method.
pub fn subscription_facts(locale: Locale, sub: &SubscriptionView) -> impl IntoView {
    let price = t_args(
        locale,
        Key::BillpagePlanPrice,
        &[
            ("price", &sub.price_text),
            ("cycle", cycle_word(locale, sub.cycle)),
        ],
    );
    let next = sub.next_charge_at.map(|at| {
        let value = t_args(
            locale,
            Key::BillpageNextChargeValue,
            &[
                ("amount", &sub.price_text),
                ("date", &format_local_date(at, locale)),
            ],
        );
        view! {
            <dt>{t(locale, Key::BillpageNextCharge)}</dt>
            <dd id="billing-next-charge">{value}</dd>
        }
    });
    let (by_payer, by_payer_note) = (payer_renewal(locale, sub), payer_note(locale, sub));
    let country = price_country(locale, sub);
    let access = (!renews(sub)).then(|| {
        let text = if sub.has_access {
            t_args(
                locale,
                Key::BillpageAccessUntil,
                &[("date", &format_local_date(sub.current_period_end, locale))],
            )
        } else {
            t(locale, Key::BillpageAccessEnded).to_owned()
        };
        view! { <p class="billing-access" id="billing-access">{text}</p> }
    });
    view! {
        <dl class="billing-facts">
            <dt>{t(locale, Key::BillpagePrice)}</dt>
            <dd id="billing-plan">{price}</dd>
            <dt>{t(locale, Key::BillpageStatus)}</dt>
            <dd id="billing-state" data-state=format!("{:?}", sub.state).to_lowercase()>{t(locale, state_text(sub))}</dd>
            {next}
            {by_payer}
            <dt>{t(locale, Key::BillpageMethod)}</dt>
            <dd>{t(locale, method_label(sub.method))}</dd>
        </dl>
        {by_payer_note}
        {country}
        {access}
    }
}

/// A wallet charged only with the member: no charge date, but the amount
/// and the day their confirmation is due.
fn payer_renewal(locale: Locale, sub: &SubscriptionView) -> Option<impl IntoView> {
    (renews(sub) && sub.method.renews_with_payer()).then(|| {
        let value = t_args(
            locale,
            Key::BillpageRenewalValue,
            &[
                ("amount", &sub.price_text),
                ("date", &format_local_date(sub.current_period_end, locale)),
            ],
        );
        view! {
            <dt>{t(locale, Key::BillpageRenewal)}</dt>
            <dd id="billing-renewal">{value}</dd>
        }
    })
}

/// The card's or wallet's country whose price the renewals follow.
fn price_country(locale: Locale, sub: &SubscriptionView) -> Option<impl IntoView> {
    let country = sub.price_country.as_deref().filter(|_| renews(sub))?;
    let text = t_args(
        locale,
        Key::BillpagePriceCountry,
        &[
            ("country", country),
            ("price", &sub.price_text),
            ("cycle", cycle_word(locale, sub.cycle)),
            ("date", &format_local_date(sub.current_period_end, locale)),
        ],
    );
    Some(view! { <p class="billing-price-country" id="billing-price-country">{text}</p> })
}

/// That each renewal needs the member's confirmation, said plainly.
fn payer_note(locale: Locale, sub: &SubscriptionView) -> Option<impl IntoView> {
    (renews(sub) && sub.method.renews_with_payer()).then(|| {
        view! { <p class="billing-renews-with-payer" id="billing-renews-with-payer">{t(locale, Key::BillpageRenewsWithPayer)}</p> }
    })
}

/// A payment that took money links to its receipt; one that did not
/// (failed, pending) names its number only.
fn receipt_cell(locale: Locale, c: &ChargeView) -> impl IntoView {
    let took_money = matches!(
        c.status.as_str(),
        "succeeded" | "refunded" | "refund_pending" | "refund_rejected"
    );
    if took_money {
        let link = format!(
            "{}?no={}",
            href(locale, Page::Receipt),
            encode(&c.receipt_no)
        );
        Either::Left(view! { <a href=link class="billing-receipt">{c.receipt_no.clone()}</a> })
    } else {
        Either::Right(c.receipt_no.clone())
    }
}

/// The payments, newest first, each with its receipt.
#[component]
pub fn ChargeHistory(locale: Locale, charges: Signal<Vec<ChargeView>>) -> impl IntoView {
    let head = [
        Key::BillpageColDate,
        Key::BillpageColAmount,
        Key::BillpageColStatus,
        Key::BillpageColReceipt,
    ];
    let rows = move || {
        charges
            .get()
            .into_iter()
            .map(|c| {
                let cells = [
                    format_local_date(c.charged_at, locale),
                    c.amount_text.clone(),
                    t(locale, charge_status_key(&c.status)).to_owned(),
                ];
                let cells = head
                    .iter()
                    .zip(cells)
                    .map(|(k, v)| view! { <td data-label=t(locale, *k)>{v}</td> })
                    .collect_view();
                let receipt = receipt_cell(locale, &c);
                view! { <tr data-status=c.status.clone()>{cells}<td data-label=t(locale, Key::BillpageColReceipt)>{receipt}</td></tr> }
            })
            .collect_view()
    };
    let table = move || match charges.with(Vec::is_empty) {
        true => Either::Left(view! { <p>{t(locale, Key::BillpageNoCharges)}</p> }),
        false => Either::Right(view! {
            <table class="billing-charges" id="billing-charges">
                <thead><tr>{head.iter().map(|k| view! { <th scope="col">{t(locale, *k)}</th> }).collect_view()}</tr></thead>
                <tbody>{rows()}</tbody>
            </table>
        }),
    };
    view! {
        <h2>{t(locale, Key::BillpageHistory)}</h2>
        {table}
    }
}
