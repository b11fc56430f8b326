//! Voice messages through the real router, on SQLite and PostgreSQL:
//! preview (visitors too, rate-limited), send with every refusal the
//! called person's protection needs, idempotency, caps under a burst, the
//! sender's list and replay.
use crate::api_accounts::make_unpaid_user;
use crate::api_locate::{member, API};
use crate::util::TestResponse;
use crate::voice_util::{apps, draft, preview, send, sent_id, E164, HELLO_ID, NUMBER};
use futures::future::join_all;
use sea_orm::{ColumnTrait as _, EntityTrait as _, PaginatorTrait as _, QueryFilter as _};
use server::persistence::entities::voice_message;
use server::services::locate::registry::{self, Reason};

fn field(res: &TestResponse, slot: &str) -> String {
    let json = res.json();
    assert_eq!(json["success"], 0, "{}", res.body);
    json["obj"][slot]
        .as_str()
        .unwrap_or_else(|| panic!("no {slot}: {}", res.body))
        .to_owned()
}

#[tokio::test]
async fn a_visitor_previews_and_hears_real_audio() {
    for app in apps().await {
        let res = preview(&app, &draft("", HELLO_ID, "id", ""), "198.51.100.7").await;
        let json = res.json();
        assert_eq!(json["success"], 1, "{:?}: {}", app.backend, res.body);
        let url = json["obj"]["audioUrl"].as_str().unwrap().to_owned();
        assert!(
            json["obj"]["durationMs"].as_u64().unwrap() > 2_000,
            "{}",
            res.body
        );
        let audio = app.get(&url).await;
        assert_eq!(audio.status, 200);
        assert_eq!(audio.header("content-type"), Some("audio/mpeg"));
        assert!(audio
            .header("cache-control")
            .is_some_and(|v| v.contains("no-store")));
        // The draft comes back with the token (the no-JS page after its redirect).
        let token = json["obj"]["token"].as_str().unwrap();
        let reopened = app
            .get(&format!("{API}/voice/preview/{token}"))
            .await
            .json();
        assert_eq!(reopened["obj"]["draft"]["message"], HELLO_ID);
        assert_eq!(
            app.get(&format!("{API}/voice/preview/{}", "0".repeat(32)))
                .await
                .json()["success"],
            0
        );

        // Another instance on the same database reopens and plays it too.
        let other = app.another_instance().await;
        assert_eq!(
            other
                .get(&format!("{API}/voice/preview/{token}"))
                .await
                .json()["obj"]["draft"]["message"],
            HELLO_ID
        );
        assert_eq!(
            other.get(&url).await.header("content-type"),
            Some("audio/mpeg")
        );
    }
}

#[tokio::test]
async fn previews_are_limited_per_ip_and_bad_text_is_refused() {
    for app in crate::util::TestApp::all_configured(|c| {
        c.voice.previews_per_ip_hour = 3;
        c.trust_forwarded_for = true;
    })
    .await
    {
        for _ in 0..3 {
            let res = preview(&app, &draft("", "Hello there", "en", ""), "198.51.100.8").await;
            assert_eq!(res.json()["success"], 1, "{}", res.body);
        }
        let limited = preview(&app, &draft("", "Hello there", "en", ""), "198.51.100.8").await;
        assert_eq!(limited.status, 429, "{}", limited.body);
        assert!(limited.header("retry-after").is_some());
        // Another visitor is not affected.
        assert_eq!(
            preview(&app, &draft("", "Hello there", "en", ""), "198.51.100.9")
                .await
                .json()["success"],
            1
        );
        let link = preview(
            &app,
            &draft("", "Go to https://evil.example now", "en", ""),
            "198.51.100.10",
        )
        .await;
        assert!(!field(&link, "messageErrorMsg").is_empty());
        let empty = preview(&app, &draft("", "   ", "en", ""), "198.51.100.10").await;
        assert!(!field(&empty, "messageErrorMsg").is_empty());
        let unknown = preview(&app, &draft("", "Hello", "xx", ""), "198.51.100.10")
            .await
            .json();
        assert_eq!(unknown["success"], 0);
    }
}

#[tokio::test]
async fn a_preview_our_speech_could_not_make_costs_the_visitor_nothing() {
    for app in crate::util::TestApp::all_configured(|c| {
        c.voice.previews_per_ip_hour = 1;
        c.trust_forwarded_for = true;
        c.speech.worker_exe = "/nonexistent/speech-worker".into();
    })
    .await
    {
        for attempt in 0..3 {
            let res = preview(&app, &draft("", "Hello there", "en", ""), "198.51.100.20").await;
            assert_eq!(res.status, 503, "attempt {attempt}: {}", res.body);
        }
    }
}

#[tokio::test]
async fn a_subscriber_sends_once_per_key_and_sees_it_listed() {
    for app in apps().await {
        let token = member(&app, "voicesender@mail.com").await;
        let id = sent_id(&app, &token, "key-1").await;
        // The same key again (a double click): the same message, no second row.
        assert_eq!(sent_id(&app, &token, "key-1").await, id);
        assert_eq!(
            voice_message::Entity::find().count(&app.db).await.unwrap(),
            1
        );
        let list = app
            .get_with(&format!("{API}/voice/messages"), &[("token", &token)])
            .await
            .json();
        assert_eq!(list["obj"][0]["id"], id);
        assert_eq!(list["obj"][0]["status"], "queued");
        assert_eq!(list["obj"][0]["to"], "+62 812-3456-7890");
        assert_eq!(list["page"]["total"], 1);
        let replay = app
            .get_with(
                &format!("{API}/voice/messages/{id}/audio"),
                &[("token", &token)],
            )
            .await;
        assert_eq!(
            (replay.status, replay.header("content-type")),
            (200, Some("audio/mpeg"))
        );
        // Nobody else sees it or hears it.
        let other = member(&app, "someoneelse@mail.com").await;
        assert_eq!(
            app.get_with(&format!("{API}/voice/messages/{id}"), &[("token", &other)])
                .await
                .json()["success"],
            0
        );
        assert_eq!(
            app.get_with(
                &format!("{API}/voice/messages/{id}/audio"),
                &[("token", &other)]
            )
            .await
            .status,
            404
        );
        assert_eq!(
            app.get(&format!("{API}/voice/messages/{id}/audio"))
                .await
                .status,
            401
        );
    }
}

/// A valid number of every region the robocall law protects: the US, each
/// of its territories in the NANP, and Canada (`domain::robocall_law`).
const PROTECTED_NUMBERS: &[(&str, &str)] = &[
    ("US", "2015550123"),
    ("PR", "7872345678"),
    ("GU", "6713001234"),
    ("VI", "3406421234"),
    ("AS", "6847331234"),
    ("MP", "6702345678"),
    ("CA", "5062345678"),
];

#[tokio::test]
async fn no_voice_message_rings_where_the_law_wants_prior_consent() {
    let region_error = "Voice messages cannot be sent to numbers in this country";
    for app in apps().await {
        let token = member(&app, "voicelaw@mail.com").await;
        for (i, (region, digits)) in PROTECTED_NUMBERS.iter().enumerate() {
            let body = format!(
                "country={region}&phone={digits}&message=Hello&language=en&voice=male&idempotencyKey=law{i}"
            );
            let refused = send(&app, &token, &body).await;
            assert!(
                field(&refused, "phoneErrorMsg").starts_with(region_error),
                "{region}: {}",
                refused.body
            );
        }
        // A NANP member outside US law (Jamaica) is not refused for its region.
        let jamaica = send(
            &app,
            &token,
            "country=JM&phone=8762101234&message=Hello&language=en&voice=male&idempotencyKey=jm",
        )
        .await
        .json();
        assert_eq!(jamaica["success"], 1, "{jamaica}");
        assert_eq!(
            voice_message::Entity::find()
                .filter(voice_message::Column::ToE164.ne("+18762101234"))
                .count(&app.db)
                .await
                .unwrap(),
            0,
            "{:?}",
            app.backend
        );
    }
}

#[tokio::test]
async fn send_refuses_what_would_harm_or_cannot_work_and_keeps_nothing() {
    for app in apps().await {
        let token = member(&app, "voicerefused@mail.com").await;
        let bad_number = send(&app, &token, &draft("12", HELLO_ID, "id", "k1")).await;
        assert!(!field(&bad_number, "phoneErrorMsg").is_empty());
        let phishing = send(
            &app,
            &token,
            &draft(NUMBER, "Pay at bit.ly/abc today", "id", "k2"),
        )
        .await;
        assert!(!field(&phishing, "messageErrorMsg").is_empty());
        let us = send(
            &app,
            &token,
            "country=US&phone=2015550123&message=Hello&language=en&voice=male&idempotencyKey=k3",
        )
        .await;
        assert!(
            !field(&us, "phoneErrorMsg").is_empty(),
            "US numbers need prior consent"
        );
        registry::add(&app.db, E164, Reason::Stop, server::clock::now_ms())
            .await
            .unwrap();
        let opted_out = send(&app, &token, &draft(NUMBER, HELLO_ID, "id", "k4")).await;
        assert!(!field(&opted_out, "phoneErrorMsg").is_empty());
        assert_eq!(
            voice_message::Entity::find().count(&app.db).await.unwrap(),
            0,
            "{:?}",
            app.backend
        );
        make_unpaid_user(&app, "voiceunpaid@mail.com", "secret-123").await;
        let (unpaid, _) =
            crate::api_accounts::session_of(&app, "voiceunpaid@mail.com", "secret-123").await;
        let needs_plan = send(
            &app,
            &unpaid,
            &draft("0812-1111-2222", HELLO_ID, "id", "k5"),
        )
        .await;
        assert_eq!(needs_plan.status, 402, "{}", needs_plan.body);
        assert_eq!(
            send(&app, "", &draft(NUMBER, HELLO_ID, "id", "k6"))
                .await
                .status,
            401
        );
    }
}

#[tokio::test]
async fn twenty_concurrent_sends_to_one_number_ring_it_exactly_the_daily_cap() {
    for app in apps().await {
        let cap = app.state.config.voice.cap_per_number_day;
        let mut tokens = Vec::new();
        for n in 0..4 {
            tokens.push(member(&app, &format!("voiceburst{n}@mail.com")).await);
        }
        let bodies: Vec<(String, String)> = (0..20)
            .map(|n| {
                (
                    tokens[n % 4].clone(),
                    draft(NUMBER, HELLO_ID, "id", &format!("burst-{n}")),
                )
            })
            .collect();
        let responses = join_all(bodies.iter().map(|(token, body)| send(&app, token, body))).await;
        for r in &responses {
            assert!(r.status < 500, "{:?}: {} {}", app.backend, r.status, r.body);
        }
        let accepted = responses
            .iter()
            .filter(|r| r.json()["success"] == 1)
            .count();
        assert_eq!(accepted, usize::try_from(cap).unwrap(), "{:?}", app.backend);
        assert_eq!(
            voice_message::Entity::find().count(&app.db).await.unwrap(),
            u64::try_from(cap).unwrap()
        );
        assert!(responses.iter().any(|r| r.status == 429));
    }
}
