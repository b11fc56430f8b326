//! The owner's link after a decision, on SQLite and PostgreSQL: reopening
//! shows the decision (not "gone"), what was shared and until when, and the
//! actions still open — stop sharing (after a share) and block (after a
//! share or a decline), through the API and the no-JavaScript form.
use crate::api_locate::{
    answer, created_id, link_token, member, send_queued, status_of, API, E164, NUMBER,
};
use crate::util::TestApp;
use server::services::locate::registry;

async fn reveal(app: &TestApp, link: &str) -> serde_json::Value {
    app.get(&format!("{API}/reveal/{link}")).await.json()["obj"].clone()
}

#[tokio::test]
async fn after_sharing_the_owner_sees_the_decision_can_stop_sharing_and_block() {
    for app in TestApp::all().await {
        let a = member(&app, "sharer@mail.com").await;
        let id = created_id(&app, &a, NUMBER).await;
        send_queued(&app).await;
        let link = link_token(&app, E164).await;
        let shared = answer(
            &app,
            &link,
            "decision=share&latitude=3&longitude=4&accuracy=12",
        )
        .await["obj"]
            .clone();
        assert_eq!(shared["state"], "shared", "{:?}: {shared}", app.backend);
        assert_eq!(
            (shared["canStopSharing"].clone(), shared["canBlock"].clone()),
            (true.into(), true.into())
        );
        assert_eq!(shared["sharedAccuracyM"], 12.0);

        let reopened = reveal(&app, &link).await;
        assert_eq!(
            reopened["state"], "shared",
            "{:?}: a decided link shows the decision",
            app.backend
        );
        assert!(
            reopened["decidedAt"].is_i64()
                && reopened["sharedAt"].is_i64()
                && reopened["deleteAfter"].is_i64(),
            "{reopened}"
        );
        assert!(
            reopened["shared"].is_null(),
            "the position is not shown again"
        );

        // Somebody else's request to the same number is still waiting.
        let b = member(&app, "other@mail.com").await;
        let pending = created_id(&app, &b, NUMBER).await;
        send_queued(&app).await;

        let stopped = answer(&app, &link, "decision=stop_sharing").await["obj"].clone();
        assert_eq!(
            (stopped["state"].clone(), stopped["canStopSharing"].clone()),
            ("shared".into(), false.into()),
            "{stopped}"
        );
        assert!(stopped["deleteAfter"].is_null(), "{stopped}");
        let trace = app
            .get_with(
                &format!("{API}/gpsTrace/phoneLocation/{id}"),
                &[("token", &a)],
            )
            .await
            .json();
        assert_eq!(
            trace["obj"]["points"].as_array().unwrap().len(),
            0,
            "{:?}: the position is gone now",
            app.backend
        );

        let blocked = answer(&app, &link, "decision=block").await["obj"].clone();
        assert_eq!(
            blocked["state"], "shared",
            "{:?}: the recorded decision stays",
            app.backend
        );
        assert_eq!(
            (
                blocked["numberBlocked"].clone(),
                blocked["canBlock"].clone()
            ),
            (true.into(), false.into())
        );
        assert!(registry::is_blocked(&app.db, E164).await.unwrap());
        assert_eq!(status_of(&app, &a, id).await, "located");
        assert_eq!(
            status_of(&app, &b, pending).await,
            "blocked",
            "{:?}: other pending requests end",
            app.backend
        );
    }
}

#[tokio::test]
async fn after_declining_the_owner_can_still_block_without_javascript() {
    for app in TestApp::all().await {
        let a = member(&app, "decliner@mail.com").await;
        let id = created_id(&app, &a, NUMBER).await;
        send_queued(&app).await;
        let link = link_token(&app, E164).await;
        answer(&app, &link, "decision=decline").await;
        let reopened = reveal(&app, &link).await;
        assert_eq!(
            reopened["state"], "declined",
            "{:?}: {reopened}",
            app.backend
        );
        assert_eq!(
            (
                reopened["canBlock"].clone(),
                reopened["canStopSharing"].clone()
            ),
            (true.into(), false.into())
        );
        assert!(reopened["decidedAt"].is_i64());
        assert_eq!(
            answer(&app, &link, "decision=share&latitude=1&longitude=1").await["success"],
            0,
            "decided once"
        );

        let page = app.get("/reveal-location").await;
        let csrf = page
            .headers
            .get_all("set-cookie")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .find_map(|c| {
                c.strip_prefix("csrf=")?
                    .split(';')
                    .next()
                    .map(str::to_owned)
            })
            .expect("a csrf cookie");
        let form = format!("csrf={csrf}&form=reveal&t={link}&decision=block");
        let posted = app
            .send(
                "POST",
                "/reveal-location",
                &[("cookie", &format!("csrf={csrf}"))],
                Some(&form),
            )
            .await;
        assert!(
            matches!(posted.status, 302 | 303),
            "{:?}: {}",
            app.backend,
            posted.body
        );
        let after = reveal(&app, &link).await;
        assert_eq!(
            (after["state"].clone(), after["numberBlocked"].clone()),
            ("declined".into(), true.into()),
            "{after}"
        );
        assert_eq!(status_of(&app, &a, id).await, "declined");
    }
}

/// The owner's page as the server renders it: who we are (the mark, about,
/// privacy), what sharing sends and how long it is kept (the configured
/// retention), and a heading that names the decision once there is one.
#[tokio::test]
async fn the_owner_page_says_who_we_are_what_is_kept_and_names_the_decision() {
    for app in TestApp::all().await {
        let a = member(&app, "asker@mail.com").await;
        created_id(&app, &a, NUMBER).await;
        send_queued(&app).await;
        let link = link_token(&app, E164).await;
        let page = app.get(&format!("/reveal-location?t={link}")).await.body;
        for needle in [
            "<h1>Share your location?</h1>",
            r#"class="brand-mark""#,
            r#"href="/about-us""#,
            r#"href="/privacy-policy""#,
            "It is deleted after 30 days",
            "What “Share” sends",
        ] {
            assert!(page.contains(needle), "{:?}: {needle}", app.backend);
        }
        assert!(!page.contains("site-menu"), "no site navigation here");

        answer(&app, &link, "decision=decline").await;
        let page = app.get(&format!("/reveal-location?t={link}")).await.body;
        assert!(page.contains("<h1>You declined</h1>"), "{:?}", app.backend);
        assert!(!page.contains("Share your location?</h1>"));
    }
}
