//! Renewals with a controllable clock, on SQLite and PostgreSQL: the trial
//! turns into the full price once, a declined renewal suspends and is
//! retried without charging twice, a lost answer is reconciled rather than
//! repeated, and two workers charge each period exactly once.
use crate::billing_util::*;
use crate::util::TestApp;
use sea_orm::{ColumnTrait as _, EntityTrait as _, QueryFilter as _};
use server::persistence::entities::{charge, sandbox_payment, subscription, user};
use server::services::billing::renewals::{run_due, Round};

const DAY: i64 = 86_400_000;

/// A paid trial for `email` with `card`; returns the subscription.
async fn subscribed(app: &TestApp, email: &str, card: &str) -> subscription::Model {
    pay(app, email, card).await;
    deliver(app, server::clock::now_ms()).await;
    let member = user::Entity::find()
        .filter(user::Column::Email.eq(email))
        .one(&app.db)
        .await
        .unwrap()
        .expect("account");
    subscription::Entity::find()
        .filter(subscription::Column::UserId.eq(member.id))
        .one(&app.db)
        .await
        .unwrap()
        .unwrap()
}

async fn reload(app: &TestApp, id: i64) -> subscription::Model {
    subscription::Entity::find_by_id(id)
        .one(&app.db)
        .await
        .unwrap()
        .unwrap()
}

async fn renewal_charges_at_provider(app: &TestApp) -> usize {
    sandbox_payment::Entity::find()
        .filter(sandbox_payment::Column::Kind.eq("renewal"))
        .all(&app.db)
        .await
        .unwrap()
        .len()
}

async fn vip_time(app: &TestApp, user_id: i64) -> i64 {
    user::Entity::find_by_id(user_id)
        .one(&app.db)
        .await
        .unwrap()
        .unwrap()
        .vip_time
}

#[tokio::test]
async fn the_trial_renews_once_at_full_price_and_then_monthly() {
    for app in TestApp::all().await {
        let sub = subscribed(&app, "renew@mail.com", CARD_OK).await;
        let cx = app.state.cx();
        let before = run_due(&cx.at(sub.current_period_end - 1), &app.state.gateways, 50)
            .await
            .unwrap();
        assert_eq!(
            before,
            Round::default(),
            "{:?}: nothing is due before the trial ends",
            app.backend
        );
        let at = sub.current_period_end + 1_000;
        let round = run_due(&cx.at(at), &app.state.gateways, 50).await.unwrap();
        assert_eq!(round.paid, 1, "{:?}: {round:?}", app.backend);
        let renewed = reload(&app, sub.id).await;
        assert_eq!(
            (renewed.status.as_str(), renewed.period_index),
            ("active", 1)
        );
        assert_eq!(
            renewed.current_period_start, sub.current_period_end,
            "no gap, no overlap"
        );
        assert_eq!(
            renewed.current_period_end,
            sub.current_period_end + 30 * DAY
        );
        assert_eq!(
            vip_time(&app, sub.user_id).await,
            renewed.current_period_end
        );
        let charges = charge::Entity::find()
            .filter(charge::Column::SubscriptionId.eq(sub.id))
            .all(&app.db)
            .await
            .unwrap();
        let amounts: Vec<(i32, i64, &str)> = charges
            .iter()
            .map(|c| (c.period_index, c.amount_minor, c.status.as_str()))
            .collect();
        assert_eq!(amounts, [(0, 99, "succeeded"), (1, 2999, "succeeded")]);
        let again = run_due(&cx.at(at + 60_000), &app.state.gateways, 50)
            .await
            .unwrap();
        assert_eq!(again.paid, 0, "the same period is not charged again");
        assert_eq!(renewal_charges_at_provider(&app).await, 1);
    }
}

#[tokio::test]
async fn two_workers_charge_each_period_exactly_once() {
    for app in TestApp::all().await {
        let mut subs = Vec::new();
        for i in 0..4 {
            subs.push(subscribed(&app, &format!("w{i}@mail.com"), CARD_OK).await);
        }
        let at = subs.iter().map(|s| s.current_period_end).max().unwrap() + 1_000;
        let (a, b) = (app.state.cx().at(at), app.state.cx().at(at));
        let (ra, rb) = tokio::join!(
            run_due(&a, &app.state.gateways, 50),
            run_due(&b, &app.state.gateways, 50)
        );
        let (ra, rb) = (ra.unwrap(), rb.unwrap());
        assert_eq!(ra.paid + rb.paid, 4, "{:?}: {ra:?} {rb:?}", app.backend);
        assert_eq!(
            renewal_charges_at_provider(&app).await,
            4,
            "{:?}: one provider charge per period",
            app.backend
        );
        for s in subs {
            assert_eq!(reload(&app, s.id).await.period_index, 1);
        }
    }
}

#[tokio::test]
async fn a_declined_renewal_suspends_access_and_retries_without_charging_twice() {
    for app in TestApp::all().await {
        let sub = subscribed(&app, "broke@mail.com", CARD_FAILS_RENEWAL).await;
        let cx = app.state.cx();
        let at = sub.current_period_end + 1_000;
        let round = run_due(&cx.at(at), &app.state.gateways, 50).await.unwrap();
        assert_eq!(round.declined, 1, "{:?}", app.backend);
        let suspended = reload(&app, sub.id).await;
        assert_eq!(suspended.status, "past_due");
        assert!(
            vip_time(&app, sub.user_id).await < at,
            "access is suspended"
        );
        let early = run_due(&cx.at(at + DAY / 2), &app.state.gateways, 50)
            .await
            .unwrap();
        assert_eq!(
            early,
            Round::default(),
            "{:?}: no retry before the next settlement day",
            app.backend
        );
        let retry = run_due(&cx.at(at + DAY + 1_000), &app.state.gateways, 50)
            .await
            .unwrap();
        assert_eq!(retry.declined, 1);
        let row = charge::Entity::find()
            .filter(charge::Column::PeriodIndex.eq(1))
            .all(&app.db)
            .await
            .unwrap();
        assert_eq!(row.len(), 1, "one charge row for the period, retried");
        assert_eq!(row[0].attempts, 2);
        let mut t = at + DAY + 1_000;
        for _ in 0..3 {
            t += DAY + 1_000;
            run_due(&cx.at(t), &app.state.gateways, 50).await.unwrap();
        }
        assert_eq!(
            reload(&app, sub.id).await.status,
            "canceled",
            "{:?}: given up after 4 tries",
            app.backend
        );
        assert_eq!(
            renewal_charges_at_provider(&app).await,
            4,
            "each try reached the provider once"
        );
    }
}

#[tokio::test]
async fn a_lost_renewal_answer_is_reconciled_not_repeated() {
    for app in TestApp::all().await {
        let sub = subscribed(&app, "lost@mail.com", CARD_RENEWAL_LOST).await;
        let cx = app.state.cx();
        let at = sub.current_period_end + 1_000;
        let round = run_due(&cx.at(at), &app.state.gateways, 50).await.unwrap();
        assert_eq!(round.uncertain, 1, "{:?}: {round:?}", app.backend);
        assert_eq!(
            reload(&app, sub.id).await.period_index,
            0,
            "not counted as paid yet"
        );
        let soon = run_due(&cx.at(at + 5_000), &app.state.gateways, 50)
            .await
            .unwrap();
        assert_eq!(
            (soon.paid, soon.uncertain),
            (0, 0),
            "no second charge while uncertain"
        );
        let later = run_due(&cx.at(at + 60_000), &app.state.gateways, 50)
            .await
            .unwrap();
        assert_eq!(
            later.paid, 1,
            "{:?}: the lookup found the charge: {later:?}",
            app.backend
        );
        assert_eq!(reload(&app, sub.id).await.period_index, 1);
        assert_eq!(
            renewal_charges_at_provider(&app).await,
            1,
            "charged exactly once"
        );
    }
}

#[tokio::test]
async fn cancelling_keeps_access_to_the_period_end_and_charges_nothing_more() {
    for app in TestApp::all().await {
        let sub = subscribed(&app, "bye@mail.com", CARD_OK).await;
        let member = user::Entity::find_by_id(sub.user_id)
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        let cx = app.state.cx();
        let summary = server::services::billing::manage::cancel(&cx, &app.state.gateways, &member)
            .await
            .unwrap();
        let view = summary.subscription.unwrap();
        assert!(
            view.cancel_at_period_end && view.has_access && view.next_charge_at.is_none(),
            "{view:?}"
        );
        let twice = server::services::billing::manage::cancel(&cx, &app.state.gateways, &member)
            .await
            .unwrap();
        assert!(
            twice.subscription.unwrap().cancel_at_period_end,
            "cancelling twice is harmless"
        );
        let round = run_due(
            &cx.at(sub.current_period_end + 1_000),
            &app.state.gateways,
            50,
        )
        .await
        .unwrap();
        assert_eq!((round.ended, round.paid), (1, 0), "{:?}", app.backend);
        assert_eq!(reload(&app, sub.id).await.status, "canceled");
        assert_eq!(renewal_charges_at_provider(&app).await, 0);
    }
}

#[tokio::test]
async fn a_worker_killed_mid_charge_is_reconciled_and_never_charges_twice() {
    use server::payments::RenewalCharge;
    use server::services::billing::charges;
    for app in TestApp::all().await {
        let sub = subscribed(&app, "killed@mail.com", CARD_OK).await;
        let at = sub.current_period_end + 1_000;
        // A worker claims the period, reaches the provider, and dies before recording anything.
        let row = charges::open_period(&app.db, &sub, 1, "CTKILLED", at)
            .await
            .unwrap();
        let key = charges::claim_attempt(&app.db, &row, at)
            .await
            .unwrap()
            .expect("claimed");
        let request = RenewalCharge {
            idempotency_key: key,
            subscription_ref: None,
            payment_token: sub.payment_token.as_deref().map(|t| {
                let keys = &app.state.config.secrets;
                keys.open(server::services::sealed::PAYMENT_TOKEN, t)
                    .expect("sealed")
            }),
            amount: server::payments::Money {
                minor: 2999,
                currency: "USD".into(),
                exponent: 2,
            },
            order_no: "CTKILLED".into(),
            notify_url: String::new(),
            device: None,
        };
        app.state
            .gateways
            .sandbox()
            .unwrap()
            .charge_renewal(&request)
            .await
            .unwrap();
        let cx = app.state.cx();
        let meanwhile = run_due(&cx.at(at + 60_000), &app.state.gateways, 50)
            .await
            .unwrap();
        assert_eq!(
            meanwhile.paid, 0,
            "{:?}: another worker leaves a claimed period alone",
            app.backend
        );
        let after_lease = run_due(&cx.at(at + 6 * 60_000), &app.state.gateways, 50)
            .await
            .unwrap();
        assert_eq!(
            after_lease.paid, 1,
            "{:?}: reconciled from the provider's record: {after_lease:?}",
            app.backend
        );
        assert_eq!(reload(&app, sub.id).await.period_index, 1);
        assert_eq!(
            renewal_charges_at_provider(&app).await,
            1,
            "{:?}: charged exactly once",
            app.backend
        );
    }
}
