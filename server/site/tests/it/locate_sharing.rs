//! How the owner shares, on SQLite and PostgreSQL: an approximate position
//! is stored rounded whatever the client sent; live sharing takes positions
//! only inside its window (never past the request's expiry), stops from
//! either side, is bounded per minute under a concurrent burst, and its
//! position follows the one retention rule; the requester's news stream
//! hears of it on another instance, and nobody else does.
use crate::api_locate::{answer, created_id, link_token, member, send_queued, API, E164, NUMBER};
use crate::util::{TestApp, TestResponse};
use axum::body::Body;
use axum::http::Request;
use futures::future::join_all;
use http_body_util::BodyExt as _;
use sea_orm::{ColumnTrait as _, EntityTrait as _, QueryFilter as _};
use server::clock::now_ms;
use server::persistence::entities::locate_position;
use server::services::locate::retention;
use std::time::Duration;
use tower::ServiceExt as _;

const MINUTE: i64 = 60_000;

/// A member's request, sent, and the owner's link: (session, id, link).
async fn asked(app: &TestApp, email: &str) -> (String, i64, String) {
    let token = member(app, email).await;
    let id = created_id(app, &token, NUMBER).await;
    send_queued(app).await;
    (token, id, link_token(app, E164).await)
}

async fn stored(app: &TestApp, id: i64) -> Option<locate_position::Model> {
    locate_position::Entity::find()
        .filter(locate_position::Column::RequestId.eq(id))
        .one(&app.db)
        .await
        .unwrap()
}

fn position_request(link: &str, lat: f64) -> Request<Body> {
    Request::post(format!("{API}/reveal/{link}/position"))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(Body::from(format!(
            "latitude={lat}&longitude=106.8&accuracy=9"
        )))
        .unwrap()
}

async fn send_position(app: &TestApp, link: &str, lat: f64) -> TestResponse {
    app.request(position_request(link, lat)).await
}

async fn trace(app: &TestApp, token: &str, id: i64) -> serde_json::Value {
    app.get_with(
        &format!("{API}/gpsTrace/phoneLocation/{id}"),
        &[("token", token)],
    )
    .await
    .json()["obj"]
        .clone()
}

#[tokio::test]
async fn an_approximate_share_is_stored_rounded_and_said_so_on_both_sides() {
    for app in TestApp::all().await {
        let (token, id, link) = asked(&app, "rough@mail.com").await;
        // A client that did not round: the server rounds all the same.
        let shared = answer(
            &app,
            &link,
            "decision=share&mode=approximate&latitude=-6.208763&longitude=106.845599&accuracy=7",
        )
        .await["obj"]
            .clone();
        assert_eq!(
            shared["precision"], "approximate",
            "{:?}: {shared}",
            app.backend
        );
        assert_eq!(shared["shared"]["lat"], -6.21);
        let row = stored(&app, id).await.expect("stored");
        assert_eq!(
            (row.latitude, row.longitude, row.accuracy),
            (-6.21, 106.85, Some(1_000.0)),
            "{:?}: only the rounded position is kept",
            app.backend
        );
        assert_eq!(
            (row.precision.as_str(), row.live_until),
            ("approximate", None)
        );
        let seen = trace(&app, &token, id).await;
        assert_eq!(seen["precision"], "approximate", "{seen}");
        assert_eq!(seen["points"][0]["point"]["lng"], 106.85);
        assert!(seen["liveUntil"].is_null());
        // Once is once: no further positions.
        let refused = send_position(&app, &link, -6.3).await.json();
        assert_eq!(refused["success"], 0, "{refused}");
        assert_eq!(refused["msg"], "This live sharing has ended.");
    }
}

#[tokio::test]
async fn live_sharing_takes_positions_inside_its_window_only() {
    for app in TestApp::all().await {
        let start = now_ms();
        app.state.clock.set(start);
        let (token, id, link) = asked(&app, "live@mail.com").await;
        let shared = answer(
            &app,
            &link,
            "decision=share&mode=live_15m&latitude=-6.2&longitude=106.8&accuracy=9",
        )
        .await["obj"]
            .clone();
        assert_eq!(shared["liveUntil"], start + 15 * MINUTE, "{shared}");
        assert_eq!(shared["precision"], "precise");

        app.state.clock.advance(5 * MINUTE);
        let moved = send_position(&app, &link, -6.25).await.json();
        assert_eq!(moved["success"], 1, "{:?}: {moved}", app.backend);
        let row = stored(&app, id).await.unwrap();
        assert_eq!((row.latitude, row.shared_at), (-6.25, start + 5 * MINUTE));
        assert_eq!(
            row.delete_after,
            start + 5 * MINUTE + app.state.config.locate.retention_ms,
            "each position gets the one retention window"
        );
        let seen = trace(&app, &token, id).await;
        assert_eq!(seen["points"][0]["point"]["lat"], -6.25, "{seen}");
        assert_eq!(seen["liveUntil"], start + 15 * MINUTE);

        app.state.clock.advance(10 * MINUTE);
        let late = send_position(&app, &link, -6.3).await.json();
        assert_eq!(late["success"], 0, "{:?}: the window is over", app.backend);
        assert_eq!(stored(&app, id).await.unwrap().latitude, -6.25);
        app.state.clock.follow_system();
    }
}

#[tokio::test]
async fn live_sharing_never_outlives_the_request() {
    for app in TestApp::all().await {
        let start = now_ms();
        app.state.clock.set(start);
        let (_token, id, link) = asked(&app, "late@mail.com").await;
        let expires_at = start + app.state.config.locate.link_ttl_ms;
        app.state.clock.set(expires_at - 10 * MINUTE);
        let shared = answer(
            &app,
            &link,
            "decision=share&mode=live_8h&latitude=1&longitude=2",
        )
        .await["obj"]
            .clone();
        assert_eq!(
            shared["liveUntil"], expires_at,
            "{:?}: {shared}",
            app.backend
        );
        app.state.clock.set(expires_at);
        assert_eq!(send_position(&app, &link, 1.5).await.json()["success"], 0);
        assert_eq!(stored(&app, id).await.unwrap().latitude, 1.0);
        app.state.clock.follow_system();
    }
}

#[tokio::test]
async fn either_side_stops_live_sharing_and_deleting_ends_it_too() {
    for app in TestApp::all().await {
        let (token, id, link) = asked(&app, "stop@mail.com").await;
        let live = "decision=share&mode=live_1h&latitude=3&longitude=4&accuracy=5";
        answer(&app, &link, live).await;
        let stopped = answer(&app, &link, "decision=stop_live").await["obj"].clone();
        assert!(
            stopped["liveUntil"].as_i64().unwrap() <= now_ms(),
            "{:?}: {stopped}",
            app.backend
        );
        assert_eq!(send_position(&app, &link, 3.1).await.json()["success"], 0);
        assert!(
            stored(&app, id).await.is_some(),
            "stopping keeps the last position"
        );

        // The requester stops another one from the dashboard.
        let (token2, id2, link2) = asked(&app, "stop2@mail.com").await;
        answer(&app, &link2, live).await;
        let stop = |tok: String| {
            let app = &app;
            async move {
                app.send(
                    "PUT",
                    &format!("{API}/spyContent/phoneLocation/{id2}"),
                    &[("token", &tok)],
                    Some("action=stop_live"),
                )
                .await
                .json()
            }
        };
        assert_eq!(
            stop(token.clone()).await["success"],
            0,
            "not the requester's"
        );
        assert_eq!(
            stop(token2.clone()).await["success"],
            1,
            "{:?}",
            app.backend
        );
        assert_eq!(stop(token2.clone()).await["success"], 0, "stopped once");
        assert_eq!(send_position(&app, &link2, 3.1).await.json()["success"], 0);

        // Deleting what was shared (the owner's "Stop sharing") ends it too.
        let (_t3, id3, link3) = asked(&app, "stop3@mail.com").await;
        answer(&app, &link3, live).await;
        answer(&app, &link3, "decision=stop_sharing").await;
        assert!(stored(&app, id3).await.is_none());
        assert_eq!(send_position(&app, &link3, 3.1).await.json()["success"], 0);
    }
}

#[tokio::test]
async fn a_burst_of_live_positions_gets_exactly_the_per_minute_bound() {
    for app in TestApp::all().await {
        let start = now_ms();
        app.state.clock.set(start);
        let (_token, _id, link) = asked(&app, "burst@mail.com").await;
        answer(
            &app,
            &link,
            "decision=share&mode=live_1h&latitude=1&longitude=1",
        )
        .await;
        let bound = app.state.config.locate.live_updates_per_minute;
        let tries = u32::try_from(bound * 3).unwrap();
        let responses = join_all(
            (0..tries).map(|i| app.request(position_request(&link, 1.0 + f64::from(i) / 1000.0))),
        )
        .await;
        for r in &responses {
            assert!(r.status < 500, "{:?}: {} {}", app.backend, r.status, r.body);
        }
        let accepted = responses
            .iter()
            .filter(|r| r.json()["success"] == 1)
            .count();
        assert_eq!(
            accepted,
            usize::try_from(bound).unwrap(),
            "{:?}",
            app.backend
        );
        app.state.clock.advance(MINUTE);
        assert_eq!(send_position(&app, &link, 1.5).await.json()["success"], 1);
        app.state.clock.follow_system();
    }
}

#[tokio::test]
async fn live_positions_are_deleted_by_the_one_retention_rule() {
    for app in TestApp::all().await {
        let start = now_ms();
        app.state.clock.set(start);
        let (_token, id, link) = asked(&app, "keep@mail.com").await;
        answer(
            &app,
            &link,
            "decision=share&mode=live_1h&latitude=1&longitude=1",
        )
        .await;
        app.state.clock.advance(30 * MINUTE);
        assert_eq!(send_position(&app, &link, 1.2).await.json()["success"], 1);
        let keep = app.state.config.locate.retention_ms;
        let done = retention::delete_old_positions(&app.db, start + keep + 1)
            .await
            .unwrap();
        assert_eq!(done, 0, "{:?}: kept from its last update", app.backend);
        assert!(stored(&app, id).await.is_some());
        retention::delete_old_positions(&app.db, start + 30 * MINUTE + keep)
            .await
            .unwrap();
        assert!(stored(&app, id).await.is_none(), "{:?}", app.backend);
        app.state.clock.follow_system();
    }
}

/// Opens `GET /spyContent/stream` on `app` for session `token`.
pub(crate) async fn open_news(app: &TestApp, token: &str) -> axum::response::Response {
    let request = Request::get(format!("{API}/spyContent/stream"))
        .header("token", token)
        .body(Body::empty())
        .unwrap();
    app.router.clone().oneshot(request).await.unwrap()
}

/// Counts the `changed` events read from `body` within `within`.
pub(crate) async fn changes_within(body: &mut Body, within: Duration) -> usize {
    let mut text = String::new();
    let deadline = tokio::time::Instant::now() + within;
    while let Ok(Some(Ok(frame))) = tokio::time::timeout_at(deadline, body.frame()).await {
        if let Ok(data) = frame.into_data() {
            text.push_str(&String::from_utf8_lossy(&data));
        }
    }
    text.matches("event: changed").count()
}

#[tokio::test]
async fn a_live_position_reaches_the_requesters_stream_on_another_instance() {
    for app in TestApp::all().await {
        let other = app.another_instance().await;
        let (token, _id, link) = asked(&app, "news@mail.com").await;
        let stranger = member(&app, "stranger@mail.com").await;
        let unauthorized = app.get(&format!("{API}/spyContent/stream")).await;
        assert_eq!(unauthorized.status, 401, "{:?}", app.backend);

        let response = open_news(&other, &token).await;
        assert_eq!(response.status(), 200);
        assert_eq!(response.headers()["content-type"], "text/event-stream");
        let mut mine = response.into_body();
        let mut theirs = open_news(&other, &stranger).await.into_body();
        // Each stream starts with "changed": read what happened before.
        assert!(changes_within(&mut mine, Duration::from_millis(500)).await >= 1);
        assert!(changes_within(&mut theirs, Duration::from_millis(1500)).await >= 1);

        // The owner shares live and moves through the first instance.
        answer(
            &app,
            &link,
            "decision=share&mode=live_1h&latitude=1&longitude=1",
        )
        .await;
        assert!(
            changes_within(&mut mine, Duration::from_secs(3)).await >= 1,
            "{:?}: the share reaches the other instance",
            app.backend
        );
        assert_eq!(send_position(&app, &link, 1.1).await.json()["success"], 1);
        assert!(
            changes_within(&mut mine, Duration::from_secs(3)).await >= 1,
            "{:?}: so does the move",
            app.backend
        );
        assert_eq!(
            changes_within(&mut theirs, Duration::from_millis(500)).await,
            0,
            "{:?}: nobody else hears of it",
            app.backend
        );
    }
}
