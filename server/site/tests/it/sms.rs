//! SMS: the Twilio client against a loopback fake of the Messages API, the
//! dev outbox on every backend, and the webhooks Twilio posts to us
//! (signature checks, delivery reports, STOP/START/HELP answered in TwiML).
use crate::util::TestApp;
use axum::{
    extract::{Path, State},
    http::{HeaderMap, StatusCode},
    response::IntoResponse,
    routing::post,
    Form, Json, Router,
};
use base64::Engine as _;
use server::services::locate::registry;
use server::{
    config::{Config, Secret, SmsProvider, TwilioConfig},
    persistence::outbox,
    sms::DeliveryReport,
    sms::{templates, twilio, OutgoingSms, SmsError, SmsSender},
};
use std::{
    sync::{Arc, Mutex},
    time::Duration,
};

const SID: &str = "AC00000000000000000000000000000001";
const TOKEN: &str = "test-auth-token";
const FROM: &str = "+15005550006";
/// The fake answers 400 with Twilio's "invalid To number" error.
const INVALID_NUMBER: &str = "+15005550001";
/// The fake answers 500.
const SERVER_ERROR: &str = "+15005550002";
/// The fake answers only after [`SLOW_ANSWER`].
const SLOW: &str = "+15005550003";
/// The fake answers 429.
const RATE_LIMITED: &str = "+15005550004";
const SLOW_ANSWER: Duration = Duration::from_secs(3);

/// One request the fake received.
#[derive(Clone, Debug)]
struct Received {
    account: String,
    authorization: Option<String>,
    form: Vec<(String, String)>,
}

impl Received {
    fn field(&self, name: &str) -> Option<&str> {
        self.form
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

type Log = Arc<Mutex<Vec<Received>>>;

/// A loopback server speaking the parts of Twilio's Messages API we use.
/// Answers depend on the `To` number (see the constants above).
async fn fake_twilio() -> (String, Log) {
    async fn create_message(
        State(log): State<Log>,
        Path(account): Path<String>,
        headers: HeaderMap,
        Form(form): Form<Vec<(String, String)>>,
    ) -> axum::response::Response {
        let authorization = headers
            .get("authorization")
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        let received = Received {
            account,
            authorization,
            form,
        };
        log.lock().unwrap().push(received.clone());
        let to = received.field("To").unwrap_or_default().to_owned();
        let expected_auth = format!(
            "Basic {}",
            base64::engine::general_purpose::STANDARD.encode(format!("{SID}:{TOKEN}"))
        );
        if received.authorization.as_deref() != Some(expected_auth.as_str()) {
            let body = serde_json::json!({"code": 20003, "message": "Authenticate", "more_info": "https://www.twilio.com/docs/errors/20003", "status": 401});
            return (StatusCode::UNAUTHORIZED, Json(body)).into_response();
        }
        match to.as_str() {
            INVALID_NUMBER => {
                let body = serde_json::json!({"code": 21211, "message": format!("The 'To' number {to} is not a valid phone number."), "more_info": "https://www.twilio.com/docs/errors/21211", "status": 400});
                (StatusCode::BAD_REQUEST, Json(body)).into_response()
            }
            SERVER_ERROR => (StatusCode::INTERNAL_SERVER_ERROR, "upstream trouble").into_response(),
            RATE_LIMITED => {
                let body = serde_json::json!({"code": 20429, "message": "Too Many Requests", "status": 429});
                (StatusCode::TOO_MANY_REQUESTS, Json(body)).into_response()
            }
            _ => {
                if to == SLOW {
                    tokio::time::sleep(SLOW_ANSWER).await;
                }
                let body = serde_json::json!({
                    "sid": "SM00000000000000000000000000000001",
                    "account_sid": SID,
                    "messaging_service_sid": received.field("MessagingServiceSid"),
                    "to": to,
                    "from": received.field("From"),
                    "body": received.field("Body"),
                    "status": if received.field("MessagingServiceSid").is_some() { "accepted" } else { "queued" },
                    "num_segments": "1",
                    "num_media": "0",
                    "direction": "outbound-api",
                    "api_version": "2010-04-01",
                    "price": null,
                    "price_unit": "USD",
                    "error_code": null,
                    "error_message": null,
                    "date_created": "Thu, 24 Jul 2025 10:00:00 +0000",
                    "date_updated": "Thu, 24 Jul 2025 10:00:00 +0000",
                    "date_sent": null,
                    "uri": format!("/2010-04-01/Accounts/{SID}/Messages/SM00000000000000000000000000000001.json"),
                    "subresource_uris": {"media": format!("/2010-04-01/Accounts/{SID}/Messages/SM00000000000000000000000000000001/Media.json")}
                });
                (StatusCode::CREATED, Json(body)).into_response()
            }
        }
    }
    let log: Log = Arc::default();
    let router = Router::new()
        .route(
            "/2010-04-01/Accounts/{account}/Messages.json",
            post(create_message),
        )
        .with_state(log.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind the fake");
    let addr = listener.local_addr().expect("local address");
    tokio::spawn(async move {
        axum::serve(listener, router)
            .await
            .expect("fake Twilio serves")
    });
    (format!("http://{addr}"), log)
}

fn twilio_config(api_base: &str) -> TwilioConfig {
    TwilioConfig {
        account_sid: Some(SID.into()),
        auth_token: Some(Secret::new(TOKEN)),
        from: Some(FROM.into()),
        messaging_service_sid: None,
        api_base: api_base.into(),
    }
}

fn client(config: &TwilioConfig, timeout: Duration) -> twilio::TwilioClient {
    twilio::TwilioClient::new(config, "https://ct.test", timeout).expect("client")
}

fn sms(to: &str) -> OutgoingSms {
    OutgoingSms {
        to: to.into(),
        body: templates::locate_request(app::i18n::Locale::En, "https://ct.test/r/abc"),
    }
}

#[tokio::test]
async fn twilio_receives_the_documented_form_with_basic_auth() {
    let (base, log) = fake_twilio().await;
    let client = client(&twilio_config(&base), Duration::from_secs(5));
    let sent = client.send(&sms("+6281234567890")).await.expect("sent");
    assert_eq!(sent.provider_id, "SM00000000000000000000000000000001");
    assert_eq!(
        sent.report,
        DeliveryReport::Accepted,
        "queued counts as accepted"
    );

    let received = log.lock().unwrap()[0].clone();
    assert_eq!(received.account, SID);
    let expected = format!(
        "Basic {}",
        base64::engine::general_purpose::STANDARD.encode(format!("{SID}:{TOKEN}"))
    );
    assert_eq!(received.authorization.as_deref(), Some(expected.as_str()));
    assert_eq!(received.field("To"), Some("+6281234567890"));
    assert_eq!(received.field("From"), Some(FROM));
    assert_eq!(received.field("MessagingServiceSid"), None);
    assert_eq!(
        received.field("Body"),
        Some(sms("+6281234567890").body.as_str())
    );
    assert_eq!(
        received.field("StatusCallback"),
        Some("https://ct.test/webhooks/twilio/status")
    );
}

#[tokio::test]
async fn a_messaging_service_replaces_from() {
    let (base, log) = fake_twilio().await;
    let mut config = twilio_config(&base);
    config.messaging_service_sid = Some("MG00000000000000000000000000000001".into());
    let sent = client(&config, Duration::from_secs(5))
        .send(&sms("+6281234567890"))
        .await
        .expect("sent");
    assert_eq!(sent.report, DeliveryReport::Accepted);
    let received = log.lock().unwrap()[0].clone();
    assert_eq!(
        received.field("MessagingServiceSid"),
        Some("MG00000000000000000000000000000001")
    );
    assert_eq!(received.field("From"), None);
}

#[tokio::test]
async fn refusals_are_permanent_or_transient_by_status() {
    let (base, _log) = fake_twilio().await;
    let client = client(&twilio_config(&base), Duration::from_secs(5));

    let invalid = client.send(&sms(INVALID_NUMBER)).await.expect_err("400");
    assert!(
        matches!(
            invalid,
            SmsError::Rejected {
                status: 400,
                code: Some(21211)
            }
        ),
        "{invalid:?}"
    );
    assert!(!invalid.is_transient());
    assert!(
        !invalid.to_string().contains(INVALID_NUMBER),
        "the error must not quote the number: {invalid}"
    );

    let server_error = client.send(&sms(SERVER_ERROR)).await.expect_err("500");
    assert!(
        matches!(
            server_error,
            SmsError::Rejected {
                status: 500,
                code: None
            }
        ),
        "{server_error:?}"
    );
    assert!(server_error.is_transient());

    let limited = client.send(&sms(RATE_LIMITED)).await.expect_err("429");
    assert!(limited.is_transient(), "{limited:?}");
}

#[tokio::test]
async fn wrong_credentials_are_permanent_and_never_printed() {
    let (base, _log) = fake_twilio().await;
    let mut config = twilio_config(&base);
    config.auth_token = Some(Secret::new("wrong-token-123"));
    let error = client(&config, Duration::from_secs(5))
        .send(&sms("+6281234567890"))
        .await
        .expect_err("401");
    assert!(
        matches!(
            error,
            SmsError::Rejected {
                status: 401,
                code: Some(20003)
            }
        ),
        "{error:?}"
    );
    assert!(!error.is_transient());
    assert!(!format!("{error} {error:?}").contains("wrong-token-123"));
    assert!(!format!("{:?}", client(&config, Duration::from_secs(5))).contains("wrong-token-123"));
}

#[tokio::test]
async fn a_slow_answer_times_out_as_transient() {
    let (base, _log) = fake_twilio().await;
    let started = std::time::Instant::now();
    let error = client(&twilio_config(&base), Duration::from_millis(300))
        .send(&sms(SLOW))
        .await
        .expect_err("timeout");
    assert!(matches!(error, SmsError::Timeout), "{error:?}");
    assert!(error.is_transient());
    assert!(
        started.elapsed() < SLOW_ANSWER,
        "the client gave up on time"
    );
}

#[tokio::test]
async fn an_unreachable_provider_is_transient() {
    // Bind, note the port, close: nothing listens there any more.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("addr"));
    drop(listener);
    let error = client(&twilio_config(&base), Duration::from_secs(2))
        .send(&sms("+6281234567890"))
        .await
        .expect_err("down");
    assert!(error.is_transient(), "{error:?}");
}

#[tokio::test]
async fn the_sender_refuses_numbers_that_are_not_e164() {
    let (base, log) = fake_twilio().await;
    let sender = SmsSender::Twilio(client(&twilio_config(&base), Duration::from_secs(5)));
    let error = sender
        .send(&sms("081234567890"))
        .await
        .expect_err("not E.164");
    assert!(matches!(error, SmsError::InvalidRecipient));
    assert!(
        log.lock().unwrap().is_empty(),
        "nothing reached the provider"
    );
}

#[tokio::test]
async fn the_outbox_keeps_sms_on_every_backend() {
    for app in TestApp::all().await {
        assert_eq!(app.state.sms.name(), "outbox", "{:?}", app.backend);
        let message = sms("+6281234567890");
        let sent = app
            .state
            .sms
            .send(&message)
            .await
            .unwrap_or_else(|e| panic!("{:?}: {e}", app.backend));
        assert_eq!(sent.report, DeliveryReport::Delivered, "{:?}", app.backend);
        let rows = outbox::list(
            &app.db,
            &outbox::OutboxFilter {
                channel: Some(outbox::CHANNEL_SMS.into()),
                ..Default::default()
            },
        )
        .await
        .expect("list");
        assert_eq!(rows.len(), 1, "{:?}", app.backend);
        let row = &rows[0];
        assert_eq!(
            sent.provider_id,
            format!("outbox-{}", row.id),
            "{:?}",
            app.backend
        );
        assert_eq!(row.channel, "sms");
        assert_eq!(row.recipient, "+6281234567890");
        assert_eq!(row.subject, None);
        assert_eq!(row.body_text, message.body);
        assert_eq!(row.body_html, None);

        // What browser tests read: the `+` of the number percent-encoded.
        let listed = app
            .get("/dev/outbox.json?channel=sms&to=%2B6281234567890")
            .await
            .json();
        assert_eq!(
            listed.as_array().map(Vec::len),
            Some(1),
            "{:?}: {listed}",
            app.backend
        );
        assert_eq!(
            listed[0]["body_text"],
            message.body.as_str(),
            "{:?}",
            app.backend
        );
        let page = app.get("/dev/outbox?channel=sms").await;
        assert!(
            page.body.contains(r#"href="https://ct.test/r/abc""#),
            "{:?}: link clickable",
            app.backend
        );

        let error = app
            .state
            .sms
            .send(&sms("not a number"))
            .await
            .expect_err("invalid");
        assert!(
            matches!(error, SmsError::InvalidRecipient),
            "{:?}",
            app.backend
        );
    }
}

#[tokio::test]
async fn twilio_without_a_token_stops_the_start() {
    let mut config = Config::from_env().expect("config");
    config.sms_provider = SmsProvider::Twilio;
    config.twilio = twilio_config("http://127.0.0.1:9");
    config.twilio.auth_token = None;
    let db = sea_orm::Database::connect("sqlite::memory:")
        .await
        .expect("in-memory database");
    let error = SmsSender::from_config(&config, db)
        .err()
        .expect("refused")
        .to_string();
    assert!(error.contains("TWILIO_AUTH_TOKEN"), "{error}");
}

// --- Webhooks ---------------------------------------------------------------

/// Apps whose SMS go through Twilio (the API is never called here).
async fn twilio_apps() -> Vec<TestApp> {
    TestApp::all_configured(|c| {
        c.sms_provider = SmsProvider::Twilio;
        c.twilio = twilio_config("http://127.0.0.1:9");
    })
    .await
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
        .collect()
}

/// POSTs `params` to `path` signed as Twilio would for `https://ct.test{path}`.
async fn post_signed(
    app: &TestApp,
    path: &str,
    params: &[(String, String)],
) -> crate::util::TestResponse {
    let signature = server::twilio::signature(TOKEN, &format!("https://ct.test{path}"), params);
    let form = serde_urlencoded::to_string(params).expect("form");
    app.send(
        "POST",
        path,
        &[("x-twilio-signature", signature.as_str())],
        Some(&form),
    )
    .await
}

fn delivered_report() -> Vec<(String, String)> {
    pairs(&[
        ("AccountSid", SID),
        ("MessageSid", "SM00000000000000000000000000000001"),
        ("MessageStatus", "delivered"),
        ("To", "+6281234567890"),
        ("From", FROM),
    ])
}

#[tokio::test]
async fn a_signed_delivery_report_is_accepted() {
    for app in twilio_apps().await {
        // A request whose SMS Twilio accepted as SM…0001.
        crate::api_accounts::make_user(&app, "sms@mail.com", "secret-123").await;
        let (token, _) = crate::api_accounts::session_of(&app, "sms@mail.com", "secret-123").await;
        let created = app
            .send(
                "POST",
                "/api_f/v1/spyContent/phoneLocation",
                &[("token", &token)],
                Some("country=ID&phone=081234567890"),
            )
            .await
            .json();
        let id = created["obj"]["id"].as_i64().expect("created");
        use sea_orm::{sea_query::Expr, EntityTrait as _};
        server::persistence::entities::sms_queue::Entity::update_many()
            .col_expr(
                server::persistence::entities::sms_queue::Column::Status,
                Expr::value("sent"),
            )
            .col_expr(
                server::persistence::entities::sms_queue::Column::ProviderId,
                Expr::value("SM00000000000000000000000000000001"),
            )
            .exec(&app.db)
            .await
            .expect("mark sent");

        let response = post_signed(&app, "/webhooks/twilio/status", &delivered_report()).await;
        assert_eq!(response.status, 204, "{:?}: {}", app.backend, response.body);
        assert!(response.body.is_empty());
        let list = app
            .get_with("/api_f/v1/spyContent", &[("token", &token)])
            .await
            .json();
        assert_eq!(list["obj"][0]["id"], id);
        assert_eq!(
            list["obj"][0]["status"], "delivered",
            "{:?}: the report moved the request on",
            app.backend
        );
    }
}

/// The signature Twilio would send, computed independently of our code:
/// python3 -c 'import hmac,hashlib,base64; url="https://ct.test/webhooks/twilio/status";
///   p={"AccountSid":"AC00000000000000000000000000000001","MessageSid":"SM00000000000000000000000000000001",
///      "MessageStatus":"delivered","To":"+6281234567890","From":"+15005550006"};
///   print(base64.b64encode(hmac.new(b"test-auth-token",(url+"".join(k+v for k,v in sorted(p.items()))).encode(),
///      hashlib.sha1).digest()).decode())'
const PYTHON_SIGNATURE: &str = "tRlrLblAOiaJx1j05y9HW3THK2g=";

#[tokio::test]
async fn the_signature_matches_one_computed_elsewhere() {
    let url = "https://ct.test/webhooks/twilio/status";
    assert_eq!(
        server::twilio::signature(TOKEN, url, &delivered_report()),
        PYTHON_SIGNATURE
    );
    let apps = twilio_apps().await;
    let app = &apps[0];
    let form = serde_urlencoded::to_string(delivered_report()).expect("form");
    let response = app
        .send(
            "POST",
            "/webhooks/twilio/status",
            &[("x-twilio-signature", PYTHON_SIGNATURE)],
            Some(&form),
        )
        .await;
    assert_eq!(response.status, 204, "{}", response.body);
}

#[tokio::test]
async fn unsigned_or_mis_signed_webhooks_are_refused() {
    for app in twilio_apps().await {
        let form = serde_urlencoded::to_string(delivered_report()).expect("form");
        for path in ["/webhooks/twilio/status", "/webhooks/twilio/inbound"] {
            let missing = app.send("POST", path, &[], Some(&form)).await;
            assert_eq!(
                missing.status, 403,
                "{:?} {path}: no signature",
                app.backend
            );
            let wrong = app
                .send(
                    "POST",
                    path,
                    &[("x-twilio-signature", PYTHON_SIGNATURE)],
                    Some(&form),
                )
                .await;
            assert!(!registry::is_blocked(&app.db, "+6281234567890")
                .await
                .unwrap());
            let expected = if path.ends_with("status") { 204 } else { 403 };
            assert_eq!(
                wrong.status, expected,
                "{:?} {path}: signed for the other URL",
                app.backend
            );
        }
        // Signed for other parameters than those sent (a tampered status).
        let mut tampered = delivered_report();
        let signature =
            server::twilio::signature(TOKEN, "https://ct.test/webhooks/twilio/status", &tampered);
        tampered[2].1 = "failed".into();
        let form = serde_urlencoded::to_string(&tampered).expect("form");
        let response = app
            .send(
                "POST",
                "/webhooks/twilio/status",
                &[("x-twilio-signature", signature.as_str())],
                Some(&form),
            )
            .await;
        assert_eq!(response.status, 403, "{:?}: tampered", app.backend);
        // Signed with another account's token.
        let signature = server::twilio::signature(
            "other-token",
            "https://ct.test/webhooks/twilio/status",
            &delivered_report(),
        );
        let form = serde_urlencoded::to_string(delivered_report()).expect("form");
        let response = app
            .send(
                "POST",
                "/webhooks/twilio/status",
                &[("x-twilio-signature", signature.as_str())],
                Some(&form),
            )
            .await;
        assert_eq!(response.status, 403, "{:?}: other token", app.backend);
    }
}

fn inbound(from: &str, body: &str) -> Vec<(String, String)> {
    pairs(&[
        ("AccountSid", SID),
        ("MessageSid", "SM00000000000000000000000000000009"),
        ("From", from),
        ("To", FROM),
        ("Body", body),
        ("NumMedia", "0"),
    ])
}

fn assert_twiml(response: &crate::util::TestResponse) {
    assert_eq!(response.status, 200, "{}", response.body);
    assert!(
        response
            .header("content-type")
            .is_some_and(|v| v.starts_with("text/xml")),
        "{:?}",
        response.headers
    );
    assert!(
        response
            .body
            .starts_with(r#"<?xml version="1.0" encoding="UTF-8"?><Response"#),
        "{}",
        response.body
    );
}

#[tokio::test]
async fn keywords_are_confirmed_in_the_sender_s_language() {
    for app in twilio_apps().await {
        let stop = post_signed(
            &app,
            "/webhooks/twilio/inbound",
            &inbound("+6281234567890", " stop "),
        )
        .await;
        assert_twiml(&stop);
        let expected = templates::keyword_reply(
            app::i18n::Locale::Id,
            server::services::locate::sms_events::OptKeyword::Stop,
            &app.state.config.support_email,
        );
        assert!(
            stop.body
                .contains(&format!("<Message>{expected}</Message>")),
            "{:?}: {}",
            app.backend,
            stop.body
        );
        assert!(
            registry::is_blocked(&app.db, "+6281234567890")
                .await
                .unwrap(),
            "STOP registers the number"
        );
        let restart = post_signed(
            &app,
            "/webhooks/twilio/inbound",
            &inbound("+6281234567890", "START"),
        )
        .await;
        assert_twiml(&restart);
        assert!(
            !registry::is_blocked(&app.db, "+6281234567890")
                .await
                .unwrap(),
            "START undoes STOP"
        );

        let start = post_signed(
            &app,
            "/webhooks/twilio/inbound",
            &inbound("+8613800138000", "START"),
        )
        .await;
        assert_twiml(&start);
        assert!(
            start.body.contains("回复 STOP 退订"),
            "{:?}: {}",
            app.backend,
            start.body
        );

        let help = post_signed(
            &app,
            "/webhooks/twilio/inbound",
            &inbound("+14155550100", "help"),
        )
        .await;
        assert_twiml(&help);
        assert!(
            help.body.contains(&app.state.config.support_email),
            "{}",
            help.body
        );
        assert!(
            help.body.contains("Reply STOP to stop all requests"),
            "{}",
            help.body
        );

        let chat = post_signed(
            &app,
            "/webhooks/twilio/inbound",
            &inbound("+14155550100", "who is this?"),
        )
        .await;
        assert_twiml(&chat);
        assert!(chat.body.ends_with("<Response/>"), "{}", chat.body);
        assert!(
            !registry::is_blocked(&app.db, "+14155550100").await.unwrap(),
            "HELP and chat change nothing"
        );
    }
}

#[tokio::test]
async fn without_twilio_the_webhooks_do_not_exist() {
    for app in TestApp::all().await {
        for path in ["/webhooks/twilio/status", "/webhooks/twilio/inbound"] {
            let response = post_signed(&app, path, &delivered_report()).await;
            assert_eq!(response.status, 404, "{:?} {path}", app.backend);
        }
        assert!(
            outbox::list(&app.db, &outbox::OutboxFilter::default())
                .await
                .expect("list")
                .is_empty(),
            "{:?}: no side effect",
            app.backend
        );
    }
}

/// The signature Twilio's own SDK (twilio-python's `RequestValidator`)
/// computes for `url` and `params` (server/site/tests/support/twilio_sign.py).
fn sdk_signature(url: &str, params: &[(String, String)]) -> String {
    use std::io::Write as _;
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/support/twilio_sign.py");
    let mut child = std::process::Command::new("python3")
        .arg(script)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("python3 runs (scripts/requirements-test.txt installs twilio)");
    let request = serde_json::json!({"token": TOKEN, "url": url, "pairs": params});
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(request.to_string().as_bytes())
        .expect("request written");
    let output = child.wait_with_output().expect("the SDK answers");
    assert!(output.status.success(), "twilio_sign.py failed");
    String::from_utf8(output.stdout)
        .expect("utf-8")
        .trim()
        .to_owned()
}

#[tokio::test]
async fn callbacks_signed_by_twilio_s_own_sdk_are_accepted() {
    let path = "/webhooks/twilio/status";
    let mut repeated = delivered_report();
    // A repeated parameter, once with a repeated value.
    repeated.push(("ErrorCode".to_owned(), "30003".to_owned()));
    repeated.push(("ErrorCode".to_owned(), "30003".to_owned()));
    repeated.push(("ErrorCode".to_owned(), "30001".to_owned()));
    let cases = [
        (
            "the URL as configured",
            format!("https://ct.test{path}"),
            delivered_report(),
        ),
        (
            "the URL with its port",
            format!("https://ct.test:443{path}"),
            delivered_report(),
        ),
        (
            "repeated parameters",
            format!("https://ct.test{path}"),
            repeated,
        ),
    ];
    for app in twilio_apps().await {
        for (case, signed_url, params) in &cases {
            let signature = sdk_signature(signed_url, params);
            let form = serde_urlencoded::to_string(params).expect("form");
            let response = app
                .send(
                    "POST",
                    path,
                    &[("x-twilio-signature", signature.as_str())],
                    Some(&form),
                )
                .await;
            assert_eq!(
                response.status, 204,
                "{:?} {case}: {}",
                app.backend, response.body
            );
        }
        // The SDK's signature of another URL is still refused.
        let elsewhere = sdk_signature(
            "https://evil.test/webhooks/twilio/status",
            &delivered_report(),
        );
        let form = serde_urlencoded::to_string(delivered_report()).expect("form");
        let refused = app
            .send(
                "POST",
                path,
                &[("x-twilio-signature", elsewhere.as_str())],
                Some(&form),
            )
            .await;
        assert_eq!(refused.status, 403, "{:?}", app.backend);
    }
}
