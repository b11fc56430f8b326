//! E-mail: delivery through a real SMTP server on loopback (aiosmtpd, see
//! server/site/tests/support/smtp_sink.py), the dev outbox on every backend, and
//! the developer pages being absent when `DEV_TOOLS` is off.
use crate::util::{scratch_dir, TestApp};
use app::i18n::{t_args, Key, Locale};
use sea_orm::Database;
use server::{
    config::{Config, MailTransport, Secret, SmtpTls},
    mail::{templates, MailError, Mailer},
};
use std::{
    io::{BufRead as _, BufReader},
    path::{Path, PathBuf},
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
};

const INSTALL_HINT: &str = "install with: python3 -m pip install -r scripts/requirements-test.txt";

/// The Python SMTP sink, killed when dropped.
struct SmtpSink {
    child: Child,
    port: u16,
    dir: PathBuf,
}

impl SmtpSink {
    /// Starts the sink; with `auth`, it requires that `user:password`.
    fn start(auth: Option<&str>) -> SmtpSink {
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/support/smtp_sink.py");
        let dir = scratch_dir().join("smtp");
        let mut command = Command::new("python3");
        command.arg(&script).arg(&dir);
        if let Some(auth) = auth {
            command.args(["--auth", auth]);
        }
        let mut child =
            command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::inherit()).spawn().unwrap_or_else(|e| {
                panic!("cannot run python3 ({e}); the mail tests need Python 3 with aiosmtpd: {INSTALL_HINT}")
            });
        let stdout = child.stdout.take().expect("piped stdout");
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("read the sink's first line");
        let mut sink = SmtpSink {
            child,
            port: 0,
            dir,
        };
        match line.trim().split_once(' ') {
            Some(("READY", port)) => sink.port = port.parse().expect("port number"),
            _ if line.trim() == "MISSING aiosmtpd" => {
                panic!("the Python package aiosmtpd is missing: {INSTALL_HINT}")
            }
            _ => panic!("the SMTP sink did not start (said {line:?}); {INSTALL_HINT}"),
        }
        sink
    }

    /// The `n`-th (1-based) received message's summary, waiting briefly.
    fn message(&self, n: usize) -> serde_json::Value {
        let path = self.dir.join(format!("{n:04}.json"));
        let deadline = Instant::now() + Duration::from_secs(10);
        while !path.exists() {
            assert!(
                Instant::now() < deadline,
                "the SMTP sink received no message #{n}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        serde_json::from_str(&std::fs::read_to_string(&path).expect("read summary"))
            .expect("summary is JSON")
    }

    fn received(&self) -> usize {
        std::fs::read_dir(&self.dir).map_or(0, |d| {
            d.filter_map(Result::ok)
                .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
                .count()
        })
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn smtp_config(port: u16, credentials: Option<(&str, &str)>) -> Config {
    let mut config = Config::from_env().expect("config");
    config.mail_transport = MailTransport::Smtp;
    config.smtp.host = Some("127.0.0.1".into());
    config.smtp.port = port;
    config.smtp.tls = SmtpTls::None;
    config.smtp.username = credentials.map(|(u, _)| u.to_owned());
    config.smtp.password = credentials.map(|(_, p)| Secret::new(p));
    config.mail_from = "Cool Tracker <no-reply@cooltracker.example>".into();
    config.operator_name = "Cool Tracker Ltd.".into();
    config.support_email = "support@cooltracker.example".into();
    config
}

async fn smtp_mailer(config: &Config) -> Mailer {
    // The SMTP transport never touches the database; the constructor takes one for the outbox.
    let db = Database::connect("sqlite::memory:")
        .await
        .expect("sqlite memory");
    let mailer = Mailer::from_config(config, db).expect("mailer");
    assert_eq!(mailer.name(), "smtp");
    mailer
}

fn header<'a>(summary: &'a serde_json::Value, name: &str) -> &'a str {
    summary["headers"][name][0]
        .as_str()
        .unwrap_or_else(|| panic!("no {name} header in {summary:#}"))
}

#[tokio::test]
async fn the_reset_code_mail_arrives_over_smtp_as_text_and_html() {
    let sink = SmtpSink::start(None);
    let config = smtp_config(sink.port, None);
    let mailer = smtp_mailer(&config).await;
    let brand = templates::Brand::from_config(&config);
    let mail = templates::reset_code(Locale::Id, "budi@contoh.test", "482913", 15, &brand);
    mailer.send(mail).await.expect("sent");

    let got = sink.message(1);
    assert_eq!(
        got["mail_from"], "no-reply@cooltracker.example",
        "envelope sender"
    );
    assert_eq!(
        got["rcpt_tos"],
        serde_json::json!(["budi@contoh.test"]),
        "envelope recipients"
    );
    assert_eq!(
        header(&got, "from"),
        "Cool Tracker <no-reply@cooltracker.example>"
    );
    assert_eq!(header(&got, "to"), "budi@contoh.test");
    assert_eq!(
        header(&got, "subject"),
        t_args(
            Locale::Id,
            Key::MailResetSubject,
            &[("site", "Cool Tracker")]
        )
    );
    assert_eq!(
        header(&got, "subject"),
        "Kode atur ulang kata sandi Cool Tracker Anda"
    );
    assert!(!header(&got, "date").is_empty());
    let message_id = header(&got, "message-id");
    assert!(
        message_id.starts_with('<') && message_id.ends_with("@cooltracker.example>"),
        "{message_id}"
    );
    assert_eq!(header(&got, "mime-version"), "1.0");
    assert_eq!(got["content_type"], "multipart/alternative");
    assert_eq!(
        got["parts"],
        serde_json::json!(["multipart/alternative", "text/plain", "text/html"])
    );

    let text = got["text"].as_str().expect("a text/plain part");
    let html = got["html"].as_str().expect("a text/html part");
    for (part, body) in [("text", text), ("html", html)] {
        assert!(body.contains("482913"), "{part} lacks the code");
        assert!(
            body.contains("support@cooltracker.example"),
            "{part} lacks the support address"
        );
        assert!(
            body.contains("Kode ini kedaluwarsa dalam 15 menit."),
            "{part} lacks the expiry"
        );
        assert!(
            body.contains("Cool Tracker Ltd."),
            "{part} lacks the operator"
        );
    }
    assert!(html.contains(r#"<html lang="id">"#));
    assert!(!text.contains('<'), "the text part carries no markup");
}

#[tokio::test]
async fn smtp_auth_uses_the_configured_credentials() {
    let sink = SmtpSink::start(Some("mailer:s3cret-pw"));
    let config = smtp_config(sink.port, Some(("mailer", "s3cret-pw")));
    assert!(
        !format!("{config:?}").contains("s3cret-pw"),
        "Config's Debug output shows the password"
    );
    let brand = templates::Brand::from_config(&config);
    smtp_mailer(&config)
        .await
        .send(templates::reset_code(
            Locale::En,
            "ann@example.test",
            "111222",
            10,
            &brand,
        ))
        .await
        .expect("sent with AUTH");
    assert_eq!(sink.message(1)["auth_login"], "mailer");

    let wrong = smtp_config(sink.port, Some(("mailer", "wrong-pw")));
    let error = smtp_mailer(&wrong)
        .await
        .send(templates::reset_code(
            Locale::En,
            "ann@example.test",
            "333444",
            10,
            &brand,
        ))
        .await
        .expect_err("a wrong password is refused");
    assert!(
        matches!(
            error,
            MailError::Smtp {
                kind: "permanent",
                ..
            }
        ),
        "{error:?}"
    );
    assert!(
        !error.to_string().contains("wrong-pw"),
        "the error shows the password: {error}"
    );
    assert_eq!(sink.received(), 1, "nothing delivered without AUTH");
}

#[tokio::test]
async fn an_unreachable_relay_is_a_transient_error() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .expect("bind")
        .local_addr()
        .expect("addr")
        .port();
    // The listener is dropped: nothing answers on `port` now.
    let config = smtp_config(port, None);
    let brand = templates::Brand::from_config(&config);
    let error = smtp_mailer(&config)
        .await
        .send(templates::reset_code(
            Locale::En,
            "ann@example.test",
            "1",
            10,
            &brand,
        ))
        .await
        .expect_err("nobody listens");
    assert!(error.is_transient(), "{error:?}");
}

#[tokio::test]
async fn the_outbox_keeps_mail_and_serves_it_to_developers() {
    for app in TestApp::all().await {
        let backend = app.backend;
        assert_eq!(app.state.mailer.name(), "outbox");
        let brand = templates::Brand::from_config(&app.state.config);
        let send = |to: &str, code: &str| {
            app.state
                .mailer
                .send(templates::reset_code(Locale::Zh, to, code, 15, &brand))
        };
        send("Wei@Example.test", "100001").await.expect("kept");
        send("wei@example.test", "100002").await.expect("kept");
        send("other@example.test", "999999").await.expect("kept");

        let res = app
            .get("/dev/outbox.json?to=wei%40example.test&channel=email")
            .await;
        assert_eq!(res.status, 200, "{backend:?}");
        assert_eq!(res.header("cache-control"), Some("no-store"));
        let rows = res.json();
        let rows = rows.as_array().expect("array");
        assert_eq!(
            rows.len(),
            2,
            "{backend:?}: only that recipient, any case: {rows:#?}"
        );
        assert!(
            rows[0]["body_text"].as_str().unwrap().contains("100002"),
            "{backend:?}: newest first"
        );
        assert!(rows[1]["body_text"].as_str().unwrap().contains("100001"));
        assert_eq!(rows[0]["channel"], "email");
        assert_eq!(rows[0]["recipient"], "wei@example.test");
        assert_eq!(rows[0]["subject"], "您的 Cool Tracker 密码重置验证码");
        assert!(rows[0]["body_html"].as_str().unwrap().contains("100002"));
        assert!(rows[0]["created_at"].as_i64().unwrap() > 0);
        assert!(rows[0]["id"].as_i64().is_some());

        assert_eq!(
            app.get("/dev/outbox.json?channel=sms").await.json(),
            serde_json::json!([]),
            "{backend:?}"
        );
        assert_eq!(
            app.get("/dev/outbox.json")
                .await
                .json()
                .as_array()
                .unwrap()
                .len(),
            3
        );

        let page = app.get("/dev/outbox").await;
        assert_eq!(page.status, 200, "{backend:?}");
        assert!(page
            .header("content-type")
            .unwrap()
            .starts_with("text/html"));
        assert!(page.body.contains("wei@example.test") && page.body.contains("999999"));
        assert!(page.body.contains("您的 Cool Tracker 密码重置验证码"));
        assert!(
            !page.body.contains("<script"),
            "stored HTML is shown escaped in a sandboxed frame"
        );

        let bad = app
            .state
            .mailer
            .send(templates::reset_code(
                Locale::En,
                "not an address",
                "1",
                15,
                &brand,
            ))
            .await;
        assert!(
            matches!(bad, Err(MailError::InvalidRecipient)),
            "{backend:?}: {bad:?}"
        );
    }
}

#[tokio::test]
async fn developer_pages_do_not_exist_without_dev_tools() {
    for app in TestApp::all_configured(|config| config.dev_tools = false).await {
        for uri in [
            "/dev/outbox",
            "/dev/outbox.json",
            "/dev/outbox.json?to=a%40b.c",
        ] {
            let res = app.get(uri).await;
            assert_eq!(res.status, 404, "{:?} {uri}", app.backend);
            assert!(
                res.body.contains("This page could not be found"),
                "{uri} is the ordinary 404 page"
            );
        }
    }
}
