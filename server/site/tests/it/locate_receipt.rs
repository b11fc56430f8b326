//! The owner's receipt and the member's e-mail, on SQLite and PostgreSQL:
//! sharing (in any mode) texts the owner one receipt link, which opens
//! their page in its decided state (who asked, what, how precisely, until
//! when, when it is deleted) for as long as the decision is kept, and from
//! which they stop a live sharing and delete what was shared, with or
//! without JavaScript; declining texts none. The member who asked for it
//! gets one e-mail when the owner answers; nobody else gets one.
use crate::api_locate::{
    answer, created_id, link_token, member, send_queued, status_of, API, E164, NUMBER,
};
use crate::util::TestApp;
use sea_orm::{ColumnTrait as _, EntityTrait as _, PaginatorTrait as _, QueryFilter as _};
use server::clock::now_ms;
use server::persistence::entities::{dev_outbox, sms_queue};
use server::services::locate::{receipt::RECEIPT_SEQ, retention};

const MINUTE: i64 = 60_000;

pub(crate) async fn reveal(app: &TestApp, token: &str) -> serde_json::Value {
    app.get(&format!("{API}/reveal/{token}")).await.json()["obj"].clone()
}

/// A member's request, texted, and the owner's link: (session, id, link).
pub(crate) async fn asked(app: &TestApp, email: &str) -> (String, i64, String) {
    let token = member(app, email).await;
    let id = created_id(app, &token, NUMBER).await;
    send_queued(app).await;
    (token, id, link_token(app, E164).await)
}

async fn receipts_of(app: &TestApp, id: i64) -> Vec<sms_queue::Model> {
    sms_queue::Entity::find()
        .filter(sms_queue::Column::RequestId.eq(id))
        .filter(sms_queue::Column::Seq.eq(RECEIPT_SEQ))
        .all(&app.db)
        .await
        .unwrap()
}

/// The receipt texted for the newest share: its token.
async fn receipt_token(app: &TestApp) -> String {
    assert!(send_queued(app).await >= 1, "{:?}: a receipt", app.backend);
    link_token(app, E164).await
}

#[tokio::test]
async fn sharing_texts_one_receipt_that_shows_the_facts_stops_and_deletes() {
    for app in TestApp::all().await {
        let start = now_ms();
        app.state.clock.set(start);
        let (token, id, link) = asked(&app, "receipt@mail.com").await;
        let live = "decision=share&mode=live_1h&latitude=-6.2&longitude=106.8&accuracy=9";
        let first = answer(&app, &link, live).await;
        assert_eq!(first["success"], 1, "{:?}: {first}", app.backend);
        assert_eq!(answer(&app, &link, live).await["success"], 0);
        let queued = receipts_of(&app, id).await;
        assert_eq!(queued.len(), 1, "{:?}: one receipt", app.backend);
        assert_eq!(queued[0].purpose, "receipt");
        let receipt = receipt_token(&app).await;
        assert_ne!(receipt, link, "the receipt has its own token");
        assert_eq!(send_queued(&app).await, 0, "texted once");

        let page = reveal(&app, &receipt).await;
        assert_eq!(page["state"], "shared", "{:?}: {page}", app.backend);
        assert_eq!(page["requester"], "r•••@mail.com");
        assert_eq!(page["note"], "worried");
        assert_eq!(page["precision"], "precise");
        assert_eq!(page["liveUntil"], start + 60 * MINUTE);
        assert_eq!(
            page["deleteAfter"],
            start + app.state.config.locate.retention_ms
        );
        assert!(page["shared"].is_null(), "no coordinates on the receipt");

        let stopped = answer(&app, &receipt, "decision=stop_live").await["obj"].clone();
        assert_eq!(stopped["liveUntil"], start, "{:?}: {stopped}", app.backend);
        let deleted = answer(&app, &receipt, "decision=stop_sharing").await["obj"].clone();
        assert_eq!(
            (
                deleted["canStopSharing"].clone(),
                deleted["deleteAfter"].clone()
            ),
            (false.into(), serde_json::Value::Null),
            "{deleted}"
        );
        let trace = app
            .get_with(
                &format!("{API}/gpsTrace/phoneLocation/{id}"),
                &[("token", &token)],
            )
            .await
            .json();
        assert_eq!(trace["obj"]["points"].as_array().map(Vec::len), Some(0));
        assert_eq!(status_of(&app, &token, id).await, "located");

        // The receipt outlives the request's link.
        app.state
            .clock
            .set(start + app.state.config.locate.link_ttl_ms + 1);
        retention::expire_requests(&app.db, app.state.clock.now_ms())
            .await
            .unwrap();
        assert_eq!(reveal(&app, &receipt).await["state"], "shared");
        assert_eq!(reveal(&app, &"0".repeat(64)).await["state"], "gone");
        app.state.clock.follow_system();
    }
}

#[tokio::test]
async fn declining_texts_no_receipt_and_the_receipt_works_without_javascript() {
    for app in TestApp::all().await {
        let (_token, id, link) = asked(&app, "nojs@mail.com").await;
        answer(&app, &link, "decision=decline").await;
        assert!(receipts_of(&app, id).await.is_empty(), "{:?}", app.backend);
        assert_eq!(send_queued(&app).await, 0);

        let (_token, id, link) = asked(&app, "nojs2@mail.com").await;
        answer(&app, &link, "decision=share&latitude=1&longitude=2").await;
        let receipt = receipt_token(&app).await;
        let page = app.get(&format!("/reveal-location?t={receipt}")).await;
        for needle in ["reveal-stop-sharing", "reveal-trust", "n•••@mail.com"] {
            assert!(page.body.contains(needle), "{:?}: {needle}", app.backend);
        }
        let csrf = crate::locate_trust::csrf_of(&page);
        let posted = app
            .send(
                "POST",
                "/reveal-location",
                &[("cookie", &format!("csrf={csrf}"))],
                Some(&format!(
                    "csrf={csrf}&form=reveal&t={receipt}&decision=stop_sharing"
                )),
            )
            .await;
        assert!(matches!(posted.status, 302 | 303), "{}", posted.body);
        assert_eq!(reveal(&app, &receipt).await["canStopSharing"], false);
        assert_eq!(receipts_of(&app, id).await.len(), 1);
    }
}

async fn mails_to(app: &TestApp, to: &str) -> Vec<dev_outbox::Model> {
    server::jobs::run_mail_jobs(&app.state)
        .await
        .expect("mail jobs");
    dev_outbox::Entity::find()
        .filter(dev_outbox::Column::Recipient.eq(to))
        .filter(dev_outbox::Column::Channel.eq("email"))
        .all(&app.db)
        .await
        .unwrap()
}

#[tokio::test]
async fn the_member_who_asked_for_it_is_mailed_once_when_the_owner_answers() {
    for app in TestApp::all().await {
        let token = member(&app, "notify@mail.com").await;
        let body = format!(
            "country=ID&phone={}&note=worried&notify=1",
            app::api::encode(NUMBER)
        );
        let created = app
            .send(
                "POST",
                &format!("{API}/spyContent/phoneLocation"),
                &[("token", &token)],
                Some(&body),
            )
            .await
            .json();
        assert_eq!(created["success"], 1, "{created}");
        send_queued(&app).await;
        let link = link_token(&app, E164).await;
        assert!(
            mails_to(&app, "notify@mail.com").await.is_empty(),
            "not yet"
        );
        answer(&app, &link, "decision=decline").await;
        let mails = mails_to(&app, "notify@mail.com").await;
        assert_eq!(mails.len(), 1, "{:?}", app.backend);
        assert!(mails[0].body_text.contains("+62 812-3456-7890"));
        assert!(
            mails[0].body_text.contains("Declined"),
            "{}",
            mails[0].body_text
        );
        assert_eq!(mails_to(&app, "notify@mail.com").await.len(), 1, "once");

        let (_t, _id, link) = asked(&app, "quiet@mail.com").await;
        answer(&app, &link, "decision=share&latitude=1&longitude=2").await;
        assert!(
            mails_to(&app, "quiet@mail.com").await.is_empty(),
            "{:?}: not asked for, not sent",
            app.backend
        );
        let jobs = server::persistence::entities::job::Entity::find()
            .filter(server::persistence::entities::job::Column::Kind.eq("locate_answer_mail"))
            .count(&app.db)
            .await
            .unwrap();
        assert_eq!(jobs, 1);
    }
}
