//! Every provider event is applied exactly once: a database failure between
//! receipt and effect leaves the event retryable (for every kind of event),
//! and events that arrive before what they name wait for it.
use crate::billing_event_util::*;
use crate::util::TestApp;
use sea_orm::{ColumnTrait as _, EntityTrait as _, QueryFilter as _};
use server::payments::{EventKind, ProviderKind};
use server::persistence::entities::charge;
use server::services::billing::renewals::run_due;

const SANDBOX: ProviderKind = ProviderKind::Sandbox;
const DAY: i64 = 86_400_000;

/// Fails the event's effect once (nothing may be kept), then redelivers it
/// twice: applied once, then a duplicate.
async fn crash_then_redeliver(app: &TestApp, id: &str, kind: EventKind, at: i64) {
    fail_effects(app, true).await;
    let crashed = ingest(app, SANDBOX, id, kind.clone(), at).await;
    fail_effects(app, false).await;
    assert!(crashed.is_err(), "{:?}: {id}: {crashed:?}", app.backend);
    assert!(
        event_row(app, id).await.is_none(),
        "{:?}: {id}: the failed delivery left no trace",
        app.backend
    );
    let retried = outcome_of(app, SANDBOX, id, kind.clone(), at).await;
    assert_eq!(
        retried, "applied",
        "{:?}: {id}: the redelivery applies",
        app.backend
    );
    let again = outcome_of(app, SANDBOX, id, kind, at).await;
    assert_eq!(again, "duplicate", "{:?}: {id}", app.backend);
}

async fn charges_of(app: &TestApp, subscription_id: i64) -> Vec<(i32, String)> {
    charge::Entity::find()
        .filter(charge::Column::SubscriptionId.eq(subscription_id))
        .all(&app.db)
        .await
        .unwrap()
        .into_iter()
        .map(|c| (c.period_index, c.status))
        .collect()
}

#[tokio::test]
async fn a_failure_between_receipt_and_effect_leaves_every_kind_of_event_retryable() {
    for app in TestApp::all().await {
        let now = server::clock::now_ms();
        let paying = placed(&app, "crashpaid@mail.com").await;
        let trying = placed(&app, "crashtry@mail.com").await;
        let order_no = || trying.order_no.clone();
        crash_then_redeliver(&app, "e1", checkout_paid(&paying, "sub_c", "pay_0"), now).await;
        let sub = subscription_ref(&app, "sub_c").await.expect("subscribed");
        let attempt = EventKind::CheckoutAttemptFailed {
            order_no: order_no(),
            reason: app::model::billing::Decline::InsufficientFunds,
        };
        crash_then_redeliver(&app, "e2", attempt, now).await;
        let pending = EventKind::CheckoutPending {
            order_no: order_no(),
        };
        crash_then_redeliver(&app, "e3", pending, now).await;
        let renewal_failed = EventKind::RenewalFailed {
            idempotency_key: None,
            subscription_ref: Some("sub_c".into()),
        };
        crash_then_redeliver(&app, "e4", renewal_failed, now + 1).await;
        let s = subscription_ref(&app, "sub_c").await.unwrap();
        assert_eq!(s.status, "past_due", "{:?}", app.backend);
        let renewal_paid = EventKind::RenewalPaid {
            idempotency_key: None,
            subscription_ref: Some("sub_c".into()),
            provider_payment_ref: "pay_1".into(),
            amount: money(&paying, paying.renewal_amount_minor),
        };
        crash_then_redeliver(&app, "e5", renewal_paid, now + 2).await;
        let s = subscription_ref(&app, "sub_c").await.unwrap();
        assert_eq!((s.status.as_str(), s.period_index), ("active", 1));
        // Canceled first: a refund ends the subscription itself, after which
        // a cancellation has nothing left to apply.
        let canceled = EventKind::SubscriptionCanceled {
            subscription_ref: "sub_c".into(),
        };
        crash_then_redeliver(&app, "e6", canceled, now + 3).await;
        let refunded = EventKind::Refunded {
            provider_payment_ref: "pay_1".into(),
            amount: money(&paying, paying.renewal_amount_minor),
        };
        crash_then_redeliver(&app, "e7", refunded, now + 4).await;
        let failed = EventKind::CheckoutFailed {
            order_no: order_no(),
            reason: app::model::billing::Decline::Declined,
        };
        crash_then_redeliver(&app, "e8", failed, now + 5).await;
        assert_eq!(
            charges_of(&app, sub.id).await,
            [(0, "succeeded".into()), (1, "refunded".into())],
            "{:?}: each effect once",
            app.backend
        );
        let s = subscription_ref(&app, "sub_c").await.unwrap();
        assert_eq!(s.status, "canceled");
        let mails = billing_mails(&app, sub.id).await;
        assert_eq!(
            mails,
            [
                "welcome",
                "trial_reminder",
                "renewal_failed",
                "receipt",
                "refunded"
            ],
            "{:?}: one mail per effect",
            app.backend
        );
        let trying = crate::billing_util::stored_order(&app, &order_no()).await;
        assert_eq!(trying.status, "failed");
    }
}

#[tokio::test]
async fn a_renewal_before_its_subscription_waits_and_applies_once_it_exists() {
    for app in TestApp::all().await {
        let now = server::clock::now_ms();
        let order = placed(&app, "early@mail.com").await;
        let renewal = EventKind::RenewalPaid {
            idempotency_key: None,
            subscription_ref: Some("sub_early".into()),
            provider_payment_ref: "pay_early_1".into(),
            amount: money(&order, order.renewal_amount_minor),
        };
        let early = outcome_of(&app, SANDBOX, "r1", renewal.clone(), now).await;
        assert_eq!(early, "parked", "{:?}", app.backend);
        let row = event_row(&app, "r1").await.unwrap();
        assert_eq!(row.waits_for.as_deref(), Some("subscription:sub_early"));
        let redelivered = outcome_of(&app, SANDBOX, "r1", renewal.clone(), now).await;
        assert_eq!(redelivered, "duplicate", "parked counts as received");
        let paid = checkout_paid(&order, "sub_early", "pay_early_0");
        assert_eq!(
            outcome_of(&app, SANDBOX, "c1", paid, now + 1).await,
            "applied"
        );
        let s = subscription_ref(&app, "sub_early").await.unwrap();
        assert_eq!(
            (s.status.as_str(), s.period_index),
            ("active", 1),
            "{:?}: the waiting renewal applied when the subscription appeared",
            app.backend
        );
        let row = event_row(&app, "r1").await.unwrap();
        assert_eq!((row.outcome.as_str(), row.waits_for), ("applied", None));
        assert_eq!(row.order_id, Some(order.id));
        let swept = run_due(&app.state.cx().at(now + 2), &app.state.gateways, 50)
            .await
            .unwrap();
        assert_eq!(swept.events, 0, "nothing left to apply");
        assert_eq!(
            charges_of(&app, s.id).await,
            [(0, "succeeded".into()), (1, "succeeded".into())]
        );
        assert_eq!(
            outcome_of(&app, SANDBOX, "r1", renewal, now).await,
            "duplicate"
        );
        assert_eq!(
            subscription_ref(&app, "sub_early")
                .await
                .unwrap()
                .period_index,
            1
        );
    }
}

#[tokio::test]
async fn events_out_of_order_apply_in_the_order_they_happened() {
    for app in TestApp::all().await {
        let now = server::clock::now_ms();
        let order = placed(&app, "shuffled@mail.com").await;
        let canceled = EventKind::SubscriptionCanceled {
            subscription_ref: "sub_s".into(),
        };
        let renewal = EventKind::RenewalPaid {
            idempotency_key: None,
            subscription_ref: Some("sub_s".into()),
            provider_payment_ref: "pay_s_1".into(),
            amount: money(&order, order.renewal_amount_minor),
        };
        // Delivered: cancel, renewal, checkout; happened: checkout, renewal, cancel.
        assert_eq!(
            outcome_of(&app, SANDBOX, "x3", canceled, now + 20).await,
            "parked"
        );
        assert_eq!(
            outcome_of(&app, SANDBOX, "x2", renewal, now + 10).await,
            "parked"
        );
        let paid = checkout_paid(&order, "sub_s", "pay_s_0");
        assert_eq!(outcome_of(&app, SANDBOX, "x1", paid, now).await, "applied");
        let s = subscription_ref(&app, "sub_s").await.unwrap();
        assert_eq!(
            (s.status.as_str(), s.period_index),
            ("canceled", 1),
            "{:?}: renewed, then ended",
            app.backend
        );
        let failed = placed(&app, "latepay@mail.com").await;
        let fail = EventKind::CheckoutFailed {
            order_no: failed.order_no.clone(),
            reason: app::model::billing::Decline::Declined,
        };
        assert_eq!(
            outcome_of(&app, SANDBOX, "y1", fail.clone(), now).await,
            "applied"
        );
        let paid = checkout_paid(&failed, "sub_y", "pay_y_0");
        assert_eq!(
            outcome_of(&app, SANDBOX, "y2", paid, now + 1).await,
            "applied",
            "{:?}: money taken after a failure pays the order",
            app.backend
        );
        assert_eq!(
            outcome_of(&app, SANDBOX, "y3", fail, now + 2).await,
            "ignored"
        );
        let paid_order = crate::billing_util::stored_order(&app, &failed.order_no).await;
        assert_eq!(paid_order.status, "paid");
        let s = subscription_ref(&app, "sub_y").await.unwrap();
        assert_eq!(billing_mails(&app, s.id).await[0], "welcome");
    }
}

#[tokio::test]
async fn the_sweep_applies_an_event_whose_order_appeared_late_and_gives_up_after_a_month() {
    for app in TestApp::all().await {
        let now = server::clock::now_ms();
        let order = placed(&app, "lateorder@mail.com").await;
        // Paddle's event for an order this instance cannot see yet.
        let paid = checkout_paid(&order, "sub_l", "pay_l_0");
        let paddle = ProviderKind::Paddle;
        assert_eq!(outcome_of(&app, paddle, "l1", paid, now).await, "parked");
        let never = checkout_paid(&order, "sub_n", "pay_n_0");
        let never = match never {
            EventKind::CheckoutPaid { amount, .. } => EventKind::CheckoutPaid {
                order_no: "CT0000000000000000000N".into(),
                provider_payment_ref: "pay_n_0".into(),
                subscription_ref: None,
                payment_token: None,
                amount,
                tax_minor: 0,
                instrument: None,
                instrument_country: None,
            },
            other => other,
        };
        assert_eq!(outcome_of(&app, paddle, "n1", never, now).await, "parked");
        let cx = app.state.cx();
        let nothing = run_due(&cx.at(now + 1_000), &app.state.gateways, 50)
            .await
            .unwrap();
        assert_eq!(nothing.events, 0, "{:?}: still waiting", app.backend);
        move_to(&app, &order, paddle).await;
        let swept = run_due(&cx.at(now + 2_000), &app.state.gateways, 50)
            .await
            .unwrap();
        assert_eq!(swept.events, 1, "{:?}: {swept:?}", app.backend);
        assert!(subscription_ref(&app, "sub_l").await.is_some());
        assert_eq!(event_row(&app, "l1").await.unwrap().outcome, "applied");
        let again = run_due(&cx.at(now + 3_000), &app.state.gateways, 50)
            .await
            .unwrap();
        assert_eq!(again.events, 0, "applied once");
        let month = run_due(&cx.at(now + 31 * DAY), &app.state.gateways, 50)
            .await
            .unwrap();
        assert_eq!(month.events, 1);
        assert_eq!(event_row(&app, "n1").await.unwrap().outcome, "expired");
    }
}
