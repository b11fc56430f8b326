//! A trial is once per person — per account, per mailbox (normalized) and
//! per card — on SQLite and PostgreSQL: a returning customer is offered the
//! full price and told so in the order's answer; a card that had its trial,
//! seen only in the payment event, gets no second trial and a plain mail;
//! concurrent checkouts never both get a trial.
use crate::billing_event_util::billing_mails;
use crate::billing_util::*;
use crate::util::TestApp;
use sea_orm::{ColumnTrait as _, EntityTrait as _, PaginatorTrait as _, QueryFilter as _};
use server::persistence::entities::{charge, sandbox_webhook, subscription, trial_grant, user};

async fn member(app: &TestApp, email: &str) -> user::Model {
    user::Entity::find()
        .filter(user::Column::Email.eq(email))
        .one(&app.db)
        .await
        .unwrap()
        .expect("account")
}

/// The member's newest subscription and its first charge's amount.
async fn latest(app: &TestApp, email: &str) -> (subscription::Model, i64) {
    let id = member(app, email).await.id;
    let sub = subscription::Entity::find()
        .filter(subscription::Column::UserId.eq(id))
        .all(&app.db)
        .await
        .unwrap()
        .into_iter()
        .max_by_key(|s| s.id)
        .unwrap();
    let paid = charge::Entity::find()
        .filter(charge::Column::SubscriptionId.eq(sub.id))
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    (sub, paid.amount_minor)
}

/// Places an order with its own key and pays it with exactly `card`.
async fn order_paid_with(app: &TestApp, email: &str, key: &str, card: &str) -> String {
    let res = order(app, email, key, "en").await;
    assert_eq!(res.json()["success"], 1, "{:?}: {}", app.backend, res.body);
    let order_no = res.json()["obj"]["orderNo"].as_str().unwrap().to_owned();
    let form = format!("card={}", app::api::encode(card));
    let paid = app
        .send(
            "POST",
            &format!("/sandbox/checkout/{order_no}"),
            &[],
            Some(&form),
        )
        .await;
    assert_eq!(paid.status, 302, "{}", paid.body);
    order_no
}

#[tokio::test]
async fn a_returning_customer_is_offered_the_full_price_whatever_the_spelling() {
    for app in TestApp::all().await {
        pay_with(&app, "ann.lee@gmail.com", CARDS_OK[0]).await;
        deliver(&app, server::clock::now_ms()).await;
        let (first, amount) = latest(&app, "ann.lee@gmail.com").await;
        assert_eq!((first.status.as_str(), amount), ("trialing", 99));
        let token = member(&app, "ann.lee@gmail.com").await;
        assert_eq!(token.payment_count, 1);

        for (email, key) in [
            ("ann.lee@gmail.com", "again-key-0123456789"),
            ("AnnLee@GoogleMail.com", "again-key-1123456789"),
        ] {
            let res = order(&app, email, key, "en").await;
            let obj = &res.json()["obj"];
            assert_eq!(
                (obj["firstCharge"].as_str(), obj["trialDays"].as_i64()),
                (Some("$29.99"), Some(0)),
                "{:?} {email}: the full price, stated in the answer: {}",
                app.backend,
                res.body
            );
        }
        let order_no = order_paid_with(
            &app,
            "ann.lee@gmail.com",
            "again-key-0123456789",
            CARDS_OK[1],
        )
        .await;
        deliver(&app, server::clock::now_ms()).await;
        assert_eq!(outcome(&app, &order_no).await, "success");
        let (second, amount) = latest(&app, "ann.lee@gmail.com").await;
        assert_eq!(
            (second.status.as_str(), amount, second.period_index),
            ("active", 2999, 0),
            "{:?}: no second trial",
            app.backend
        );
        let fresh = order(&app, "someone.new@mail.com", "fresh-key-0123456789", "en").await;
        assert_eq!(fresh.json()["obj"]["firstCharge"], "$0.99");
        assert_eq!(fresh.json()["obj"]["trialDays"], 1);
    }
}

#[tokio::test]
async fn a_card_that_had_its_trial_gets_none_and_the_member_is_told_plainly() {
    for app in TestApp::all().await {
        pay_with(&app, "first@mail.com", CARDS_OK[1]).await;
        deliver(&app, server::clock::now_ms()).await;
        pay_with(&app, "second@mail.com", CARDS_OK[1]).await;
        let now = server::clock::now_ms();
        deliver(&app, now).await;
        let (sub, amount) = latest(&app, "second@mail.com").await;
        assert_eq!(
            (sub.status.as_str(), amount, sub.price_minor),
            ("active", 99, 2999),
            "{:?}: charged what the page said, not a trial",
            app.backend
        );
        assert!(
            (sub.current_period_end - now - 86_400_000).abs() < 60_000,
            "{:?}: the paid day is kept, then the full price",
            app.backend
        );
        assert_eq!(
            billing_mails(&app, sub.id).await,
            vec!["welcome".to_owned(), "trial_not_repeated".to_owned()],
            "{:?}",
            app.backend
        );
        let grants = trial_grant::Entity::find().all(&app.db).await.unwrap();
        assert_eq!(grants.len(), 2, "{:?}: {grants:?}", app.backend);
        assert_eq!(grants.iter().filter(|g| g.instrument.is_some()).count(), 1);
        let again = order(&app, "second@mail.com", "second-key-0123456789", "en").await;
        assert_eq!(
            again.json()["obj"]["firstCharge"],
            "$29.99",
            "{:?}: the mailbox is marked too",
            app.backend
        );
    }
}

/// Delivers every queued sandbox webhook at once, then again any that
/// was not answered 200 (a busy database), until all are applied.
async fn deliver_concurrently(app: &TestApp) {
    let now = server::clock::now_ms();
    let hooks = sandbox_webhook::Entity::find()
        .filter(sandbox_webhook::Column::DeliveredAt.is_null())
        .all(&app.db)
        .await
        .unwrap();
    let sends = hooks.iter().map(|h| post_signed(app, &h.body, now / 1000));
    let answers = futures::future::join_all(sends).await;
    for (hook, answer) in hooks.iter().zip(answers) {
        let mut status = answer.status;
        for _ in 0..5 {
            if status == 200 {
                break;
            }
            status = post_signed(app, &hook.body, now / 1000).await.status;
        }
        assert_eq!(status, 200, "{:?}", app.backend);
    }
}

#[tokio::test]
async fn concurrent_checkouts_of_one_person_get_one_trial() {
    for app in TestApp::all().await {
        // One card, two mailboxes; then one mailbox, two cards.
        order_paid_with(&app, "c1@mail.com", "conc-key-1-0123456789", CARDS_OK[2]).await;
        order_paid_with(&app, "c2@mail.com", "conc-key-2-0123456789", CARDS_OK[2]).await;
        order_paid_with(
            &app,
            "jo.doe@gmail.com",
            "conc-key-3-0123456789",
            CARDS_OK[3],
        )
        .await;
        order_paid_with(
            &app,
            "jodoe@gmail.com",
            "conc-key-4-0123456789",
            CARDS_OK[4],
        )
        .await;
        deliver_concurrently(&app).await;
        for pair in [
            ["c1@mail.com", "c2@mail.com"],
            ["jo.doe@gmail.com", "jodoe@gmail.com"],
        ] {
            let mut states = Vec::new();
            for email in pair {
                let (sub, amount) = latest(&app, email).await;
                assert_eq!(amount, 99, "both paid what their page said");
                states.push(sub.status);
            }
            states.sort();
            assert_eq!(states, ["active", "trialing"], "{:?} {pair:?}", app.backend);
        }
        let with_card = trial_grant::Entity::find()
            .filter(trial_grant::Column::Instrument.is_not_null())
            .count(&app.db)
            .await
            .unwrap();
        assert_eq!(with_card, 2, "{:?}: one trial per card", app.backend);
    }
}
