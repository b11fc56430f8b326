//! The Meta Conversions API adapter against a loopback server that speaks
//! the Graph API's events edge: the exact request (path, version, token in
//! the query, `data[]`, hashed e-mail), test mode, refusals, server errors
//! and time-outs; and through the real router: a paid order placed with
//! marketing consent is reported once as `Purchase` with the browser's
//! event id, an unknown outcome is sent again (safe: Meta deduplicates the
//! event id), a refusal never, and nothing at all without consent.
use crate::billing_util::{deliver, unused_card};
use crate::tracking::{order_with_cookie, ALL};
use crate::util::TestApp;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::post;
use axum::{Json, Router};
use server::config::{MetaSettings, Secret};
use server::meta::{Delivery, MetaClient};
use server::persistence::entities::meta_event;
use server::services::tracking::delivery;
use std::sync::{Arc, Mutex};

const PIXEL: &str = "1234567890";
const TOKEN: &str = "capi-token";
/// SHA-256 of `john_smith@gmail.com`, Meta's own example of a normalized e-mail.
const JOHN_SMITH_EM: &str = "62a14e44f765419d10fea99367361a727c12365e2520f32218d505ed9aa0f62f";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Accept,
    Refuse,
    ServerError,
    Slow,
    Garbled,
}

struct Fake {
    mode: Mode,
    /// (path, access_token, body) of every request.
    seen: Vec<(String, String, serde_json::Value)>,
}

type Shared = Arc<Mutex<Fake>>;

/// A Graph API error answer.
fn graph_error(message: &str, code: u32) -> axum::response::Response {
    let error = serde_json::json!({"error": {"message": message, "type": "OAuthException", "code": code, "fbtrace_id": "AbC"}});
    (StatusCode::BAD_REQUEST, Json(error)).into_response()
}

/// Whether every event carries what Meta requires: its name, a Unix time
/// at most 7 days old (one older event fails the whole request), the action
/// source, user data, and for a website event its page and the browser's
/// user agent.
fn well_formed(body: &serde_json::Value) -> bool {
    let oldest = server::clock::now_ms() / 1000 - 7 * 86_400;
    body["data"].as_array().is_some_and(|events| {
        !events.is_empty()
            && events.iter().all(|e| {
                let website = e["action_source"] == "website";
                e["event_name"].as_str().is_some_and(|n| !n.is_empty())
                    && e["event_time"].as_i64().is_some_and(|t| t >= oldest)
                    && e["user_data"].is_object()
                    && e["action_source"].is_string()
                    && (!website || e["event_source_url"].is_string())
                    && (!website || e["user_data"]["client_user_agent"].is_string())
            })
    })
}

async fn events(
    State(fake): State<Shared>,
    Path((version, pixel)): Path<(String, String)>,
    Query(query): Query<Vec<(String, String)>>,
    body: axum::body::Bytes,
) -> axum::response::Response {
    let token = query
        .iter()
        .find(|(k, _)| k == "access_token")
        .map(|(_, v)| v.clone())
        .unwrap_or_default();
    if token != TOKEN {
        return graph_error(
            "Invalid OAuth access token - Cannot parse access token",
            190,
        );
    }
    let Ok(body) = serde_json::from_slice::<serde_json::Value>(&body) else {
        return graph_error("Invalid parameter", 100);
    };
    if !well_formed(&body) {
        return graph_error("Invalid parameter", 100);
    }
    let mode = {
        let mut fake = fake.lock().unwrap();
        fake.seen
            .push((format!("/{version}/{pixel}/events"), token, body.clone()));
        fake.mode
    };
    match mode {
        Mode::Accept => Json(serde_json::json!({"events_received": body["data"].as_array().map_or(0, Vec::len), "messages": [], "fbtrace_id": "AbC"})).into_response(),
        Mode::Refuse => (
            StatusCode::BAD_REQUEST,
            Json(serde_json::json!({"error": {"message": "Invalid parameter", "type": "OAuthException", "code": 100, "fbtrace_id": "AbC"}})),
        )
            .into_response(),
        Mode::ServerError => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
        Mode::Slow => {
            tokio::time::sleep(std::time::Duration::from_millis(2_500)).await;
            Json(serde_json::json!({"events_received": 1})).into_response()
        }
        Mode::Garbled => (StatusCode::OK, "<html>").into_response(),
    }
}

async fn fake_graph(mode: Mode) -> (String, Shared) {
    let fake: Shared = Arc::new(Mutex::new(Fake {
        mode,
        seen: Vec::new(),
    }));
    let router = Router::new()
        .route("/{version}/{pixel}/events", post(events))
        .with_state(fake.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    (format!("http://{addr}"), fake)
}

fn settings(graph_url: &str, test_code: Option<&str>) -> MetaSettings {
    MetaSettings {
        pixel_id: Some(PIXEL.into()),
        access_token: Some(Secret::new(TOKEN)),
        test_event_code: test_code.map(str::to_owned),
        graph_url: graph_url.into(),
        api_version: "v23.0".into(),
        timeout_secs: 1,
    }
}

fn event() -> serde_json::Value {
    let now = server::clock::now_ms() / 1000;
    serde_json::json!({"event_name": "Lead", "event_time": now, "event_id": "lead-1", "action_source": "website",
        "event_source_url": "https://ct.test/", "user_data": {"client_user_agent": "Mozilla/5.0"}})
}

#[tokio::test]
async fn the_adapter_posts_the_documented_request() {
    let (url, fake) = fake_graph(Mode::Accept).await;
    let client = MetaClient::from_settings(&settings(&url, None)).unwrap();
    assert_eq!(
        client.send(&[event()], None).await,
        Delivery::Accepted { events_received: 1 }
    );
    let (path, token, body) = fake.lock().unwrap().seen[0].clone();
    assert_eq!(path, format!("/v23.0/{PIXEL}/events"));
    assert_eq!(token, TOKEN);
    assert_eq!(body["data"][0], event());
    assert!(
        body.get("test_event_code").is_none(),
        "no test code in production: {body}"
    );
    // Test mode: the configured code, or the one a request asked for.
    let client = MetaClient::from_settings(&settings(&url, Some("TEST123"))).unwrap();
    client.send(&[event()], None).await;
    client.send(&[event()], Some("TEST999")).await;
    let seen = &fake.lock().unwrap().seen;
    assert_eq!(seen[1].2["test_event_code"], "TEST123");
    assert_eq!(seen[2].2["test_event_code"], "TEST999");
    // Not configured: no client, nothing sent.
    let off = MetaSettings {
        access_token: None,
        ..settings(&url, None)
    };
    assert!(MetaClient::from_settings(&off).is_none());
}

#[tokio::test]
async fn refusals_errors_and_time_outs_are_told_apart() {
    for (mode, refused) in [
        (Mode::Refuse, true),
        (Mode::ServerError, false),
        (Mode::Slow, false),
        (Mode::Garbled, false),
    ] {
        let (url, _fake) = fake_graph(mode).await;
        let client = MetaClient::from_settings(&settings(&url, None)).unwrap();
        let started = std::time::Instant::now();
        let outcome = client.send(&[event()], None).await;
        assert!(
            started.elapsed() < std::time::Duration::from_millis(2_000),
            "{mode:?}: the time-out holds"
        );
        match outcome {
            Delivery::Refused(why) => {
                assert!(refused, "{mode:?}");
                assert!(
                    why.contains("Invalid parameter") && why.contains("code 100"),
                    "{why}"
                );
            }
            Delivery::Unknown(why) => {
                assert!(!refused, "{mode:?}: {why}");
                assert!(
                    !why.contains(TOKEN),
                    "the token never reaches a message: {why}"
                );
            }
            Delivery::Accepted { .. } => panic!("{mode:?} accepted"),
        }
    }
}

async fn apps_with_meta(url: &str) -> Vec<TestApp> {
    let url = url.to_owned();
    TestApp::all_configured(move |c| c.meta = settings(&url, None)).await
}

/// Places an order from a browser with `cookie`, pays it in the sandbox and
/// delivers the webhook; returns the order number.
async fn paid_order(app: &TestApp, email: &str, key: &str, cookie: &str) -> String {
    let res = order_with_cookie(app, email, key, cookie).await;
    assert_eq!(res.json()["success"], 1, "{:?}: {}", app.backend, res.body);
    let order_no = res.json()["obj"]["orderNo"].as_str().unwrap().to_owned();
    let form = format!("card={}", app::api::encode(unused_card(app).await));
    assert_eq!(
        app.send(
            "POST",
            &format!("/sandbox/checkout/{order_no}"),
            &[],
            Some(&form)
        )
        .await
        .status,
        302
    );
    deliver(app, server::clock::now_ms()).await;
    order_no
}

async fn browser_purchase(app: &TestApp, order_no: &str, query: &str) -> u16 {
    let now = server::clock::now_ms() / 1000;
    let body = serde_json::json!({"actionSource": "website", "eventName": "Purchase", "eventTime": now,
        "eventId": format!("purchase-{order_no}"), "eventSourceUrl": format!("https://ct.test/pay-result?orderNo={order_no}"), "userData": {}});
    let req = axum::http::Request::post(format!("/api_f/v1/fackbook/conversions/{PIXEL}{query}"))
        .header("content-type", "application/json")
        .header("user-agent", "Mozilla/5.0 (test)")
        .header("cookie", ALL)
        .body(axum::body::Body::from(body.to_string()))
        .unwrap();
    app.request(req).await.status
}

#[tokio::test]
async fn a_paid_order_is_reported_once_with_the_browsers_event_id() {
    let (url, fake) = fake_graph(Mode::Accept).await;
    for app in apps_with_meta(&url).await {
        let b = app.backend;
        fake.lock().unwrap().seen.clear();
        let cookie =
            format!("{ALL}; _fbp=fb.1.1558571054389.1098115397; ct_attr_last=channel=z&at=1");
        let order_no = paid_order(
            &app,
            "John_Smith@gmail.com",
            &format!("meta-order-{b:?}-0001"),
            &cookie,
        )
        .await;
        // The browser reports the same purchase: queued already, nothing new.
        assert_eq!(browser_purchase(&app, &order_no, "").await, 200, "{b:?}");
        let cx = app.state.cx();
        assert_eq!(
            delivery::send_due(&cx, app.state.meta.as_deref().unwrap(), 20)
                .await
                .unwrap(),
            1,
            "{b:?}"
        );
        let seen = fake.lock().unwrap().seen.clone();
        assert_eq!(seen.len(), 1, "{b:?}: one call for one purchase");
        let data = &seen[0].2["data"][0];
        assert_eq!(data["event_name"], "Purchase", "{b:?}");
        assert_eq!(data["event_id"], format!("purchase-{order_no}"), "{b:?}");
        assert_eq!(data["action_source"], "website", "{b:?}");
        assert_eq!(
            data["user_data"]["em"][0], JOHN_SMITH_EM,
            "{b:?}: trimmed, lower-cased, SHA-256"
        );
        assert_eq!(
            data["user_data"]["fbp"], "fb.1.1558571054389.1098115397",
            "{b:?}"
        );
        assert_eq!(
            data["user_data"]["external_id"][0].as_str().map(str::len),
            Some(64),
            "{b:?}: hashed"
        );
        assert!(
            data["custom_data"]["value"].as_f64().unwrap() > 0.0,
            "{b:?}"
        );
        assert!(
            data["event_time"].as_i64().unwrap() < 10_000_000_000,
            "{b:?}: seconds"
        );
        let rows = delivery::with_status(&cx, "sent").await.unwrap();
        assert_eq!(rows.len(), 1, "{b:?}");
        // Paid without marketing consent: nothing for Meta.
        paid_order(
            &app,
            "plain@example.com",
            &format!("meta-order-{b:?}-0002"),
            "acceptCookie=necessary.analytics",
        )
        .await;
        assert_eq!(
            delivery::send_due(&cx, app.state.meta.as_deref().unwrap(), 20)
                .await
                .unwrap(),
            0,
            "{b:?}"
        );
        assert_eq!(fake.lock().unwrap().seen.len(), 1, "{b:?}");
    }
}

#[tokio::test]
async fn an_unknown_outcome_is_sent_again_and_a_refusal_never() {
    let (url, fake) = fake_graph(Mode::Slow).await;
    for app in apps_with_meta(&url).await {
        let b = app.backend;
        fake.lock().unwrap().seen.clear();
        fake.lock().unwrap().mode = Mode::Slow;
        let order_no = paid_order(
            &app,
            "slow@example.com",
            &format!("meta-order-{b:?}-0003"),
            ALL,
        )
        .await;
        let meta = app.state.meta.clone().unwrap();
        let cx = app.state.cx();
        delivery::send_due(&cx, &meta, 20).await.unwrap();
        let row = meta_event_row(&app, &order_no).await;
        assert_eq!(
            (row.status.as_str(), row.attempts),
            ("queued", 1),
            "{b:?}: unknown, sent again later"
        );
        fake.lock().unwrap().mode = Mode::Accept;
        assert_eq!(
            delivery::send_due(&cx, &meta, 20).await.unwrap(),
            0,
            "{b:?}: not before its time"
        );
        delivery::send_due(&cx.at(cx.now + 61_000), &meta, 20)
            .await
            .unwrap();
        let row = meta_event_row(&app, &order_no).await;
        assert_eq!((row.status.as_str(), row.attempts), ("sent", 2), "{b:?}");
        let seen = fake.lock().unwrap().seen.clone();
        assert_eq!(seen.len(), 2, "{b:?}");
        assert_eq!(
            seen[0].2["data"][0]["event_id"], seen[1].2["data"][0]["event_id"],
            "{b:?}: the same event id, so Meta keeps one"
        );

        fake.lock().unwrap().mode = Mode::Refuse;
        let refused = paid_order(
            &app,
            "refused@example.com",
            &format!("meta-order-{b:?}-0004"),
            ALL,
        )
        .await;
        delivery::send_due(&cx, &meta, 20).await.unwrap();
        delivery::send_due(&cx.at(cx.now + 3_600_000), &meta, 20)
            .await
            .unwrap();
        let row = meta_event_row(&app, &refused).await;
        assert_eq!(
            (row.status.as_str(), row.attempts),
            ("failed", 1),
            "{b:?}: a refusal is not repeated"
        );
        assert!(
            row.last_error.unwrap().contains("Invalid parameter"),
            "{b:?}"
        );
        assert_eq!(fake.lock().unwrap().seen.len(), 3, "{b:?}");
    }
}

#[tokio::test]
async fn test_mode_and_another_pixel() {
    let (url, fake) = fake_graph(Mode::Accept).await;
    for app in apps_with_meta(&url).await {
        let b = app.backend;
        fake.lock().unwrap().seen.clear();
        let order_no = paid_order(
            &app,
            "tester@example.com",
            &format!("meta-order-{b:?}-0005"),
            "acceptCookie=necessary.analytics",
        )
        .await;
        // No marketing when paying: the browser's later report is the only one.
        assert_eq!(
            browser_purchase(&app, &order_no, "?test=true&testEventCode=TEST4242").await,
            200,
            "{b:?}"
        );
        delivery::send_due(&app.state.cx(), app.state.meta.as_deref().unwrap(), 20)
            .await
            .unwrap();
        let seen = fake.lock().unwrap().seen.clone();
        assert_eq!(seen.len(), 1, "{b:?}");
        assert_eq!(seen[0].2["test_event_code"], "TEST4242", "{b:?}");
        let lead = serde_json::json!({"actionSource": "website", "eventName": "Lead", "eventTime": server::clock::now_ms() / 1000, "eventId": "lead-9"});
        let req = axum::http::Request::post("/api_f/v1/fackbook/conversions/999")
            .header("content-type", "application/json")
            .header("cookie", ALL)
            .body(axum::body::Body::from(lead.to_string()))
            .unwrap();
        assert_eq!(app.request(req).await.status, 404, "{b:?}: not our pixel");
    }
}

async fn meta_event_row(app: &TestApp, order_no: &str) -> meta_event::Model {
    use sea_orm::{ColumnTrait as _, EntityTrait as _, QueryFilter as _};
    meta_event::Entity::find()
        .filter(meta_event::Column::EventId.eq(format!("purchase-{order_no}")))
        .one(&app.db)
        .await
        .unwrap()
        .expect("a purchase event")
}

#[tokio::test]
async fn a_wrong_token_or_a_malformed_event_is_refused_and_never_sent_again() {
    let (url, fake) = fake_graph(Mode::Accept).await;
    let wrong = MetaSettings {
        access_token: Some(Secret::new("not-the-token")),
        ..settings(&url, None)
    };
    let client = MetaClient::from_settings(&wrong).unwrap();
    match client.send(&[event()], None).await {
        Delivery::Refused(why) => assert!(why.contains("code 190"), "{why}"),
        other => panic!("a wrong token is a refusal, not {other:?}"),
    }
    let client = MetaClient::from_settings(&settings(&url, None)).unwrap();
    let mut nameless = event();
    nameless.as_object_mut().unwrap().remove("event_name");
    match client.send(&[nameless], None).await {
        Delivery::Refused(why) => assert!(why.contains("code 100"), "{why}"),
        other => panic!("a malformed event is a refusal, not {other:?}"),
    }
    assert!(fake.lock().unwrap().seen.is_empty(), "nothing accepted");
}

#[tokio::test]
async fn an_event_older_than_seven_days_or_a_website_event_without_its_browser_is_refused() {
    let (url, fake) = fake_graph(Mode::Accept).await;
    let client = MetaClient::from_settings(&settings(&url, None)).unwrap();
    let mut old = event();
    old["event_time"] = serde_json::json!(server::clock::now_ms() / 1000 - 7 * 86_400 - 60);
    let mut no_agent = event();
    no_agent["user_data"] = serde_json::json!({});
    for refused in [vec![old], vec![event(), no_agent]] {
        match client.send(&refused, None).await {
            Delivery::Refused(why) => assert!(why.contains("code 100"), "{why}"),
            other => panic!("Meta refuses the whole request, not {other:?}"),
        }
    }
    assert!(fake.lock().unwrap().seen.is_empty(), "nothing accepted");
    let mut system = event();
    system["action_source"] = serde_json::json!("system_generated");
    system["user_data"] = serde_json::json!({});
    assert_eq!(
        client.send(&[system], None).await,
        Delivery::Accepted { events_received: 1 }
    );
}

#[tokio::test]
async fn a_website_event_without_the_browser_s_agent_is_kept_not_sent() {
    let (url, fake) = fake_graph(Mode::Accept).await;
    for app in apps_with_meta(&url).await {
        let b = app.backend;
        fake.lock().unwrap().seen.clear();
        let now = server::clock::now_ms() / 1000;
        let lead = serde_json::json!({"actionSource": "website", "eventName": "Lead", "eventTime": now,
            "eventId": format!("lead-no-agent-{b:?}"), "eventSourceUrl": "https://ct.test/"});
        let req = axum::http::Request::post(format!("/api_f/v1/fackbook/conversions/{PIXEL}"))
            .header("content-type", "application/json")
            .header("cookie", ALL)
            .body(axum::body::Body::from(lead.to_string()))
            .unwrap();
        assert_eq!(app.request(req).await.status, 200, "{b:?}");
        delivery::send_due(&app.state.cx(), app.state.meta.as_deref().unwrap(), 20)
            .await
            .unwrap();
        assert!(
            fake.lock().unwrap().seen.is_empty(),
            "{b:?}: Meta would refuse it"
        );
        use sea_orm::{ColumnTrait as _, EntityTrait as _, QueryFilter as _};
        let row = meta_event::Entity::find()
            .filter(meta_event::Column::EventId.eq(format!("lead-no-agent-{b:?}")))
            .one(&app.db)
            .await
            .unwrap()
            .expect("kept");
        assert_eq!(row.status, delivery::KEPT, "{b:?}");
    }
}
