//! Checkout end to end through the real router and the sandbox provider, on
//! SQLite and PostgreSQL: order → sandbox checkout → signed webhook →
//! account → enter the dashboard once → locate unlocked.
use crate::billing_util::*;
use crate::util::TestApp;
use sea_orm::{ColumnTrait as _, EntityTrait as _, PaginatorTrait as _, QueryFilter as _};
use server::persistence::entities::{charge, dev_outbox, order, subscription, user};

#[tokio::test]
async fn a_paid_checkout_creates_the_account_and_lets_its_browser_in_once() {
    for app in TestApp::all().await {
        let (order_no, cookie) = pay(&app, "buyer@mail.com", CARD_OK).await;
        assert_eq!(
            outcome(&app, &order_no).await,
            "processing",
            "{:?}: the browser's return decides nothing",
            app.backend
        );
        assert_eq!(
            enter(&app, &cookie).await.header("location"),
            Some("/login?redirect=dashboard"),
            "not paid yet"
        );
        let now = server::clock::now_ms();
        assert_eq!(deliver(&app, now).await, vec![200], "{:?}", app.backend);
        assert_eq!(outcome(&app, &order_no).await, "success");
        let code = cookie.split_once('=').unwrap().1;
        let check = app
            .get(&format!("{API}/portal/user/checkRegister/{code}"))
            .await;
        assert_eq!(check.json()["obj"]["registered"], true);

        let member = user::Entity::find()
            .filter(user::Column::Email.eq("buyer@mail.com"))
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(member.payment_count, 1);
        assert!(
            member.vip_time > now + 23 * 3_600_000,
            "{:?}: the one-day trial gives access",
            app.backend
        );
        let sub = subscription::Entity::find()
            .filter(subscription::Column::UserId.eq(member.id))
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            (sub.status.as_str(), sub.price_minor, sub.currency.as_str()),
            ("trialing", 2999, "USD")
        );
        let charges = charge::Entity::find()
            .filter(charge::Column::UserId.eq(member.id))
            .all(&app.db)
            .await
            .unwrap();
        assert_eq!(charges.len(), 1);
        assert_eq!(
            (charges[0].amount_minor, charges[0].status.as_str()),
            (99, "succeeded")
        );

        let entered = enter(&app, &cookie).await;
        assert_eq!(
            entered.header("location"),
            Some("/dashboard/locations"),
            "{:?}",
            app.backend
        );
        let session = entered
            .headers
            .get_all("set-cookie")
            .iter()
            .find(|c| c.to_str().unwrap().starts_with("token="))
            .expect("a session");
        let token = session
            .to_str()
            .unwrap()
            .split(';')
            .next()
            .unwrap()
            .trim_start_matches("token=")
            .to_owned();
        let again = enter(&app, &cookie).await;
        assert_eq!(
            again.header("location"),
            Some("/login?redirect=dashboard"),
            "{:?}: a claim works once",
            app.backend
        );

        let locate = app
            .send(
                "POST",
                &format!("{API}/spyContent/phoneLocation"),
                &[("token", &token)],
                Some("country=ID&phone=81234567890&note="),
            )
            .await;
        assert_eq!(
            locate.json()["success"],
            1,
            "{:?}: a trialing member may locate: {}",
            app.backend,
            locate.body
        );

        let mails = dev_outbox::Entity::find()
            .filter(dev_outbox::Column::Recipient.eq("buyer@mail.com"))
            .count(&app.db)
            .await
            .unwrap();
        assert_eq!(
            mails, 0,
            "mails are sent by the job worker, not by the webhook"
        );
        let queued = server::jobs::billing::run_billing_mails(&app.state)
            .await
            .unwrap();
        assert_eq!(queued, 2, "{:?}: welcome + trial reminder", app.backend);
        let welcome = dev_outbox::Entity::find()
            .filter(dev_outbox::Column::Recipient.eq("buyer@mail.com"))
            .all(&app.db)
            .await
            .unwrap();
        let text: String = welcome.iter().map(|m| m.body_text.clone()).collect();
        assert!(
            text.contains("$29.99") && text.contains("$0.99"),
            "renewal price and charge stated: {text}"
        );
        assert!(
            text.contains("/reset-password?email=buyer%40mail.com"),
            "set-your-password link"
        );
        assert!(text.contains("/billing"), "how to cancel");
    }
}

#[tokio::test]
async fn a_double_submit_makes_one_order_and_one_checkout() {
    for app in TestApp::all().await {
        let first = order(&app, "twice@mail.com", "same-key-0123456789", "en").await;
        let second = order(&app, "twice@mail.com", "same-key-0123456789", "en").await;
        assert_eq!(
            first.json()["obj"]["orderNo"],
            second.json()["obj"]["orderNo"],
            "{:?}",
            app.backend
        );
        assert_eq!(
            first.json()["obj"]["redirectUrl"],
            second.json()["obj"]["redirectUrl"]
        );
        assert!(
            second.header("set-cookie").is_none(),
            "the claim is handed out once"
        );
        let url = first.json()["obj"]["redirectUrl"]
            .as_str()
            .unwrap()
            .to_owned();
        assert!(
            url.starts_with("https://ct.test/sandbox/checkout/CT"),
            "{url}"
        );
        assert_eq!(order::Entity::find().count(&app.db).await.unwrap(), 1);
        let page = app.get(&url.replace("https://ct.test", "")).await;
        assert_eq!(page.status, 200);
        let csp = page.header("content-security-policy").unwrap_or_default();
        assert!(
            csp.contains("form-action 'self';"),
            "the sandbox keeps forms on the site: {csp}"
        );
        assert!(
            page.body.contains("$0.99") && page.body.contains("4242 4242 4242 4242"),
            "{}",
            page.body
        );
    }
}

#[tokio::test]
async fn declined_and_unfunded_payments_fail_and_create_no_account() {
    for app in TestApp::all().await {
        for (email, card, reason) in [
            ("d@mail.com", CARD_DECLINED, "declined"),
            ("f@mail.com", CARD_NO_FUNDS, "insufficient_funds"),
        ] {
            let (order_no, cookie) = pay(&app, email, card).await;
            assert_eq!(deliver(&app, server::clock::now_ms()).await, vec![200]);
            assert_eq!(
                outcome(&app, &order_no).await,
                "fail",
                "{:?} {card}",
                app.backend
            );
            assert_eq!(
                stored_order(&app, &order_no).await.fail_reason.as_deref(),
                Some(reason)
            );
            assert!(user::Entity::find()
                .filter(user::Column::Email.eq(email))
                .one(&app.db)
                .await
                .unwrap()
                .is_none());
            assert_eq!(
                enter(&app, &cookie).await.header("location"),
                Some("/login?redirect=dashboard")
            );
        }
    }
}

#[tokio::test]
async fn a_pending_payment_reports_pending_then_success() {
    for app in TestApp::all().await {
        let (order_no, _) = pay(&app, "slow@mail.com", CARD_PENDING).await;
        let now = server::clock::now_ms();
        assert_eq!(deliver(&app, now).await, vec![200]);
        assert_eq!(
            outcome(&app, &order_no).await,
            "pending",
            "{:?}",
            app.backend
        );
        assert_eq!(deliver(&app, now + 5_000).await, vec![200]);
        assert_eq!(
            outcome(&app, &order_no).await,
            "success",
            "{:?}",
            app.backend
        );
    }
}

#[tokio::test]
async fn bad_payment_fields_are_refused_per_field_in_the_payer_s_language() {
    for app in TestApp::all().await {
        let plan = plan_id(&app, "cpl2_id").await;
        let body = format!("planId={plan}&method=card&email=nope&zip=1234567890123456&idempotencyKey=key-bad-fields-000");
        let res = app
            .send(
                "POST",
                &format!("{API}/portal/order"),
                &[("accept-language", "id")],
                Some(&body),
            )
            .await;
        let json = res.json();
        assert_eq!(json["success"], 0, "{:?}", app.backend);
        assert_eq!(
            json["obj"]["zipErrorMsg"],
            "Periksa kode pos: huruf, angka, spasi atau tanda hubung, paling banyak 15 karakter"
        );
        assert!(json["obj"]["emailErrorMsg"].is_string());
        let wallet = format!(
            "planId={plan}&method=dana&email=a@b.co&country=ID&idempotencyKey=key-bad-fields-001"
        );
        let res = app
            .send("POST", &format!("{API}/portal/order"), &[], Some(&wallet))
            .await;
        assert_eq!(
            res.json()["obj"]["nameErrorMsg"],
            "This field is required and cannot be empty"
        );
        assert_eq!(res.json()["obj"]["phoneErrorMsg"], "Invalid phone number");
        let elsewhere = format!("planId={plan}&method=gcash&email=a@b.co&name=A&phone=%2B639171234567&country=ID&idempotencyKey=key-bad-fields-002");
        let res = app
            .send(
                "POST",
                &format!("{API}/portal/order"),
                &[],
                Some(&elsewhere),
            )
            .await;
        assert_eq!(
            res.json()["msg"],
            "This payment method is not available in your country. Please choose another one."
        );
        assert_eq!(
            order::Entity::find().count(&app.db).await.unwrap(),
            0,
            "{:?}: nothing stored",
            app.backend
        );
    }
}

#[tokio::test]
async fn methods_follow_the_country_and_priority() {
    for app in TestApp::all().await {
        let res = app
            .get(&format!("{API}/portal/payMethods?country=ph"))
            .await;
        let json = res.json();
        assert_eq!(json["obj"]["country"], "PH");
        let names: Vec<&str> = json["obj"]["methods"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["choose"].as_str().unwrap())
            .collect();
        assert_eq!(
            names,
            [
                "card",
                "paypal",
                "fastSpring",
                "gcash",
                "grabpay",
                "paymaya"
            ],
            "{:?}",
            app.backend
        );
        // The browser's language names no place: without an address the
        // configured default decides.
        let id = app
            .get_with(
                &format!("{API}/portal/payMethods"),
                &[("accept-language", "id-ID")],
            )
            .await;
        assert_eq!(id.json()["obj"]["country"], "US");
    }
}

#[tokio::test]
async fn an_account_without_a_subscription_cannot_send_locate_requests() {
    for app in TestApp::all().await {
        crate::api_accounts::make_unpaid_user(&app, "free@mail.com", "secret-123").await;
        let (token, _) = crate::api_accounts::session_of(&app, "free@mail.com", "secret-123").await;
        let res = app
            .send(
                "POST",
                &format!("{API}/spyContent/phoneLocation"),
                &[("token", &token)],
                Some("country=ID&phone=81234567890&note="),
            )
            .await;
        assert_eq!(res.status, 402, "{:?}: {}", app.backend, res.body);
        assert_eq!(
            res.json()["msg"],
            "This needs an active subscription. Renew it in Billing or choose a plan."
        );
    }
}
