//! Exactly-once SMS: a send whose answer is lost (the provider accepted it
//! but answered after our time-out, or the worker died mid-call) is never
//! repeated blindly. It is reconciled through the provider's message list
//! (a loopback fake of Twilio's API here, the dev outbox on every backend)
//! or through a delivery report naming our message.
use crate::util::TestApp;
use axum::{
    extract::{Query, State},
    http::{HeaderMap, StatusCode},
    response::IntoResponse,
    routing::get,
    Form, Json, Router,
};
use sea_orm::{
    ActiveValue::Set, ColumnTrait as _, EntityTrait as _, PaginatorTrait as _, QueryFilter as _,
};
use server::config::{Secret, SmsProvider, TwilioConfig};
use server::persistence::entities::{dev_outbox, sms_queue};
use server::persistence::outbox;
use server::services::locate::{queue, sender::GRACE_MS};
use server::sms::SmsSender;
use server::twilio;
use std::sync::{Arc, Mutex};
use std::time::Duration;

const SID: &str = "AC00000000000000000000000000000009";
const TOKEN: &str = "exactly-once-token";
const TO: &str = "+6281234567890";
/// The client gives up long before the fake answers its first POST.
const CLIENT_TIMEOUT: Duration = Duration::from_millis(300);
const LATE_ANSWER: Duration = Duration::from_millis(1500);

#[derive(Default)]
struct Fake {
    posts: Vec<Vec<(String, String)>>,
    /// Messages the fake holds: (sid, to, body).
    stored: Vec<(String, String, String)>,
    /// The first POST is lost before it is stored (and answered late).
    lose_first: bool,
}

type Shared = Arc<Mutex<Fake>>;

/// Twilio's refusal (401, code 20003) of credentials that are not ours.
fn unauthenticated(headers: &HeaderMap) -> Option<axum::response::Response> {
    use base64::Engine as _;
    let basic = base64::engine::general_purpose::STANDARD.encode(format!("{SID}:{TOKEN}"));
    let given = headers.get("authorization").and_then(|v| v.to_str().ok());
    (given != Some(format!("Basic {basic}").as_str())).then(|| {
        let body = serde_json::json!({"code": 20003, "message": "Authenticate", "status": 401});
        (StatusCode::UNAUTHORIZED, Json(body)).into_response()
    })
}

async fn create(
    State(fake): State<Shared>,
    headers: HeaderMap,
    Form(form): Form<Vec<(String, String)>>,
) -> axum::response::Response {
    if let Some(refused) = unauthenticated(&headers) {
        return refused;
    }
    let field = |name: &str| {
        form.iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    };
    let (n, sid) = {
        let mut fake = fake.lock().unwrap();
        fake.posts.push(form.clone());
        let n = fake.posts.len();
        let sid = format!("SM{n:032}");
        if !(fake.lose_first && n == 1) {
            fake.stored.push((sid.clone(), field("To"), field("Body")));
        }
        (n, sid)
    };
    if n == 1 {
        tokio::time::sleep(LATE_ANSWER).await;
    }
    let body = serde_json::json!({"sid": sid, "to": field("To"), "body": field("Body"), "status": "queued"});
    (StatusCode::CREATED, Json(body)).into_response()
}

async fn list(
    State(fake): State<Shared>,
    headers: HeaderMap,
    Query(query): Query<Vec<(String, String)>>,
) -> axum::response::Response {
    if let Some(refused) = unauthenticated(&headers) {
        return refused;
    }
    let to = query
        .iter()
        .find(|(n, _)| n == "To")
        .map(|(_, v)| v.clone())
        .unwrap_or_default();
    let fake = fake.lock().unwrap();
    let messages: Vec<_> = fake
        .stored
        .iter()
        .rev()
        .filter(|(_, t, _)| *t == to)
        .map(|(sid, to, body)| serde_json::json!({"sid": sid, "to": to, "body": body, "status": "sent", "date_created": "Mon, 23 Nov 2026 10:00:00 +0000"}))
        .collect();
    Json(serde_json::json!({"messages": messages, "page": 0, "page_size": 50})).into_response()
}

/// A Twilio fake and a sender whose client times out before its first answer.
async fn fake_twilio(lose_first: bool) -> (SmsSender, Shared) {
    fake_twilio_with(lose_first, TOKEN).await
}

async fn fake_twilio_with(lose_first: bool, token: &str) -> (SmsSender, Shared) {
    let fake: Shared = Arc::new(Mutex::new(Fake {
        lose_first,
        ..Fake::default()
    }));
    let router = Router::new()
        .route(
            "/2010-04-01/Accounts/{account}/Messages.json",
            get(list).post(create),
        )
        .with_state(fake.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    let config = TwilioConfig {
        auth_token: Some(Secret::new(token)),
        ..twilio_config(&format!("http://{addr}"))
    };
    let client =
        server::sms::twilio::TwilioClient::new(&config, "https://ct.test", CLIENT_TIMEOUT).unwrap();
    (SmsSender::Twilio(client), fake)
}

fn twilio_config(api_base: &str) -> TwilioConfig {
    TwilioConfig {
        account_sid: Some(SID.into()),
        auth_token: Some(Secret::new(TOKEN)),
        from: Some("+15005550006".into()),
        messaging_service_sid: None,
        api_base: api_base.into(),
    }
}

async fn enqueue(app: &TestApp, body: &str, now: i64) -> i64 {
    queue::enqueue(
        &app.db,
        queue::NewSms {
            request_id: None,
            seq: 1,
            purpose: "dnl_code",
            to: TO,
            body,
        },
        now,
    )
    .await
    .unwrap();
    sms_queue::Entity::find()
        .filter(sms_queue::Column::Body.eq(body))
        .one(&app.db)
        .await
        .unwrap()
        .unwrap()
        .id
}

async fn row(app: &TestApp, id: i64) -> sms_queue::Model {
    sms_queue::Entity::find_by_id(id)
        .one(&app.db)
        .await
        .unwrap()
        .unwrap()
}

#[tokio::test]
async fn an_accepted_but_late_answer_is_looked_up_and_never_sent_again() {
    for app in TestApp::all().await {
        let (sender, fake) = fake_twilio(false).await;
        let t0 = server::clock::now_ms();
        let id = enqueue(&app, "Code 481516 (late-accept)", t0).await;
        server::services::locate::sender::run_due(&app.db, &sender, t0, 10)
            .await
            .unwrap();
        let uncertain = row(&app, id).await;
        assert_eq!(uncertain.status, "uncertain", "{:?}", app.backend);
        assert_eq!(
            uncertain.body, "Code 481516 (late-accept)",
            "the body is kept to match it at the provider"
        );
        for later in [1_000, 31_000, 5 * 60_000, 30 * 60_000] {
            server::services::locate::sender::run_due(&app.db, &sender, t0 + later, 10)
                .await
                .unwrap();
        }
        let posts = fake.lock().unwrap().posts.clone();
        assert_eq!(
            posts.len(),
            1,
            "{:?}: the provider got the message exactly once",
            app.backend
        );
        let callback = posts[0]
            .iter()
            .find(|(n, _)| n == "StatusCallback")
            .map(|(_, v)| v.clone());
        assert_eq!(
            callback.as_deref(),
            Some(format!("https://ct.test/webhooks/twilio/status?sms={id}").as_str())
        );
        let settled = row(&app, id).await;
        assert_eq!(settled.status, "sent", "{:?}", app.backend);
        assert_eq!(
            settled.provider_id.as_deref(),
            Some(format!("SM{:032}", 1).as_str())
        );
        assert_eq!(settled.body, "", "the secret body is dropped once settled");
    }
}

#[tokio::test]
async fn a_send_the_provider_never_recorded_is_sent_exactly_once_more_after_the_grace_period() {
    for app in TestApp::all().await {
        let (sender, fake) = fake_twilio(true).await;
        let t0 = server::clock::now_ms();
        let id = enqueue(&app, "Code 271828 (lost)", t0).await;
        server::services::locate::sender::run_due(&app.db, &sender, t0, 10)
            .await
            .unwrap();
        server::services::locate::sender::run_due(&app.db, &sender, t0 + 31_000, 10)
            .await
            .unwrap();
        assert_eq!(
            row(&app, id).await.status,
            "uncertain",
            "{:?}: not found yet, but within the grace period",
            app.backend
        );
        assert_eq!(fake.lock().unwrap().posts.len(), 1);
        for later in [GRACE_MS + 1_000, GRACE_MS + 60_000, 30 * 60_000] {
            server::services::locate::sender::run_due(&app.db, &sender, t0 + later, 10)
                .await
                .unwrap();
        }
        assert_eq!(
            fake.lock().unwrap().posts.len(),
            2,
            "{:?}: exactly one resend",
            app.backend
        );
        let settled = row(&app, id).await;
        assert_eq!(
            (settled.status.as_str(), settled.attempts),
            ("sent", 2),
            "{:?}",
            app.backend
        );
        assert_eq!(
            settled.provider_id.as_deref(),
            Some(format!("SM{:032}", 2).as_str())
        );
    }
}

/// A row left `sending` by a worker that died; its lease ended at `lease_end`.
async fn interrupted(app: &TestApp, body: &str, t0: i64) -> i64 {
    let id = enqueue(app, body, t0).await;
    let stuck = sms_queue::ActiveModel {
        id: Set(id),
        status: Set("sending".into()),
        attempts: Set(1),
        attempted_at: Set(Some(t0)),
        next_attempt_at: Set(t0 + 60_000),
        ..Default::default()
    };
    sms_queue::Entity::update(stuck)
        .exec(&app.db)
        .await
        .unwrap();
    id
}

async fn outbox_count(app: &TestApp) -> u64 {
    dev_outbox::Entity::find()
        .filter(dev_outbox::Column::Recipient.eq(TO))
        .count(&app.db)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_send_interrupted_by_a_dying_worker_is_reconciled_not_failed_or_repeated() {
    for app in TestApp::all().await {
        let t0 = server::clock::now_ms();
        // It went out before the worker died: the outbox holds it.
        let went_out = interrupted(&app, "Code 112358 (went out)", t0).await;
        let new = outbox::NewOutboxMessage {
            channel: outbox::CHANNEL_SMS,
            recipient: TO,
            subject: None,
            body_text: "Code 112358 (went out)",
            body_html: None,
            created_at: t0,
        };
        let kept = outbox::record(&app.db, new).await.unwrap();
        // This one never left.
        let never_left = interrupted(&app, "Code 314159 (never left)", t0).await;

        server::services::locate::sender::run_due(&app.db, &app.state.sms, t0 + 61_000, 10)
            .await
            .unwrap();
        let found = row(&app, went_out).await;
        assert_eq!(
            (found.status.as_str(), found.provider_id.clone()),
            ("sent", Some(format!("outbox-{}", kept.id))),
            "{:?}",
            app.backend
        );
        assert_eq!(
            row(&app, never_left).await.status,
            "uncertain",
            "{:?}",
            app.backend
        );
        assert_eq!(
            outbox_count(&app).await,
            1,
            "{:?}: nothing sent twice",
            app.backend
        );

        server::services::locate::sender::run_due(
            &app.db,
            &app.state.sms,
            t0 + GRACE_MS + 1_000,
            10,
        )
        .await
        .unwrap();
        server::services::locate::sender::run_due(&app.db, &app.state.sms, t0 + 10 * 60_000, 10)
            .await
            .unwrap();
        assert_eq!(
            row(&app, never_left).await.status,
            "sent",
            "{:?}",
            app.backend
        );
        assert_eq!(
            outbox_count(&app).await,
            2,
            "{:?}: the lost one sent exactly once more",
            app.backend
        );
    }
}

async fn post_signed(
    app: &TestApp,
    signed_path: &str,
    path: &str,
    params: &[(String, String)],
) -> crate::util::TestResponse {
    let signature = twilio::signature(TOKEN, &format!("https://ct.test{signed_path}"), params);
    let form = serde_urlencoded::to_string(params).unwrap();
    app.send(
        "POST",
        path,
        &[("x-twilio-signature", signature.as_str())],
        Some(&form),
    )
    .await
}

#[tokio::test]
async fn a_delivery_report_naming_our_message_settles_an_uncertain_send() {
    let apps = TestApp::all_configured(|c| {
        c.sms_provider = SmsProvider::Twilio;
        c.twilio = twilio_config("http://127.0.0.1:9");
    })
    .await;
    for app in apps {
        let t0 = server::clock::now_ms();
        let id = enqueue(&app, "Code 577215 (report)", t0).await;
        let stuck = sms_queue::ActiveModel {
            id: Set(id),
            status: Set("uncertain".into()),
            ..Default::default()
        };
        sms_queue::Entity::update(stuck)
            .exec(&app.db)
            .await
            .unwrap();
        let params: Vec<(String, String)> = [
            ("AccountSid", SID),
            ("MessageSid", "SM0000000000000000000000000000abcd"),
            ("MessageStatus", "sent"),
            ("To", TO),
        ]
        .iter()
        .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
        .collect();
        let path = format!("/webhooks/twilio/status?sms={id}");
        // The signature covers the query: signed without it, refused.
        assert_eq!(
            post_signed(&app, "/webhooks/twilio/status", &path, &params)
                .await
                .status,
            403
        );
        assert_eq!(row(&app, id).await.status, "uncertain");
        assert_eq!(
            post_signed(&app, &path, &path, &params).await.status,
            204,
            "{:?}",
            app.backend
        );
        let settled = row(&app, id).await;
        assert_eq!(settled.status, "sent", "{:?}", app.backend);
        assert_eq!(
            settled.provider_id.as_deref(),
            Some("SM0000000000000000000000000000abcd")
        );
    }
}

#[tokio::test]
async fn a_wrong_token_is_refused_and_never_retried_or_looked_up_as_sent() {
    let (sender, fake) = fake_twilio_with(false, "not-the-token").await;
    let sms = server::sms::OutgoingSms {
        to: TO.into(),
        body: "hello".into(),
    };
    let refused = sender.send(&sms).await.unwrap_err();
    assert!(
        matches!(
            refused,
            server::sms::SmsError::Rejected {
                status: 401,
                code: Some(20003)
            }
        ),
        "{refused:?}"
    );
    assert!(!refused.is_transient() && !refused.outcome_unknown());
    assert!(sender.lookup(&sms).await.is_err(), "no list without auth");
    let fake = fake.lock().unwrap();
    assert!(fake.posts.is_empty() && fake.stored.is_empty());
}
