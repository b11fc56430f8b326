//! The Twilio Calls adapter against a loopback server speaking Twilio's
//! Calls API: the request (auth, caller ID, TwiML, signed callback naming
//! the call), refusals and time-outs, and — through the voice service and
//! the real router — a call whose answer was lost is looked up, never placed
//! twice; signed callbacks move it, unsigned ones are refused, 9 stops.
use crate::api_locate::member;
use crate::util::TestApp;
use crate::voice_util::{message, run_caller, sent_id, E164};
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use axum::routing::get;
use axum::{Form, Json, Router};
use base64::Engine as _;
use server::calls::{twiml, CallError, CallPlacer, CallProgress, CallQuery, OutgoingCall};
use server::config::{CallProvider, Secret};
use server::services::locate::registry;
use server::services::voice::reconcile::LOOKUP_EVERY_MS;
use std::sync::{Arc, Mutex};

const SID: &str = "AC00000000000000000000000000000011";
const TOKEN: &str = "calls-token";
const FROM: &str = "+15005550006";

#[derive(Default)]
struct Fake {
    posts: Vec<Vec<(String, String)>>,
    auth: Vec<String>,
    /// Calls the fake holds: (sid, to).
    stored: Vec<(String, String)>,
    /// Answer the first POST only after the client gave up (it is stored all the same).
    late_first: bool,
}

type Shared = Arc<Mutex<Fake>>;

/// Twilio's answer to a request without this account's credentials.
fn unauthenticated(headers: &HeaderMap) -> Option<axum::response::Response> {
    let basic = base64::engine::general_purpose::STANDARD.encode(format!("{SID}:{TOKEN}"));
    let given = headers.get("authorization").and_then(|v| v.to_str().ok());
    (given != Some(format!("Basic {basic}").as_str())).then(|| {
        let body = serde_json::json!({"code": 20003, "message": "Authenticate", "status": 401});
        (StatusCode::UNAUTHORIZED, Json(body)).into_response()
    })
}

/// Twilio refuses a call without `To`, `From` and what to do (`Twiml`).
fn malformed(form: &[(String, String)]) -> Option<axum::response::Response> {
    let has = |name: &str| form.iter().any(|(n, v)| n == name && !v.is_empty());
    let code = if !has("To") {
        21201
    } else if !has("From") {
        21603
    } else if !has("Twiml") && !has("Url") {
        21205
    } else {
        return None;
    };
    let body = serde_json::json!({"code": code, "message": "Missing parameter", "status": 400});
    Some((StatusCode::BAD_REQUEST, Json(body)).into_response())
}

async fn create(
    State(fake): State<Shared>,
    headers: HeaderMap,
    Form(form): Form<Vec<(String, String)>>,
) -> axum::response::Response {
    if let Some(refused) = unauthenticated(&headers).or_else(|| malformed(&form)) {
        return refused;
    }
    let to = form
        .iter()
        .find(|(n, _)| n == "To")
        .map(|(_, v)| v.clone())
        .unwrap_or_default();
    let (n, sid, late) = {
        let mut fake = fake.lock().unwrap();
        fake.posts.push(form.clone());
        fake.auth.push(
            headers
                .get("authorization")
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_owned(),
        );
        let n = fake.posts.len();
        let sid = format!("CA{n:032}");
        (n, sid, fake.late_first && n == 1)
    };
    match to.as_str() {
        "+6281100000400" => return (StatusCode::BAD_REQUEST, Json(serde_json::json!({"code": 21215, "message": "Account not authorized to call +62811…"}))).into_response(),
        "+6281100000429" => return (StatusCode::TOO_MANY_REQUESTS, Json(serde_json::json!({"code": 20429}))).into_response(),
        "+6281100000500" => return StatusCode::INTERNAL_SERVER_ERROR.into_response(),
        "+6281100000201" => return (StatusCode::CREATED, "not json").into_response(),
        _ => {}
    }
    fake.lock().unwrap().stored.push((sid.clone(), to.clone()));
    if late || to == "+6281100000408" {
        tokio::time::sleep(std::time::Duration::from_millis(1_600)).await;
    }
    let _ = n;
    (StatusCode::CREATED, Json(serde_json::json!({"sid": sid, "to": to, "from": FROM, "status": "queued", "date_created": now_rfc2822()}))).into_response()
}

fn now_rfc2822() -> String {
    jiff::Timestamp::now()
        .strftime("%a, %d %b %Y %H:%M:%S +0000")
        .to_string()
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
    assert!(
        query.iter().any(|(n, _)| n == "StartTime>"),
        "the lookup filters by start time: {query:?}"
    );
    let fake = fake.lock().unwrap();
    let calls: Vec<_> = fake
        .stored
        .iter()
        .filter(|(_, t)| *t == to)
        .map(|(sid, to)| serde_json::json!({"sid": sid, "to": to, "from": FROM, "status": "ringing", "date_created": now_rfc2822()}))
        .collect();
    Json(serde_json::json!({"calls": calls, "page": 0})).into_response()
}

async fn fake_twilio(late_first: bool) -> (String, Shared) {
    let fake: Shared = Arc::new(Mutex::new(Fake {
        late_first,
        ..Fake::default()
    }));
    let router = Router::new()
        .route(
            "/2010-04-01/Accounts/{account}/Calls.json",
            get(list).post(create),
        )
        .with_state(fake.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    (format!("http://{addr}"), fake)
}

async fn apps_with_twilio(api_base: &str) -> Vec<TestApp> {
    apps_with_token(api_base, TOKEN).await
}

async fn apps_with_token(api_base: &str, token: &str) -> Vec<TestApp> {
    let (api_base, token) = (api_base.to_owned(), token.to_owned());
    TestApp::all_configured(move |c| {
        c.voice.quiet_start_hour = 0;
        c.voice.quiet_end_hour = 0;
        c.dev_tools = false;
        c.calls.provider = CallProvider::Twilio;
        c.calls.voice_from = Some(FROM.into());
        c.calls.timeout_secs = 1;
        c.twilio.account_sid = Some(SID.into());
        c.twilio.auth_token = Some(Secret::new(&token));
        c.twilio.api_base = api_base.clone();
    })
    .await
}

fn call(to: &str) -> OutgoingCall {
    OutgoingCall {
        to: to.into(),
        twiml: twiml::play_and_gather(
            "https://ct.test/calls/audio/vc1/message.wav?exp=1&sig=a",
            "https://ct.test/webhooks/twilio/call-gather?call=vc1",
            "id-ID",
        ),
    }
}

fn field<'a>(form: &'a [(String, String)], name: &str) -> Vec<&'a str> {
    form.iter()
        .filter(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
        .collect()
}

#[tokio::test]
async fn a_call_carries_auth_caller_id_twiml_and_a_callback_naming_it() {
    let (base, fake) = fake_twilio(false).await;
    let app = apps_with_twilio(&base).await.remove(0);
    let placed = app
        .state
        .calls
        .place(&call("+6281234567890"), "vcabc")
        .await
        .unwrap();
    assert_eq!(
        (placed.provider_id.as_str(), placed.progress),
        (format!("CA{:032}", 1).as_str(), CallProgress::Queued)
    );
    let fake = fake.lock().unwrap();
    let form = &fake.posts[0];
    let basic = base64::engine::general_purpose::STANDARD.encode(format!("{SID}:{TOKEN}"));
    assert_eq!(fake.auth[0], format!("Basic {basic}"));
    assert_eq!(field(form, "To"), ["+6281234567890"]);
    assert_eq!(
        field(form, "From"),
        [FROM],
        "the caller ID is the service's own number"
    );
    let twiml = field(form, "Twiml")[0];
    assert!(
        twiml.contains("<Gather numDigits=\"1\"")
            && twiml.contains(
                "<Play>https://ct.test/calls/audio/vc1/message.wav?exp=1&amp;sig=a</Play>"
            ),
        "{twiml}"
    );
    assert_eq!(
        field(form, "StatusCallback"),
        ["https://ct.test/webhooks/twilio/call-status?call=vcabc"]
    );
    assert_eq!(
        field(form, "StatusCallbackEvent"),
        ["initiated", "ringing", "answered", "completed"]
    );
}

#[tokio::test]
async fn refusals_and_lost_answers_map_to_what_the_caller_may_do() {
    let (base, _fake) = fake_twilio(false).await;
    let app = apps_with_twilio(&base).await.remove(0);
    let calls: &CallPlacer = &app.state.calls;
    let refused = calls
        .place(&call("+6281100000400"), "r1")
        .await
        .unwrap_err();
    assert!(
        matches!(
            refused,
            CallError::Rejected {
                status: 400,
                code: Some(21215)
            }
        ),
        "{refused:?}"
    );
    assert!(!refused.is_transient() && !refused.outcome_unknown());
    assert!(
        !refused.to_string().contains("+62811"),
        "no number in errors"
    );
    let limited = calls
        .place(&call("+6281100000429"), "r2")
        .await
        .unwrap_err();
    assert!(limited.is_transient() && !limited.outcome_unknown());
    assert!(calls
        .place(&call("+6281100000500"), "r3")
        .await
        .unwrap_err()
        .is_transient());
    let garbage = calls
        .place(&call("+6281100000201"), "r4")
        .await
        .unwrap_err();
    assert!(matches!(garbage, CallError::BadResponse) && garbage.outcome_unknown());
    let late = calls
        .place(&call("+6281100000408"), "r5")
        .await
        .unwrap_err();
    assert!(matches!(late, CallError::Timeout) && late.outcome_unknown());
    // The call the fake kept after the time-out is found by the lookup.
    let query = |to, exclude| CallQuery {
        to,
        since_ms: server::clock::now_ms() - 5_000,
        call_ref: "r5",
        exclude,
    };
    let found = calls
        .lookup(&query("+6281100000408", &[]))
        .await
        .unwrap()
        .expect("found");
    assert_eq!(found.progress, CallProgress::Ringing);
    // A call another message owns is not this one.
    let owned = [found.provider_id.clone()];
    assert_eq!(
        calls
            .lookup(&query("+6281100000408", &owned))
            .await
            .unwrap(),
        None
    );
    assert_eq!(
        calls.lookup(&query("+6281199999999", &[])).await.unwrap(),
        None
    );
    assert!(matches!(
        calls.place(&call("0812"), "r6").await,
        Err(CallError::InvalidRecipient)
    ));
}

fn signed(url: &str, params: &[(&str, &str)]) -> (String, String) {
    let pairs: Vec<(String, String)> = params
        .iter()
        .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
        .collect();
    let body = serde_urlencoded::to_string(&pairs).unwrap();
    (server::twilio::signature(TOKEN, url, &pairs), body)
}

#[tokio::test]
async fn a_lost_answer_is_reconciled_and_signed_callbacks_drive_the_call() {
    let (base, fake) = fake_twilio(true).await;
    for app in apps_with_twilio(&base).await {
        fake.lock().unwrap().posts.clear();
        let token = member(&app, "voicetwilio@mail.com").await;
        let id = sent_id(&app, &token, "tw-1").await;
        let t0 = server::clock::now_ms();
        run_caller(&app, t0).await;
        let uncertain = message(&app, id).await;
        assert_eq!(uncertain.status, "uncertain", "{:?}", app.backend);
        run_caller(&app, t0 + LOOKUP_EVERY_MS + 1).await;
        let m = message(&app, id).await;
        assert_eq!(
            (m.status.as_str(), m.attempts),
            ("calling", 1),
            "{:?}",
            app.backend
        );
        assert!(m
            .provider_id
            .as_deref()
            .is_some_and(|p| p.starts_with("CA")));
        assert_eq!(
            fake.lock().unwrap().posts.len(),
            1,
            "{:?}: placed exactly once",
            app.backend
        );
        let url = format!(
            "https://ct.test/webhooks/twilio/call-gather?call={}",
            m.call_ref
        );
        let (sig, body) = signed(&url, &[("CallSid", "CA1"), ("Digits", "9")]);
        let path = format!("/webhooks/twilio/call-gather?call={}", m.call_ref);
        let forged = app
            .send(
                "POST",
                &path,
                &[
                    ("x-twilio-signature", "AAAA"),
                    ("content-type", "application/x-www-form-urlencoded"),
                ],
                Some(&body),
            )
            .await;
        assert_eq!(forged.status, 403);
        assert!(!registry::is_blocked(&app.db, E164).await.unwrap());
        let pressed = app
            .send(
                "POST",
                &path,
                &[
                    ("x-twilio-signature", &sig),
                    ("content-type", "application/x-www-form-urlencoded"),
                ],
                Some(&body),
            )
            .await;
        assert_eq!(pressed.status, 200, "{}", pressed.body);
        assert!(
            pressed.body.contains("/stopped.wav?exp=") && pressed.body.contains("<Hangup/>"),
            "{}",
            pressed.body
        );
        assert!(registry::is_blocked(&app.db, E164).await.unwrap());
        assert_eq!(message(&app, id).await.status, "opted_out");
        // The spoken goodbye is served to whoever holds its signed address.
        let audio_url = pressed
            .body
            .split("<Play>")
            .nth(1)
            .unwrap()
            .split("</Play>")
            .next()
            .unwrap()
            .replace("&amp;", "&");
        let audio = app
            .get(audio_url.trim_start_matches("https://ct.test"))
            .await;
        assert_eq!(
            (audio.status, audio.header("content-type")),
            (200, Some("audio/wav"))
        );
        assert_eq!(
            app.get(
                &audio_url
                    .trim_start_matches("https://ct.test")
                    .replace("sig=", "sig=0")
            )
            .await
            .status,
            404
        );
        // A signed completion report names a final message: nothing changes.
        let status_url = format!(
            "https://ct.test/webhooks/twilio/call-status?call={}",
            m.call_ref
        );
        let (sig, body) = signed(
            &status_url,
            &[
                ("CallSid", "CA1"),
                ("CallStatus", "completed"),
                ("CallDuration", "14"),
            ],
        );
        let path = format!("/webhooks/twilio/call-status?call={}", m.call_ref);
        let report = app
            .send(
                "POST",
                &path,
                &[
                    ("x-twilio-signature", &sig),
                    ("content-type", "application/x-www-form-urlencoded"),
                ],
                Some(&body),
            )
            .await;
        assert_eq!(report.status, 204);
        assert_eq!(message(&app, id).await.status, "opted_out");
    }
}

#[tokio::test]
async fn a_wrong_token_or_a_malformed_call_is_refused_and_never_retried() {
    let (base, fake) = fake_twilio(false).await;
    let app = apps_with_token(&base, "not-the-token").await.remove(0);
    let refused = app
        .state
        .calls
        .place(&call("+6281234567890"), "w1")
        .await
        .unwrap_err();
    assert!(
        matches!(
            refused,
            CallError::Rejected {
                status: 401,
                code: Some(20003)
            }
        ),
        "{refused:?}"
    );
    assert!(!refused.is_transient() && !refused.outcome_unknown());
    assert!(fake.lock().unwrap().stored.is_empty(), "no call placed");
    let query = CallQuery {
        to: "+6281234567890",
        since_ms: server::clock::now_ms(),
        call_ref: "w1",
        exclude: &[],
    };
    assert!(matches!(
        app.state.calls.lookup(&query).await,
        Err(CallError::Rejected { status: 401, .. })
    ));
    let basic = base64::engine::general_purpose::STANDARD.encode(format!("{SID}:{TOKEN}"));
    let without_twiml = reqwest::Client::new()
        .post(format!("{base}/2010-04-01/Accounts/{SID}/Calls.json"))
        .header("authorization", format!("Basic {basic}"))
        .form(&[("To", "+6281234567890"), ("From", FROM)])
        .send()
        .await
        .unwrap();
    assert_eq!(without_twiml.status(), 400);
    assert!(fake.lock().unwrap().stored.is_empty());
}
