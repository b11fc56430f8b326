//! One customer: who they are, their subscription, charges (each with a
//! Refund form asking why), orders with what their provider reported,
//! account actions (Cancel; Suspend / Reinstate for admins) and the newest
//! audit entries about them.
use super::customers::{access, status_key};
use super::parts::{form_fields, table, when};
use super::{audit, forms, ConsoleData, ConsoleDoc};
use crate::i18n::{t, t_args, Key, Locale};
use crate::model::billing::{charge_status_key, ChargeView, SubscriptionState, SubscriptionView};
use crate::model::console::{CustomerDetail, OrderView};
use leptos::prelude::*;

pub(super) fn page(doc: &ConsoleDoc) -> impl IntoView {
    let ConsoleData::Customer(detail) = &doc.data else {
        return view! { <h1>{t(doc.locale, Key::AdmCustomersTitle)}</h1> }.into_any();
    };
    let locale = doc.locale;
    let c = &detail.customer;
    view! {
        <h1>{t_args(locale, Key::AdmCustomerTitle, &[("email", &c.email)])}</h1>
        <dl class="console-facts">
            <dt>{t(locale, Key::AdmColCreated)}</dt><dd>{when(c.created_at)}</dd>
            <dt>{t(locale, Key::AdmColAccess)}</dt><dd>{access(locale, c.vip_time)}</dd>
            <dt>{t(locale, Key::AdmColStatus)}</dt><dd>{t(locale, status_key(c.suspended))}</dd>
            <dt>{t(locale, Key::AdmLocateRequests)}</dt><dd>{detail.locate_requests}</dd>
            <dt>{t(locale, Key::AdmVoiceMessages)}</dt><dd>{detail.voice_messages}</dd>
            <dt>{t(locale, Key::AdmOpenReports)}</dt><dd>{detail.open_reports}</dd>
        </dl>
        {subscription(locale, detail.billing.subscription.as_ref())}
        {charges(doc, &detail.billing.charges)}
        {orders(locale, &detail.orders)}
        {actions(doc, detail)}
        <section aria-labelledby="customer-audit">
            <h2 id="customer-audit">{t(locale, Key::AdmRecentAudit)}</h2>
            {audit::table(locale, detail.audit.clone())}
        </section>
    }
    .into_any()
}

fn subscription(locale: Locale, sub: Option<&SubscriptionView>) -> impl IntoView {
    let facts = match sub {
        None => view! { <p>{t(locale, Key::AdmNoSubscription)}</p> }.into_any(),
        Some(sub) => view! {
            <dl class="console-facts">
                <dt>{t(locale, Key::AdmColStatus)}</dt><dd>{t(locale, state_key(sub))}</dd>
                <dt>{t(locale, Key::AdmSubPrice)}</dt><dd>{sub.price_text.clone()}</dd>
                <dt>{t(locale, Key::AdmSubPeriodEnd)}</dt><dd>{when(sub.current_period_end)}</dd>
            </dl>
        }
        .into_any(),
    };
    view! {
        <section aria-labelledby="customer-subscription">
            <h2 id="customer-subscription">{t(locale, Key::AdmSubscription)}</h2>
            {facts}
        </section>
    }
}

fn state_key(sub: &SubscriptionView) -> Key {
    match sub.state {
        SubscriptionState::Canceled => Key::BillpageStateCanceled,
        _ if sub.cancel_at_period_end => Key::BillpageStateCancelling,
        SubscriptionState::Trialing => Key::BillpageStateTrialing,
        SubscriptionState::Active => Key::BillpageStateActive,
        SubscriptionState::PastDue => Key::BillpageStatePastDue,
    }
}

/// An order's stored status in words (never the raw code).
fn order_status(status: &str) -> Key {
    match status {
        "paid" => Key::AdmOrderPaid,
        "failed" => Key::AdmOrderFailed,
        "pending" => Key::AdmOrderPending,
        "open" => Key::AdmOrderOpen,
        _ => Key::AdmOrderCreated,
    }
}

fn charges(doc: &ConsoleDoc, charges: &[ChargeView]) -> impl IntoView {
    let locale = doc.locale;
    let table = if charges.is_empty() {
        view! { <p>{t(locale, Key::AdmNoCharges)}</p> }.into_any()
    } else {
        let lines = charges.iter().map(|c| charge_line(doc, c)).collect_view();
        table(
            locale,
            None,
            &[
                Key::AdmColReceipt,
                Key::AdmColDate,
                Key::AdmColAmount,
                Key::AdmColStatus,
                Key::AdmColAction,
            ],
            lines,
        )
        .into_any()
    };
    view! {
        <section aria-labelledby="customer-charges">
            <h2 id="customer-charges">{t(locale, Key::AdmCharges)}</h2>
            {table}
        </section>
    }
}

fn charge_line(doc: &ConsoleDoc, charge: &ChargeView) -> impl IntoView {
    let locale = doc.locale;
    let refund = (charge.status == "succeeded").then(|| {
        let field = format!("refund-reason-{}", charge.id);
        let label = t_args(
            locale,
            Key::AdmRefundReason,
            &[("receipt", &charge.receipt_no)],
        );
        view! {
            <form method="post" action=doc.href(doc.page()) class="console-inline-form">
                {form_fields(doc, forms::REFUND)}
                <input type="hidden" name="chargeId" value=charge.id.to_string()/>
                <label for=field.clone()>{label}</label>
                <input id=field name="reason" type="text" required maxlength="500"/>
                <button type="submit" class="btn-secondary">{t(locale, Key::AdmRefund)}</button>
            </form>
        }
    });
    view! {
        <tr>
            <th scope="row">{charge.receipt_no.clone()}</th>
            <td>{when(charge.charged_at)}</td>
            <td>{charge.amount_text.clone()}</td>
            <td>{t(locale, charge_status_key(&charge.status))}</td>
            <td>{refund}</td>
        </tr>
    }
}

fn orders(locale: Locale, orders: &[OrderView]) -> impl IntoView {
    let body = if orders.is_empty() {
        view! { <p>{t(locale, Key::AdmNoOrders)}</p> }.into_any()
    } else {
        let lines = orders.iter().map(|o| order_line(locale, o)).collect_view();
        table(
            locale,
            None,
            &[
                Key::AdmColOrder,
                Key::AdmColDate,
                Key::AdmColProvider,
                Key::AdmColAmount,
                Key::AdmColStatus,
                Key::AdmColEvents,
            ],
            lines,
        )
        .into_any()
    };
    view! {
        <section aria-labelledby="customer-orders">
            <h2 id="customer-orders">{t(locale, Key::AdmOrders)}</h2>
            {body}
        </section>
    }
}

fn order_line(locale: Locale, order: &OrderView) -> impl IntoView {
    let events = if order.events.is_empty() {
        view! { {t(locale, Key::AdmNoEvents)} }.into_any()
    } else {
        let items = order
            .events
            .iter()
            .map(|e| view! { <li>{format!("{} · {} · {}", e.kind, when(e.received_at), e.event_id)}</li> })
            .collect_view();
        view! { <ul class="console-events">{items}</ul> }.into_any()
    };
    view! {
        <tr>
            <th scope="row">{order.order_no.clone()}</th>
            <td>{when(order.created_at)}</td>
            <td>{order.provider.clone()}</td>
            <td>{order.amount_text.clone()}</td>
            <td data-status=order.status.clone()>{t(locale, order_status(&order.status))}</td>
            <td>{events}</td>
        </tr>
    }
}

/// Cancel while a subscription runs; Suspend or Reinstate for admins. Each
/// asks why, for the audit log.
fn actions(doc: &ConsoleDoc, detail: &CustomerDetail) -> impl IntoView {
    let locale = doc.locale;
    let running = detail
        .billing
        .subscription
        .as_ref()
        .is_some_and(|s| s.state != SubscriptionState::Canceled && !s.cancel_at_period_end);
    let cancel = running.then(|| action_form(doc, forms::CANCEL, Key::AdmCancelSub));
    let account = doc.is_admin().then(|| {
        if detail.customer.suspended {
            action_form(doc, forms::REINSTATE, Key::AdmReinstate)
        } else {
            action_form(doc, forms::SUSPEND, Key::AdmSuspend)
        }
    });
    view! {
        <section aria-labelledby="customer-actions">
            <h2 id="customer-actions">{t(locale, Key::AdmAccountActions)}</h2>
            {cancel}
            {account}
        </section>
    }
}

fn action_form(doc: &ConsoleDoc, form: &'static str, button: Key) -> impl IntoView {
    let field = format!("{form}-reason");
    view! {
        <form method="post" action=doc.href(doc.page()) class="console-inline-form">
            {form_fields(doc, form)}
            <label for=field.clone()>{format!("{} · {}", t(doc.locale, button), t(doc.locale, Key::AdmReason))}</label>
            <input id=field name="reason" type="text" required maxlength="500"/>
            <button type="submit" class="btn-secondary">{t(doc.locale, button)}</button>
        </form>
    }
}
