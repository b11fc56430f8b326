//! Helpers of the voice message tests: an app with the default quiet hours
//! whose clock stands at daytime at the Indonesian number (tests run at any
//! hour of the wall clock and see the same), drafts, and running the caller
//! job with the sandbox provider.
use crate::api_locate::API;
use crate::util::{TestApp, TestResponse};
use sea_orm::EntityTrait as _;
use server::persistence::entities::voice_message;
use server::services::voice::delivery;

/// An Indonesian mobile: daytime rules, a region we deliver to.
pub const NUMBER: &str = "0812-3456-7890";
pub const E164: &str = "+6281234567890";
pub const HELLO_ID: &str =
    "Halo, selamat ulang tahun! Semoga sehat selalu dan bahagia bersama keluarga.";

/// An hour in milliseconds.
pub const HOUR_MS: i64 = 3_600_000;
/// 2026-03-02 03:00 UTC: 10:00 in Jakarta, 12:00 in Jayapura (day in every
/// Indonesian zone until 12:00 UTC, when it is 21:00 in Jayapura).
pub const DAY_AT_NUMBER: i64 = 1_772_420_400_000;

/// Apps on every backend with the default quiet hours (21:00-08:00 at the
/// number), their clock set to [`DAY_AT_NUMBER`].
pub async fn apps_by_day() -> Vec<TestApp> {
    let apps = TestApp::all().await;
    for app in &apps {
        app.state.clock.set(DAY_AT_NUMBER);
    }
    apps
}

/// Apps on every backend with quiet hours off (equal start and end), for
/// tests that call numbers in zones all around the world.
pub async fn apps() -> Vec<TestApp> {
    TestApp::all_configured(|c| {
        c.voice.quiet_start_hour = 0;
        c.voice.quiet_end_hour = 0;
    })
    .await
}

/// The form body of a draft to `phone` in `language`.
pub fn draft(phone: &str, message: &str, language: &str, key: &str) -> String {
    let enc = app::api::encode;
    format!(
        "country=ID&phone={}&message={}&language={language}&voice=female&idempotencyKey={key}",
        enc(phone),
        enc(message)
    )
}

pub async fn send(app: &TestApp, token: &str, body: &str) -> TestResponse {
    app.send(
        "POST",
        &format!("{API}/voice/messages"),
        &[("token", token)],
        Some(body),
    )
    .await
}

pub async fn preview(app: &TestApp, body: &str, ip: &str) -> TestResponse {
    app.send(
        "POST",
        &format!("{API}/voice/preview"),
        &[("x-forwarded-for", ip)],
        Some(body),
    )
    .await
}

/// Sends a message and returns its id (the send must succeed).
pub async fn sent_id(app: &TestApp, token: &str, key: &str) -> i64 {
    let res = send(app, token, &draft(NUMBER, HELLO_ID, "id", key)).await;
    let json = res.json();
    assert_eq!(json["success"], 1, "{:?}: {}", app.backend, res.body);
    json["obj"]["id"].as_i64().unwrap()
}

/// One round of the caller job at `now`.
pub async fn run_caller(app: &TestApp, now: i64) -> usize {
    let cx = app.state.cx().at(now);
    delivery::run_due(&cx, &app.state.speech, &app.state.calls, 20)
        .await
        .expect("caller round")
}

pub async fn message(app: &TestApp, id: i64) -> voice_message::Model {
    voice_message::Entity::find_by_id(id)
        .one(&app.db)
        .await
        .unwrap()
        .expect("message row")
}
