//! Developer pages: off unless asked for, and never started next to a real
//! provider or on a public address.
use crate::util::TestApp;
use server::config::{Config, MailTransport, SmsProvider};

fn local_config() -> Config {
    let mut config = Config::from_vars(&|_| None).expect("defaults");
    config.database_url = format!(
        "sqlite://{}/app.db?mode=rwc",
        crate::util::scratch_dir().display()
    );
    config.bind_addr = "127.0.0.1:0".parse().unwrap();
    config.dev_tools = true;
    config
}

async fn refusal(configure: impl FnOnce(&mut Config)) -> String {
    let mut config = local_config();
    configure(&mut config);
    match server::startup::Application::build(config, app::views()).await {
        Ok(_) => panic!("started with unsafe developer pages"),
        Err(e) => format!("{e:#}"),
    }
}

#[tokio::test]
async fn the_server_refuses_developer_pages_with_twilio() {
    let message = refusal(|c| {
        c.sms_provider = SmsProvider::Twilio;
        c.twilio.account_sid = Some("AC1".into());
    })
    .await;
    assert!(
        message.contains("DEV_TOOLS=true") && message.contains("SMS_PROVIDER=twilio"),
        "{message}"
    );
}

#[tokio::test]
async fn the_server_refuses_developer_pages_with_smtp() {
    let message = refusal(|c| c.mail_transport = MailTransport::Smtp).await;
    assert!(message.contains("MAIL_TRANSPORT=smtp"), "{message}");
}

#[tokio::test]
async fn the_server_refuses_developer_pages_on_a_public_address() {
    let message = refusal(|c| {
        c.bind_addr = "0.0.0.0:0".parse().unwrap();
        c.payments.allow_public_sandbox = true;
    })
    .await;
    assert!(
        message.contains("DEV_TOOLS=true") && message.contains("BIND_ADDR=0.0.0.0:0"),
        "{message}"
    );
}

#[tokio::test]
async fn the_server_refuses_the_payment_sandbox_on_a_public_address() {
    let message = refusal(|c| {
        c.bind_addr = "0.0.0.0:0".parse().unwrap();
        c.dev_tools = false;
    })
    .await;
    assert!(
        message.contains("PAYMENT_PROVIDER=sandbox") && message.contains("ALLOW_PUBLIC_SANDBOX"),
        "{message}"
    );
}

#[tokio::test]
async fn the_server_starts_with_developer_pages_on_loopback() {
    assert!(
        server::startup::Application::build(local_config(), app::views())
            .await
            .is_ok()
    );
}

#[tokio::test]
async fn developer_pages_are_404_with_the_default_configuration() {
    let defaults = Config::from_vars(&|_| None).expect("defaults");
    assert!(!defaults.dev_tools);
    for app in TestApp::all_configured(|c| c.dev_tools = defaults.dev_tools).await {
        for path in ["/dev/outbox", "/dev/outbox.json?to=a%40b.co&channel=email"] {
            assert_eq!(app.get(path).await.status, 404, "{:?} {path}", app.backend);
        }
    }
}
