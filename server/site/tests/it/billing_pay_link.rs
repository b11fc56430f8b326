//! Renewal by pay link for wallets that cannot be charged without the payer
//! (QRIS here, through the sandbox), on SQLite and PostgreSQL: the link is
//! e-mailed once per period however often the job runs; "Renew now" on the
//! billing page pays exactly the next period, which a duplicate webhook
//! does not extend twice; an unpaid period goes past due, pauses access and
//! ends after the dunning schedule; the wallet is never charged silently.
use crate::billing_event_util::billing_mails;
use crate::billing_util::*;
use crate::util::{TestApp, TestResponse};
use sea_orm::{ColumnTrait as _, EntityTrait as _, QueryFilter as _};
use server::persistence::entities::{charge, sandbox_payment, sandbox_webhook, subscription, user};
use server::services::billing::renewals::run_due;

const NIK: &str = "3171234567890123";

/// A member who paid a QRIS order (their session token, their subscription).
async fn qris_member(app: &TestApp, email: &str) -> (String, subscription::Model) {
    let plan = plan_id(app, "cpl2_id").await;
    let body = format!(
        "planId={plan}&method=qris&email={}&name=Siti+Rahayu&document={NIK}&country=ID&idempotencyKey=qris-{}",
        app::api::encode(email),
        email.replace(['@', '.'], "-")
    );
    let res = app
        .send("POST", &format!("{API}/portal/order"), &[], Some(&body))
        .await;
    assert_eq!(res.json()["success"], 1, "{:?}: {}", app.backend, res.body);
    let order_no = res.json()["obj"]["orderNo"].as_str().unwrap().to_owned();
    let claim = claim_cookie(&res);
    let card = format!("card={}", app::api::encode(unused_card(app).await));
    let checkout = format!("/sandbox/checkout/{order_no}");
    assert_eq!(
        app.send("POST", &checkout, &[], Some(&card)).await.status,
        302
    );
    deliver(app, server::clock::now_ms()).await;
    let entered = enter(app, &claim).await;
    let token = cookie(&entered, "token").expect("a session");
    let member = user::Entity::find()
        .filter(user::Column::Email.eq(email))
        .one(&app.db)
        .await
        .unwrap()
        .expect("account");
    let sub = subscription::Entity::find()
        .filter(subscription::Column::UserId.eq(member.id))
        .one(&app.db)
        .await
        .unwrap()
        .expect("subscription");
    assert_eq!(sub.method, "qris");
    (token, sub)
}

fn cookie(res: &TestResponse, name: &str) -> Option<String> {
    res.headers
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|c| c.strip_prefix(&format!("{name}="))?.split(';').next())
        .map(str::to_owned)
        .filter(|v| !v.is_empty())
}

async fn reload(app: &TestApp, id: i64) -> subscription::Model {
    subscription::Entity::find_by_id(id)
        .one(&app.db)
        .await
        .unwrap()
        .unwrap()
}

/// Charges the sandbox was asked to make without the payer.
async fn silent_charges(app: &TestApp) -> usize {
    sandbox_payment::Entity::find()
        .filter(sandbox_payment::Column::Kind.eq("renewal"))
        .all(&app.db)
        .await
        .unwrap()
        .len()
}

fn count(mails: &[String], kind: &str) -> usize {
    mails.iter().filter(|m| *m == kind).count()
}

#[tokio::test]
async fn the_pay_link_is_mailed_once_per_period_however_often_the_job_runs() {
    for app in TestApp::all().await {
        let (_, sub) = qris_member(&app, "link-once@mail.com").await;
        let lead = app.state.config.payments.renewal_link_lead_ms;
        let cx = app.state.cx();
        let gateways = &app.state.gateways;
        let early = cx.at(sub.current_period_end - lead - 1_000);
        let round = run_due(&early, gateways, 50).await.unwrap();
        assert_eq!(
            round.links, 0,
            "{:?}: not before the lead time",
            app.backend
        );
        let due = sub.current_period_end - lead + 1_000;
        assert_eq!(run_due(&cx.at(due), gateways, 50).await.unwrap().links, 1);
        for again in [due, due + 1_000, sub.current_period_end - 1] {
            let round = run_due(&cx.at(again), gateways, 50).await.unwrap();
            assert_eq!(round.links, 0, "{:?}: sent once", app.backend);
        }
        let mails = billing_mails(&app, sub.id).await;
        assert_eq!(
            count(&mails, "renewal_link"),
            1,
            "{:?}: {mails:?}",
            app.backend
        );
        assert_eq!(
            silent_charges(&app).await,
            0,
            "never charged without the payer"
        );
    }
}

#[tokio::test]
async fn renew_now_pays_exactly_the_next_period_once_even_with_a_duplicate_webhook() {
    for app in TestApp::all().await {
        let (token, sub) = qris_member(&app, "renew-now@mail.com").await;
        let session = format!("token={token}");
        let page = app.get_with("/billing", &[("cookie", &session)]).await;
        assert_eq!(page.status, 200, "{:?}", app.backend);
        assert!(
            page.body.contains("id=\"billing-renew\""),
            "{:?}: Renew now shown",
            app.backend
        );
        assert!(page.body.contains("Rp"), "the amount stated");
        assert!(
            page.body.contains("billing-renews-with-payer"),
            "the rule stated"
        );
        let csrf = cookie(&page, "csrf").expect("csrf");
        let cookies = format!("{session}; csrf={csrf}");
        let refused = format!("csrf={csrf}&form=billing_renew&name=Siti+Rahayu&document=123");
        let res = app
            .send("POST", "/billing", &[("cookie", &cookies)], Some(&refused))
            .await;
        assert_eq!(res.status, 422, "{:?}: the NIK is checked", app.backend);
        let after = res
            .body
            .split("id=\"renew-document\"")
            .nth(1)
            .unwrap_or_default();
        let field: String = after.chars().take(300).collect();
        assert!(
            field.contains("aria-invalid=\"true\""),
            "the refusal beside its field"
        );
        let form = format!("csrf={csrf}&form=billing_renew&name=Siti+Rahayu&document={NIK}");
        let res = app
            .send("POST", "/billing", &[("cookie", &cookies)], Some(&form))
            .await;
        assert_eq!(res.status, 303, "{:?}: {}", app.backend, res.body);
        let key = format!("renew_{}_1_1", sub.id);
        assert!(res
            .header("location")
            .unwrap()
            .ends_with(&format!("/sandbox/checkout/{key}")));
        let card = format!("card={}", app::api::encode(CARD_OK));
        let checkout = format!("/sandbox/checkout/{key}");
        assert_eq!(
            app.send("POST", &checkout, &[], Some(&card)).await.status,
            302
        );
        let now = server::clock::now_ms();
        assert_eq!(deliver(&app, now).await, vec![200]);
        let renewed = reload(&app, sub.id).await;
        assert_eq!(renewed.period_index, 1, "{:?}", app.backend);
        assert_eq!(
            renewed.current_period_start, sub.current_period_end,
            "no day lost"
        );
        let paid = charge::Entity::find()
            .filter(charge::Column::SubscriptionId.eq(sub.id))
            .filter(charge::Column::PeriodIndex.eq(1))
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            (paid.status.as_str(), paid.amount_minor),
            ("succeeded", sub.price_minor)
        );
        let hook = sandbox_webhook::Entity::find()
            .filter(sandbox_webhook::Column::Body.contains(&key))
            .one(&app.db)
            .await
            .unwrap()
            .expect("the payment's webhook");
        assert_eq!(post_signed(&app, &hook.body, now / 1000).await.status, 200);
        let again = reload(&app, sub.id).await;
        assert_eq!(
            (again.period_index, again.current_period_end),
            (1, renewed.current_period_end),
            "{:?}: a duplicate changes nothing",
            app.backend
        );
        let mails = billing_mails(&app, sub.id).await;
        assert_eq!(count(&mails, "receipt"), 1, "{:?}: {mails:?}", app.backend);
        assert_eq!(silent_charges(&app).await, 0);
    }
}

#[tokio::test]
async fn an_unpaid_period_goes_past_due_and_ends_after_the_dunning_schedule() {
    for app in TestApp::all().await {
        let (token, sub) = qris_member(&app, "link-unpaid@mail.com").await;
        let retry = app.state.config.payments.renewal_retry_ms;
        let cx = app.state.cx();
        let gateways = &app.state.gateways;
        let ended = sub.current_period_end + 1_000;
        let round = run_due(&cx.at(ended), gateways, 50).await.unwrap();
        assert_eq!(round.declined, 1, "{:?}: {round:?}", app.backend);
        let past_due = reload(&app, sub.id).await;
        assert_eq!(past_due.status, "past_due", "{:?}", app.backend);
        let member = user::Entity::find_by_id(sub.user_id)
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        assert!(
            !server::services::accounts::users::has_access(&member, ended),
            "access paused"
        );
        let page = app
            .get_with("/billing", &[("cookie", &format!("token={token}"))])
            .await;
        assert!(
            page.body.contains("id=\"billing-renew\""),
            "{:?}: still one tap",
            app.backend
        );
        let mut t = ended;
        for _ in 0..2 {
            t += retry + 1_000;
            run_due(&cx.at(t), gateways, 50).await.unwrap();
            assert_eq!(
                reload(&app, sub.id).await.status,
                "past_due",
                "in the grace"
            );
        }
        t = sub.current_period_end + 3 * retry + 1_000;
        run_due(&cx.at(t), gateways, 50).await.unwrap();
        assert_eq!(
            reload(&app, sub.id).await.status,
            "canceled",
            "{:?}",
            app.backend
        );
        let mails = billing_mails(&app, sub.id).await;
        assert_eq!(
            count(&mails, "renewal_link_overdue"),
            1,
            "{:?}: {mails:?}",
            app.backend
        );
        assert_eq!(
            silent_charges(&app).await,
            0,
            "never charged without the payer"
        );
    }
}
