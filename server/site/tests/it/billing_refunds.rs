//! Refunds through the API: eligible within 14 days when unused, refunded
//! once however often asked, ending the subscription and access.
use crate::billing_util::*;
use crate::util::TestApp;
use sea_orm::{ColumnTrait as _, EntityTrait as _, QueryFilter as _};
use server::persistence::entities::{charge, sandbox_payment, subscription, user};

/// A paid trial whose browser entered; returns its session token.
pub async fn member(app: &TestApp, email: &str) -> String {
    let (_, cookie) = pay(app, email, CARD_OK).await;
    deliver(app, server::clock::now_ms()).await;
    let entered = enter(app, &cookie).await;
    let session = entered
        .headers
        .get_all("set-cookie")
        .iter()
        .find(|c| c.to_str().unwrap().starts_with("token="))
        .expect("session");
    session
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .trim_start_matches("token=")
        .to_owned()
}

#[tokio::test]
async fn an_unused_charge_is_refunded_once_and_ends_access() {
    for app in TestApp::all().await {
        let token = member(&app, "refund@mail.com").await;
        let auth = [("token", token.as_str())];
        let detail = app
            .send(
                "POST",
                &format!("{API}/admin/order/refundDetail"),
                &auth,
                Some(""),
            )
            .await
            .json();
        assert_eq!(
            detail["obj"]["eligible"], true,
            "{:?}: {detail}",
            app.backend
        );
        assert_eq!(
            (
                detail["obj"]["amountMinor"].as_i64(),
                detail["obj"]["amountText"].as_str()
            ),
            (Some(99), Some("$0.99"))
        );
        let charge_id = detail["obj"]["chargeId"].as_i64().unwrap();
        let form = format!("chargeId={charge_id}");
        let url = format!("{API}/admin/order/refund");
        let (a, b) = tokio::join!(
            app.send("POST", &url, &auth, Some(&form)),
            app.send("POST", &url, &auth, Some(&form))
        );
        let ok = [&a, &b].iter().filter(|r| r.json()["success"] == 1).count();
        assert!(ok >= 1, "{:?}: {} / {}", app.backend, a.body, b.body);
        let refunds = sandbox_payment::Entity::find()
            .filter(sandbox_payment::Column::Kind.eq("refund"))
            .all(&app.db)
            .await
            .unwrap();
        assert_eq!(refunds.len(), 1, "{:?}: refunded exactly once", app.backend);
        let c = charge::Entity::find_by_id(charge_id)
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        assert_eq!((c.status.as_str(), c.refunded_minor), ("refunded", 99));
        let m = user::Entity::find()
            .filter(user::Column::Email.eq("refund@mail.com"))
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        assert!(m.vip_time <= server::clock::now_ms(), "access ended");
        let sub = subscription::Entity::find()
            .filter(subscription::Column::UserId.eq(m.id))
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(sub.status, "canceled");
        let again = app.send("POST", &url, &auth, Some(&form)).await.json();
        assert_eq!(again["success"], 1, "asking again answers the same");
        let after = app
            .send(
                "POST",
                &format!("{API}/admin/order/refundDetail"),
                &auth,
                Some(""),
            )
            .await
            .json();
        assert_eq!(
            (
                after["obj"]["eligible"].as_bool(),
                after["obj"]["reason"].as_str()
            ),
            (Some(false), Some("already_refunded"))
        );
        let locate = app
            .send(
                "POST",
                &format!("{API}/spyContent/phoneLocation"),
                &auth,
                Some("country=ID&phone=81234567890&note="),
            )
            .await;
        assert_eq!(locate.status, 402, "no access after the refund");
    }
}

#[tokio::test]
async fn a_used_service_or_an_old_charge_is_not_refundable() {
    for app in TestApp::all().await {
        let token = member(&app, "used@mail.com").await;
        let auth = [("token", token.as_str())];
        let locate = app
            .send(
                "POST",
                &format!("{API}/spyContent/phoneLocation"),
                &auth,
                Some("country=ID&phone=81234567890&note="),
            )
            .await;
        assert_eq!(locate.json()["success"], 1, "{}", locate.body);
        let detail = app
            .send(
                "POST",
                &format!("{API}/admin/order/refundDetail"),
                &auth,
                Some(""),
            )
            .await
            .json();
        assert_eq!(
            (
                detail["obj"]["eligible"].as_bool(),
                detail["obj"]["reason"].as_str()
            ),
            (Some(false), Some("service_used"))
        );
        let charge_id = detail["obj"]["chargeId"].as_i64().unwrap();
        let refused = app
            .send(
                "POST",
                &format!("{API}/admin/order/refund"),
                &auth,
                Some(&format!("chargeId={charge_id}")),
            )
            .await;
        assert_eq!(
            refused.json()["msg"],
            "This charge cannot be refunded.",
            "{:?}",
            app.backend
        );

        member(&app, "old@mail.com").await;
        let m = user::Entity::find()
            .filter(user::Column::Email.eq("old@mail.com"))
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        let c = charge::Entity::find()
            .filter(charge::Column::UserId.eq(m.id))
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        let fifteen_days_later = app.state.cx().at(c.settled_at.unwrap() + 15 * 86_400_000);
        let detail = server::services::billing::refunds::detail(&fifteen_days_later, &m)
            .await
            .unwrap();
        assert_eq!(
            (detail.eligible, detail.reason.as_deref()),
            (false, Some("window_passed")),
            "{:?}",
            app.backend
        );
        let within = app.state.cx().at(c.settled_at.unwrap() + 13 * 86_400_000);
        assert!(
            server::services::billing::refunds::detail(&within, &m)
                .await
                .unwrap()
                .eligible
        );
    }
}

#[tokio::test]
async fn billing_calls_need_a_session_and_show_only_the_member_s_own() {
    for app in TestApp::all().await {
        for (method, path) in [
            ("GET", "/other/user/property"),
            ("PUT", "/admin/user/cancelSubscribe"),
            ("POST", "/admin/order/refundDetail"),
        ] {
            let res = app
                .send(method, &format!("{API}{path}"), &[], Some(""))
                .await;
            assert_eq!(res.status, 401, "{:?} {path}", app.backend);
        }
        let a = member(&app, "a@mail.com").await;
        let b = member(&app, "b@mail.com").await;
        let a_detail = app
            .send(
                "POST",
                &format!("{API}/admin/order/refundDetail"),
                &[("token", &a)],
                Some(""),
            )
            .await
            .json();
        let a_charge = a_detail["obj"]["chargeId"].as_i64().unwrap();
        let steal = app
            .send(
                "POST",
                &format!("{API}/admin/order/refund"),
                &[("token", &b)],
                Some(&format!("chargeId={a_charge}")),
            )
            .await;
        assert_eq!(
            steal.json()["success"],
            0,
            "{:?}: another member's charge",
            app.backend
        );
        let summary = app
            .get_with(&format!("{API}/other/user/property"), &[("token", &b)])
            .await
            .json();
        assert_eq!(summary["obj"]["charges"].as_array().unwrap().len(), 1);
        assert_eq!(summary["obj"]["subscription"]["state"], "trialing");
        assert_eq!(summary["obj"]["subscription"]["priceText"], "$29.99");
    }
}

#[tokio::test]
async fn a_full_lookup_counts_as_using_the_service() {
    for app in TestApp::all().await {
        let token = member(&app, "lookedup@mail.com").await;
        let auth = [("token", token.as_str())];
        let before = app
            .send(
                "POST",
                &format!("{API}/admin/order/refundDetail"),
                &auth,
                Some(""),
            )
            .await
            .json();
        assert_eq!(
            before["obj"]["eligible"], true,
            "{:?}: {before}",
            app.backend
        );
        let lookup = app
            .get_with(
                &format!("{API}{}", app::api::lookup_path("GB", "07400123456")),
                &auth,
            )
            .await
            .json();
        assert_eq!(lookup["obj"]["full"], true, "{lookup}");
        let after = app
            .send(
                "POST",
                &format!("{API}/admin/order/refundDetail"),
                &auth,
                Some(""),
            )
            .await
            .json();
        assert_eq!(
            (
                after["obj"]["eligible"].as_bool(),
                after["obj"]["reason"].as_str()
            ),
            (Some(false), Some("service_used"))
        );
    }
}
