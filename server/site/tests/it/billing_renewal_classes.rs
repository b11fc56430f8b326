//! Each class of renewal answer, with a controlled clock: a refusal that
//! cannot succeed (no or a revoked token) goes past due on the dunning
//! schedule and tells the member to pay another way; a provider that is
//! unavailable is retried with a doubling backoff, capped; an answer that
//! was lost and never reached the provider is looked up first, then retried.
use crate::billing_event_util::billing_mails;
use crate::billing_util::*;
use crate::util::TestApp;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait as _, EntityTrait as _, QueryFilter as _};
use server::persistence::entities::{charge, sandbox_payment, subscription, user};
use server::services::billing::renewals::run_due;

const DAY: i64 = 86_400_000;
const MINUTE: i64 = 60_000;

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

async fn period_charge(app: &TestApp, sub: i64) -> charge::Model {
    charge::Entity::find()
        .filter(charge::Column::SubscriptionId.eq(sub))
        .filter(charge::Column::PeriodIndex.eq(1))
        .one(&app.db)
        .await
        .unwrap()
        .expect("the period's charge")
}

async fn set_token(app: &TestApp, sub: i64, token: Option<&str>) {
    // Kept sealed, as activation keeps the provider's token.
    let keys = &app.state.config.secrets;
    let token = token.map(|t| keys.seal(server::services::sealed::PAYMENT_TOKEN, t));
    subscription::Entity::update_many()
        .col_expr(subscription::Column::PaymentToken, Expr::value(token))
        .filter(subscription::Column::Id.eq(sub))
        .exec(&app.db)
        .await
        .unwrap();
}

#[tokio::test]
async fn a_renewal_that_cannot_succeed_goes_past_due_and_tells_the_member_to_pay_another_way() {
    for app in TestApp::all().await {
        let retry = app.state.config.payments.renewal_retry_ms;
        let missing = subscribed(&app, "notoken@mail.com", CARD_OK).await;
        let revoked = subscribed(&app, "revoked@mail.com", CARD_OK).await;
        set_token(&app, missing.id, None).await;
        set_token(&app, revoked.id, Some("sbx_tok_revoked")).await;
        let cx = app.state.cx();
        let at = missing.current_period_end.max(revoked.current_period_end) + 1_000;
        let round = run_due(&cx.at(at), &app.state.gateways, 50).await.unwrap();
        assert_eq!(
            (round.declined, round.retrying),
            (2, 0),
            "{:?}: {round:?}",
            app.backend
        );
        for s in [&missing, &revoked] {
            let now = reload(&app, s.id).await;
            assert_eq!(now.status, "past_due", "{:?}", app.backend);
            assert_eq!(now.next_attempt_at, Some(at + retry), "the dunning day");
            let mails = billing_mails(&app, s.id).await;
            assert_eq!(mails.last().map(String::as_str), Some("renewal_impossible"));
        }
        let early = run_due(&cx.at(at + retry - 1), &app.state.gateways, 50)
            .await
            .unwrap();
        assert_eq!(early.declined, 0, "not retried every round");
        let mut t = at;
        for _ in 0..3 {
            t += retry + 1_000;
            run_due(&cx.at(t), &app.state.gateways, 50).await.unwrap();
        }
        let ended = reload(&app, missing.id).await;
        assert_eq!(
            ended.status, "canceled",
            "{:?}: the attempt cap",
            app.backend
        );
        assert_eq!(period_charge(&app, missing.id).await.attempts, 4);
        let impossible = billing_mails(&app, missing.id).await;
        assert_eq!(
            impossible
                .iter()
                .filter(|m| *m == "renewal_impossible")
                .count(),
            1,
            "told once"
        );
    }
}

#[tokio::test]
async fn an_unavailable_provider_is_retried_with_a_doubling_backoff_up_to_the_cap() {
    for app in TestApp::all().await {
        let retry = app.state.config.payments.renewal_retry_ms;
        let sub = subscribed(&app, "outage@mail.com", "4000 0000 0000 0119").await;
        let cx = app.state.cx();
        let mut t = sub.current_period_end + 1_000;
        let mut waits = Vec::new();
        for _ in 0..6 {
            let round = run_due(&cx.at(t), &app.state.gateways, 50).await.unwrap();
            assert_eq!(round.retrying, 1, "{:?}: {round:?}", app.backend);
            let now = reload(&app, sub.id).await;
            assert_eq!(now.status, "trialing", "no decision, no dunning");
            let next = now.next_attempt_at.expect("a retry");
            waits.push((next - t) / MINUTE);
            let nothing = run_due(&cx.at(next - 1), &app.state.gateways, 50)
                .await
                .unwrap();
            assert_eq!(nothing.retrying, 0, "not before its time");
            t = next;
        }
        assert_eq!(waits, [10, 20, 40, 80, 160, 320], "{:?}", app.backend);
        assert!(billing_mails(&app, sub.id)
            .await
            .iter()
            .all(|m| m != "renewal_failed"));
        let capped = run_due(&cx.at(t), &app.state.gateways, 50).await.unwrap();
        assert_eq!((capped.retrying, capped.declined), (0, 1), "{capped:?}");
        let now = reload(&app, sub.id).await;
        assert_eq!(
            (now.status.as_str(), now.next_attempt_at),
            ("past_due", Some(t + retry))
        );
        let mails = billing_mails(&app, sub.id).await;
        assert_eq!(mails.last().map(String::as_str), Some("renewal_failed"));
        for _ in 0..3 {
            t += retry + 1_000;
            run_due(&cx.at(t), &app.state.gateways, 50).await.unwrap();
        }
        assert_eq!(
            reload(&app, sub.id).await.status,
            "canceled",
            "{:?}",
            app.backend
        );
        let row = period_charge(&app, sub.id).await;
        assert_eq!(
            (row.attempts, row.transient_failures),
            (10, 6),
            "every path capped"
        );
        let later = run_due(&cx.at(t + 30 * DAY), &app.state.gateways, 50)
            .await
            .unwrap();
        assert_eq!(later.retrying + later.declined, 0);
    }
}

#[tokio::test]
async fn a_lost_answer_the_provider_never_saw_is_looked_up_then_retried() {
    for app in TestApp::all().await {
        let sub = subscribed(&app, "unseen@mail.com", CARD_RENEWAL_LOST).await;
        let cx = app.state.cx();
        let at = sub.current_period_end + 1_000;
        let round = run_due(&cx.at(at), &app.state.gateways, 50).await.unwrap();
        assert_eq!(round.uncertain, 1, "{:?}: {round:?}", app.backend);
        // The provider has no record of the call.
        sandbox_payment::Entity::delete_many()
            .filter(sandbox_payment::Column::Kind.eq("renewal"))
            .exec(&app.db)
            .await
            .unwrap();
        let soon = run_due(&cx.at(at + 5_000), &app.state.gateways, 50)
            .await
            .unwrap();
        assert_eq!(
            (soon.uncertain, soon.retrying),
            (0, 0),
            "no retry before the lookup"
        );
        let looked = at + 60_000;
        let lookup = run_due(&cx.at(looked), &app.state.gateways, 50)
            .await
            .unwrap();
        assert_eq!(lookup.retrying, 1, "{:?}: {lookup:?}", app.backend);
        let row = period_charge(&app, sub.id).await;
        assert_eq!(
            (row.status.as_str(), row.attempts, row.transient_failures),
            ("failed", 1, 1)
        );
        let next = reload(&app, sub.id).await.next_attempt_at;
        assert_eq!(
            next,
            Some(looked + 10 * MINUTE),
            "the backoff of a transient failure"
        );
        let again = run_due(&cx.at(looked + 10 * MINUTE), &app.state.gateways, 50)
            .await
            .unwrap();
        assert_eq!(again.uncertain, 1, "tried again, under a new key");
        let keys: Vec<String> = sandbox_payment::Entity::find()
            .filter(sandbox_payment::Column::Kind.eq("renewal"))
            .all(&app.db)
            .await
            .unwrap()
            .into_iter()
            .map(|p| p.reference)
            .collect();
        assert_eq!(keys, [format!("renew_{}_1_2", sub.id)]);
    }
}
