//! Locate with consent through the API, on SQLite and PostgreSQL:
//! every call, every status transition, caps, expiry, retention, block,
//! STOP, and nobody but the requester reading a request or its position.
use crate::api_accounts::{make_user, session_of};
use crate::util::{TestApp, TestResponse};
use sea_orm::{
    ColumnTrait as _, EntityTrait as _, PaginatorTrait as _, QueryFilter as _, QueryOrder as _,
};
use server::clock::now_ms;
use server::persistence::entities::{
    dev_outbox, disclosure_log, locate_consent, sms_queue, usage_entry,
};
use server::services::locate::{registry, retention, sms_events};

pub(crate) const API: &str = "/api_f/v1";
const PASSWORD: &str = "secret-123";
pub(crate) const NUMBER: &str = "0812-3456-7890";
pub(crate) const E164: &str = "+6281234567890";

pub(crate) async fn member(app: &TestApp, email: &str) -> String {
    make_user(app, email, PASSWORD).await;
    session_of(app, email, PASSWORD).await.0
}

pub(crate) async fn create(app: &TestApp, token: &str, phone: &str, note: &str) -> TestResponse {
    let body = format!(
        "country=ID&phone={}&note={}",
        app::api::encode(phone),
        app::api::encode(note)
    );
    app.send(
        "POST",
        &format!("{API}/spyContent/phoneLocation"),
        &[("token", token)],
        Some(&body),
    )
    .await
}

pub(crate) async fn created_id(app: &TestApp, token: &str, phone: &str) -> i64 {
    let res = create(app, token, phone, "worried").await;
    let json = res.json();
    assert_eq!(json["success"], 1, "{:?}: {}", app.backend, res.body);
    json["obj"]["id"].as_i64().unwrap()
}

/// Runs the SMS sender job once (dev outbox provider).
pub(crate) async fn send_queued(app: &TestApp) -> usize {
    server::services::locate::sender::run_due(&app.db, &app.state.sms, now_ms(), 50)
        .await
        .expect("sender round")
}

/// The owner's link token from the newest SMS to `e164`.
pub(crate) async fn link_token(app: &TestApp, e164: &str) -> String {
    let sms = dev_outbox::Entity::find()
        .filter(dev_outbox::Column::Channel.eq("sms"))
        .filter(dev_outbox::Column::Recipient.eq(e164))
        .order_by_desc(dev_outbox::Column::Id)
        .one(&app.db)
        .await
        .unwrap()
        .unwrap_or_else(|| panic!("{:?}: no SMS to {e164}", app.backend));
    let start = sms
        .body_text
        .find("reveal-location?t=")
        .expect("a reveal link")
        + "reveal-location?t=".len();
    sms.body_text[start..start + 64].to_owned()
}

pub(crate) async fn status_of(app: &TestApp, token: &str, id: i64) -> String {
    let list = app
        .get_with(&format!("{API}/spyContent"), &[("token", token)])
        .await
        .json();
    let item = list["obj"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["id"] == id)
        .cloned()
        .expect("listed");
    item["status"].as_str().unwrap().to_owned()
}

pub(crate) async fn answer(app: &TestApp, link: &str, body: &str) -> serde_json::Value {
    app.send(
        "POST",
        &format!("{API}/reveal/{link}"),
        &[("user-agent", "owner-phone/1")],
        Some(body),
    )
    .await
    .json()
}

#[tokio::test]
async fn the_whole_flow_request_sms_open_share_trace() {
    for app in TestApp::all().await {
        let token = member(&app, "req@mail.com").await;
        let id = created_id(&app, &token, NUMBER).await;
        assert_eq!(status_of(&app, &token, id).await, "created");
        assert_eq!(send_queued(&app).await, 1);
        assert_eq!(send_queued(&app).await, 0, "a message is never sent twice");
        assert_eq!(
            status_of(&app, &token, id).await,
            "delivered",
            "the dev outbox delivers at once"
        );

        let sms = dev_outbox::Entity::find()
            .filter(dev_outbox::Column::Channel.eq("sms"))
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(sms.recipient, E164);
        assert!(
            sms.body_text.contains("/id/reveal-location?t="),
            "Indonesian number, Indonesian page: {}",
            sms.body_text
        );
        let queued = sms_queue::Entity::find()
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(queued.body, "", "the secret link is not kept after sending");

        let link = link_token(&app, E164).await;
        let view = app.get(&format!("{API}/reveal/{link}")).await.json();
        assert_eq!(view["obj"]["state"], "pending", "{view}");
        assert_eq!(view["obj"]["note"], "worried");
        assert_eq!(status_of(&app, &token, id).await, "opened");

        // Nothing is revealed before consent.
        let trace = app
            .get_with(
                &format!("{API}/gpsTrace/phoneLocation/{id}"),
                &[("token", &token)],
            )
            .await
            .json();
        assert_eq!(trace["obj"]["points"].as_array().unwrap().len(), 0);

        let shared = answer(
            &app,
            &link,
            "decision=share&latitude=-6.2&longitude=106.8166&accuracy=25",
        )
        .await;
        assert_eq!(shared["obj"]["state"], "shared", "{shared}");
        assert_eq!(shared["obj"]["shared"]["lat"], -6.2);
        assert_eq!(status_of(&app, &token, id).await, "located");

        let trace = app
            .get_with(
                &format!("{API}/gpsTrace/phoneLocation/{id}"),
                &[("token", &token)],
            )
            .await
            .json();
        let point = &trace["obj"]["points"][0]["point"];
        assert_eq!(
            (point["lat"].as_f64(), point["lng"].as_f64()),
            (Some(-6.2), Some(106.8166))
        );
        assert_eq!(
            disclosure_log::Entity::find().count(&app.db).await.unwrap(),
            1,
            "disclosures are logged"
        );
        let consent = locate_consent::Entity::find()
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(consent.decision, "share");
        assert_eq!(consent.user_agent.as_deref(), Some("owner-phone/1"));

        // One request yields one position: the link does nothing more.
        let again = answer(&app, &link, "decision=share&latitude=1&longitude=1").await;
        assert_eq!(again["success"], 0);
        let reopened = app.get(&format!("{API}/reveal/{link}")).await.json();
        assert_eq!(reopened["obj"]["state"], "shared");
        assert!(
            reopened["obj"]["shared"].is_null(),
            "the position is not shown again to whoever holds the link"
        );
    }
}

#[tokio::test]
async fn nobody_but_the_requester_reads_a_request_or_its_position() {
    for app in TestApp::all().await {
        let owner_token = member(&app, "a@mail.com").await;
        let other = member(&app, "b@mail.com").await;
        let id = created_id(&app, &owner_token, NUMBER).await;
        send_queued(&app).await;
        let link = link_token(&app, E164).await;
        answer(&app, &link, "decision=share&latitude=1.5&longitude=2.5").await;

        for (method, path, body) in [
            ("GET", format!("{API}/gpsTrace/phoneLocation/{id}"), None),
            (
                "PUT",
                format!("{API}/spyContent/phoneLocation/{id}"),
                Some("action=rename&label=x"),
            ),
            ("POST", format!("{API}/spyContent/clear/{id}"), None),
        ] {
            let res = app.send(method, &path, &[("token", &other)], body).await;
            assert_eq!(
                res.status, 404,
                "{:?} {method} {path} with another user's token",
                app.backend
            );
            assert!(!res.body.contains("1.5"));
            let res = app.send(method, &path, &[], body).await;
            assert_eq!(res.status, 401, "{method} {path} without a token");
        }
        let theirs = app
            .get_with(&format!("{API}/spyContent"), &[("token", &other)])
            .await
            .json();
        assert_eq!(theirs["obj"].as_array().unwrap().len(), 0);
        assert_eq!(theirs["page"]["total"], 0);
        assert_eq!(app.get(&format!("{API}/spyContent")).await.status, 401);
        assert_eq!(
            app.send(
                "POST",
                &format!("{API}/spyContent/phoneLocation"),
                &[],
                Some("country=ID&phone=0812")
            )
            .await
            .status,
            401
        );
    }
}

#[tokio::test]
async fn decline_and_block() {
    for app in TestApp::all().await {
        let token = member(&app, "c@mail.com").await;
        let first = created_id(&app, &token, NUMBER).await;
        send_queued(&app).await;
        let link = link_token(&app, E164).await;
        let declined = answer(&app, &link, "decision=decline").await;
        assert_eq!(declined["obj"]["state"], "declined");
        assert_eq!(status_of(&app, &token, first).await, "declined");

        let second = created_id(&app, &token, NUMBER).await;
        send_queued(&app).await;
        let link = link_token(&app, E164).await;
        assert_eq!(
            answer(&app, &link, "decision=block").await["obj"]["state"],
            "blocked"
        );
        assert_eq!(status_of(&app, &token, second).await, "blocked");
        assert!(registry::is_blocked(&app.db, E164).await.unwrap());

        // Anyone's later request is refused up front with the reason, is not
        // counted, and the number gets nothing.
        let other = member(&app, "d@mail.com").await;
        let refused = create(&app, &other, "+62 812 3456 7890", "worried").await;
        assert_eq!(refused.json()["success"], 0, "{}", refused.body);
        assert_eq!(
            refused.json()["obj"]["phoneErrorMsg"],
            "The owner of this number has asked not to receive location requests through our service."
        );
        let counted = usage_entry::Entity::find().count(&app.db).await.unwrap();
        assert_eq!(counted, 2, "only the two answered requests are uses");
        assert_eq!(send_queued(&app).await, 0);
        let texts = dev_outbox::Entity::find()
            .filter(dev_outbox::Column::Recipient.eq(E164))
            .count(&app.db)
            .await
            .unwrap();
        assert_eq!(texts, 2);
    }
}

#[tokio::test]
async fn stop_and_start_keywords() {
    for app in TestApp::all().await {
        let token = member(&app, "e@mail.com").await;
        let id = created_id(&app, &token, NUMBER).await;
        send_queued(&app).await;
        sms_events::record_keyword(&app.db, E164, sms_events::OptKeyword::Stop, now_ms())
            .await
            .unwrap();
        assert_eq!(
            status_of(&app, &token, id).await,
            "blocked",
            "pending requests end on STOP"
        );
        let link = link_token(&app, E164).await;
        assert_eq!(
            app.get(&format!("{API}/reveal/{link}")).await.json()["obj"]["state"],
            "gone"
        );
        sms_events::record_keyword(&app.db, E164, sms_events::OptKeyword::Start, now_ms())
            .await
            .unwrap();
        assert!(
            !registry::is_blocked(&app.db, E164).await.unwrap(),
            "START undoes STOP"
        );
    }
}

#[tokio::test]
async fn caps_per_requester_per_number_and_per_number() {
    for app in TestApp::all().await {
        let a = member(&app, "f@mail.com").await;
        created_id(&app, &a, NUMBER).await;
        created_id(&app, &a, NUMBER).await;
        let third = create(&app, &a, NUMBER, "").await.json();
        assert_eq!(third["success"], 0);
        assert_eq!(
            third["msg"],
            "You have reached today's limit of location requests. Please try again tomorrow."
        );

        let b = member(&app, "g@mail.com").await;
        created_id(&app, &b, NUMBER).await;
        let fourth = create(&app, &b, NUMBER, "").await.json();
        assert_eq!(
            fourth["msg"],
            "This number cannot receive more requests today."
        );
        // Another number is fine.
        created_id(&app, &b, "0813-1111-2222").await;
    }
}

#[tokio::test]
async fn bad_input_fills_the_phone_and_note_slots() {
    for app in TestApp::all().await {
        let token = member(&app, "h@mail.com").await;
        let res = app
            .send(
                "POST",
                &format!("{API}/spyContent/phoneLocation"),
                &[("token", &token), ("accept-language", "id")],
                Some("country=ID&phone=123&note=cek%20promo.com"),
            )
            .await
            .json();
        assert_eq!(res["success"], 0);
        assert_eq!(
            res["obj"]["phoneErrorMsg"],
            "Silakan masukkan nomor yang benar"
        );
        assert_eq!(
            res["obj"]["noteErrorMsg"],
            "Silakan pilih salah satu alasan yang tersedia."
        );
        assert_eq!(sms_queue::Entity::find().count(&app.db).await.unwrap(), 0);
    }
}

#[tokio::test]
async fn resend_once_cancel_rename_and_clear() {
    for app in TestApp::all().await {
        let token = member(&app, "i@mail.com").await;
        let id = created_id(&app, &token, NUMBER).await;
        let put = |body: &'static str| {
            let (app, token) = (&app, token.clone());
            async move {
                app.send(
                    "PUT",
                    &format!("{API}/spyContent/phoneLocation/{id}"),
                    &[("token", &token)],
                    Some(body),
                )
                .await
                .json()
            }
        };
        assert_eq!(put("action=resend").await["success"], 0, "nothing sent yet");
        send_queued(&app).await;
        let old_link = link_token(&app, E164).await;
        let resent = put("action=resend").await;
        assert_eq!(resent["success"], 1, "{resent}");
        assert_eq!(resent["obj"]["canResend"], false);
        send_queued(&app).await;
        let new_link = link_token(&app, E164).await;
        assert_ne!(old_link, new_link);
        assert_eq!(
            app.get(&format!("{API}/reveal/{old_link}")).await.json()["obj"]["state"],
            "gone",
            "the old link died"
        );
        assert_eq!(put("action=resend").await["success"], 0, "only once");

        let renamed = put("action=rename&label=Mum").await;
        assert_eq!(renamed["obj"]["label"], "Mum");

        let cancelled = put("action=cancel").await;
        assert_eq!(cancelled["obj"]["status"], "cancelled");
        assert_eq!(
            app.get(&format!("{API}/reveal/{new_link}")).await.json()["obj"]["state"],
            "gone"
        );
        assert_eq!(put("action=cancel").await["success"], 0);

        // Clear: a located request loses its position at once.
        let id2 = created_id(&app, &token, "0813-1111-2222").await;
        send_queued(&app).await;
        let link = link_token(&app, "+6281311112222").await;
        answer(&app, &link, "decision=share&latitude=3&longitude=4").await;
        let cleared = app
            .send(
                "POST",
                &format!("{API}/spyContent/clear/{id2}"),
                &[("token", &token)],
                None,
            )
            .await
            .json();
        assert_eq!(cleared["obj"]["hasLocation"], false);
        let trace = app
            .get_with(
                &format!("{API}/gpsTrace/phoneLocation/{id2}"),
                &[("token", &token)],
            )
            .await
            .json();
        assert_eq!(trace["obj"]["points"].as_array().unwrap().len(), 0);
    }
}

#[tokio::test]
async fn links_expire_and_positions_are_deleted_after_retention() {
    for app in TestApp::all().await {
        let token = member(&app, "j@mail.com").await;
        let expiring = created_id(&app, &token, NUMBER).await;
        send_queued(&app).await;
        let link = link_token(&app, E164).await;
        let day = 24 * 3_600_000;
        assert_eq!(
            retention::expire_requests(&app.db, now_ms() + day + 1000)
                .await
                .unwrap(),
            1
        );
        assert_eq!(status_of(&app, &token, expiring).await, "expired");
        assert_eq!(
            app.get(&format!("{API}/reveal/{link}")).await.json()["obj"]["state"],
            "gone"
        );
        assert_eq!(answer(&app, &link, "decision=decline").await["success"], 0);

        let kept = created_id(&app, &token, "0813-1111-2222").await;
        send_queued(&app).await;
        let link = link_token(&app, "+6281311112222").await;
        answer(&app, &link, "decision=share&latitude=5&longitude=6").await;
        assert_eq!(
            retention::delete_old_positions(&app.db, now_ms() + 29 * day)
                .await
                .unwrap(),
            0
        );
        assert_eq!(
            retention::delete_old_positions(&app.db, now_ms() + 30 * day + 1000)
                .await
                .unwrap(),
            1
        );
        let trace = app
            .get_with(
                &format!("{API}/gpsTrace/phoneLocation/{kept}"),
                &[("token", &token)],
            )
            .await
            .json();
        assert_eq!(trace["obj"]["points"].as_array().unwrap().len(), 0);
    }
}

#[tokio::test]
async fn a_number_registers_itself_with_a_texted_code() {
    for app in TestApp::all().await {
        let sent = app
            .send(
                "POST",
                &format!("{API}/doNotLocate/code"),
                &[],
                Some("country=ID&phone=081311112222"),
            )
            .await
            .json();
        assert_eq!(sent["success"], 1, "{sent}");
        send_queued(&app).await;
        let sms = dev_outbox::Entity::find()
            .filter(dev_outbox::Column::Recipient.eq("+6281311112222"))
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        let code = crate::api_password_reset::six_digits(&sms.body_text).expect("a 6-digit code");
        let wrong = app
            .send(
                "POST",
                &format!("{API}/doNotLocate/confirm"),
                &[],
                Some("country=ID&phone=081311112222&code=000000"),
            )
            .await
            .json();
        assert_eq!(wrong["success"], 0);
        let ok = app
            .send(
                "POST",
                &format!("{API}/doNotLocate/confirm"),
                &[],
                Some(&format!("country=ID&phone=081311112222&code={code}")),
            )
            .await
            .json();
        assert_eq!(ok["success"], 1, "{ok} (sms: {})", sms.body_text);
        assert!(registry::is_blocked(&app.db, "+6281311112222")
            .await
            .unwrap());
    }
}

#[tokio::test]
async fn the_list_pages_and_counts_unseen_answers() {
    for app in TestApp::all().await {
        let token = member(&app, "k@mail.com").await;
        created_id(&app, &token, NUMBER).await;
        created_id(&app, &token, "0813-1111-2222").await;
        send_queued(&app).await;
        let link = link_token(&app, E164).await;
        answer(&app, &link, "decision=decline").await;
        let cookie = format!("token={token}");
        let page = app.get_with("/faq", &[("cookie", &cookie)]).await;
        assert!(
            page.body.contains(r#"data-notifications="1""#),
            "the header's badge counts the answer ({:?})",
            app.backend
        );
        let first = app
            .get_with(
                &format!("{API}/spyContent?page=1&size=1"),
                &[("token", &token)],
            )
            .await
            .json();
        assert_eq!(first["obj"].as_array().unwrap().len(), 1);
        assert_eq!(first["page"]["total"], 2);
        assert_eq!(first["result"]["notificationsTotal"], 1);
        let all = app
            .get_with(&format!("{API}/spyContent"), &[("token", &token)])
            .await
            .json();
        assert_eq!(all["obj"].as_array().unwrap().len(), 2);
        assert_eq!(
            all["result"]["notificationsTotal"], 1,
            "the answer was not on the first page"
        );
        let again = app
            .get_with(&format!("{API}/spyContent"), &[("token", &token)])
            .await
            .json();
        assert_eq!(again["result"]["notificationsTotal"], 0, "seen once listed");
        let page = app.get_with("/faq", &[("cookie", &cookie)]).await;
        assert!(
            !page.body.contains("data-notifications="),
            "no badge once seen"
        );
    }
}
