//! Two server processes on one fresh PostgreSQL database behind a
//! round-robin proxy: what one instance starts, the other sees; every job
//! runs once although both instances' workers look for it; a `kill -9`
//! of an instance in the middle of an SMS, a mail, a call, a conversion
//! event or a renewal charge, or before a retention sweep, loses nothing and
//! doubles nothing; SIGTERM ends an instance within its grace period and the
//! other finishes what it held. Runs when
//! `TEST_DATABASE_URL` names a PostgreSQL server (CI), else it is skipped.
mod cluster;
mod fake_calls;
mod fake_meta;
mod fake_smtp;
mod fake_twilio;
mod job_scenes;
mod live_scenes;
mod scenes;
mod sweep_scenes;
mod worker_scenes;

use cluster::{Instance, Proxy};
use fake_meta::FakeMeta;
use fake_smtp::FakeSmtp;
use fake_twilio::FakeTwilio;
use sea_orm::{ConnectionTrait as _, Database, DatabaseConnection};
use std::time::Duration;

/// The shutdown grace the instances get.
const GRACE_SECS: u64 = 2;
/// Leases of claimed work: longer than the grace, so a send cut off by
/// SIGTERM is provably handed back, not taken over when its lease ends;
/// short enough that work held by a killed instance is freed within seconds.
const LEASE_SECS: u64 = 8;

/// A fresh database on the server of `base`.
async fn fresh_database(base: &str) -> String {
    let admin = Database::connect(base)
        .await
        .expect("TEST_DATABASE_URL reachable");
    let name = format!(
        "ct_it_instances_{}_{}",
        std::process::id(),
        server::clock::now_ms()
    );
    admin
        .execute_unprepared(&format!("CREATE DATABASE {name}"))
        .await
        .expect("create the test database");
    let (prefix, _) = base.rsplit_once('/').expect("URL has a database name");
    format!("{prefix}/{name}")
}

/// Where the instances find the database, each other and the fakes.
#[derive(Clone)]
struct Shared {
    database_url: String,
    proxy: String,
    twilio: String,
    smtp_port: u16,
    meta: String,
    site: std::path::PathBuf,
}

/// What every instance shares (a real deployment sets the same keys on
/// every server), and what makes each one distinguishable at the fakes
/// (its own Twilio account SID and Meta token).
fn environment(name: &str, shared: &Shared, meta_token: String) -> Vec<(String, String)> {
    let vars = [
        ("DATABASE_URL", shared.database_url.clone()),
        ("DB_MAX_CONNECTIONS", "5".to_owned()),
        ("PUBLIC_BASE_URL", shared.proxy.clone()),
        ("SITE_ROOT", shared.site.display().to_string()),
        (
            "PUBLIC_DIR",
            concat!(env!("CARGO_MANIFEST_DIR"), "/../../public").to_owned(),
        ),
        ("GEOIP_DB_PATH", String::new()),
        ("SMS_PROVIDER", "twilio".to_owned()),
        ("TWILIO_API_BASE", shared.twilio.clone()),
        ("TWILIO_ACCOUNT_SID", format!("AC{name}")),
        ("TWILIO_AUTH_TOKEN", fake_twilio::TOKEN.to_owned()),
        ("TWILIO_FROM", "+15005550006".to_owned()),
        ("CALL_PROVIDER", "twilio".to_owned()),
        ("TWILIO_VOICE_FROM", "+15005550006".to_owned()),
        ("META_PIXEL_ID", fake_meta::PIXEL.to_owned()),
        ("META_ACCESS_TOKEN", meta_token),
        ("META_GRAPH_URL", shared.meta.clone()),
        ("MAIL_TRANSPORT", "smtp".to_owned()),
        ("SMTP_HOST", "127.0.0.1".to_owned()),
        ("SMTP_PORT", shared.smtp_port.to_string()),
        ("SMTP_TLS", "none".to_owned()),
        ("MAIL_FROM", format!("{name}@ct.test")),
        ("VOICE_QUIET_HOURS", "0-0".to_owned()),
        ("SPEECH_WORKERS", "1".to_owned()),
        ("SANDBOX_WEBHOOK_SECRET", "shared-sandbox-secret".to_owned()),
        ("VOICE_URL_KEY", "shared-voice-key".to_owned()),
        ("IP_HASH_KEY", "shared-ip-key".to_owned()),
        ("LOCATE_CAP_REQUESTER_DAY", "100".to_owned()),
        ("HASH_QUEUE_WAIT_MS", "30000".to_owned()),
        ("WORKER_POLL_MS", "300".to_owned()),
        ("WORKER_LEASE_SECS", LEASE_SECS.to_string()),
        ("SHUTDOWN_GRACE_SECS", GRACE_SECS.to_string()),
    ];
    vars.into_iter().map(|(k, v)| (k.to_owned(), v)).collect()
}

/// The environment variables of the instance of a name.
type InstanceEnv = dyn Fn(&str) -> Vec<(String, String)> + Send + Sync;

pub struct Cluster {
    pub db: DatabaseConnection,
    pub proxy: Proxy,
    pub twilio: FakeTwilio,
    /// The mail receiver; each instance sends from its own address.
    pub smtp: FakeSmtp,
    /// The Conversions API; each instance sends with its own token.
    pub meta: FakeMeta,
    /// A client that opens a new connection per request, so the proxy
    /// spreads requests over the instances.
    pub web: reqwest::Client,
    env: Box<InstanceEnv>,
}

impl Cluster {
    pub async fn start_instance(&self, name: &str) -> Instance {
        self.start_instance_with(name, &[]).await
    }

    /// An instance with `extra` variables besides the shared ones.
    pub async fn start_instance_with(&self, name: &str, extra: &[(&str, &str)]) -> Instance {
        let mut env = (self.env)(name);
        env.extend(
            extra
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned())),
        );
        Instance::start(name, &env).await
    }

    /// The instance whose Meta token is `token`.
    pub fn meta_sender(&self, token: &str) -> String {
        ["a", "b", "c"]
            .into_iter()
            .find(|name| self.meta.token_for(name) == token)
            .expect("a known instance's token")
            .to_owned()
    }

    pub fn api(&self, path: &str) -> String {
        format!("{}/api_f/v1{path}", self.proxy.url())
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_instances_share_one_database_and_do_every_job_once() {
    let Some(base) = std::env::var("TEST_DATABASE_URL")
        .ok()
        .filter(|u| u.starts_with("postgres"))
    else {
        eprintln!("skipped: TEST_DATABASE_URL does not name a PostgreSQL server");
        return;
    };
    let url = fresh_database(&base).await;
    let (twilio, twilio_origin) = FakeTwilio::start().await;
    let (smtp, smtp_port) = FakeSmtp::start().await;
    let (meta, meta_origin) = FakeMeta::start().await;
    let proxy = Proxy::start().await;
    let site = std::env::temp_dir().join(format!("ct-instances-{}", std::process::id()));
    std::fs::create_dir_all(&site).unwrap();
    let shared = Shared {
        database_url: url.clone(),
        proxy: proxy.url(),
        twilio: twilio_origin,
        smtp_port,
        meta: meta_origin,
        site,
    };
    let env = {
        let meta = meta.clone();
        move |name: &str| environment(name, &shared, meta.token_for(name))
    };
    let web = reqwest::Client::builder()
        .pool_max_idle_per_host(0)
        .redirect(reqwest::redirect::Policy::none())
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap();
    let cluster = Cluster {
        db: Database::connect(&url).await.unwrap(),
        proxy,
        twilio,
        smtp,
        meta,
        web,
        env: Box::new(env),
    };
    // Both start at once on the empty database: migrations and seed rows take turns.
    let (a, b) = tokio::join!(cluster.start_instance("a"), cluster.start_instance("b"));
    cluster.proxy.set_backends(&[a.addr, b.addr]);

    let member = scenes::sessions_work_on_both(&cluster, &a, &b).await;
    scenes::a_locate_request_texts_once(&cluster, &member).await;
    live_scenes::a_live_session_crosses_instances(&cluster, &member, &a, &b).await;
    scenes::a_burst_passes_exactly_the_cap(&cluster, &member).await;
    scenes::a_payment_is_applied_once_and_renewed_once(&cluster).await;
    scenes::a_voice_message_rings_once(&cluster, &member).await;
    let (a, b) = job_scenes::kill_9_mid_mail_delivers_it_once(&cluster, a, b).await;
    let (a, b) = worker_scenes::kill_9_mid_call_places_it_once(&cluster, &member, a, b).await;
    let (a, b) = worker_scenes::kill_9_mid_event_sends_it_again(&cluster, a, b).await;
    sweep_scenes::kill_9_mid_renewal_charges_once(&cluster, &a, &b).await;
    let (a, b) = sweep_scenes::kill_9_before_a_sweep_loses_nothing(&cluster, a, b).await;
    let c = scenes::kill_9_loses_and_doubles_nothing(&cluster, &member, a, &b).await;
    scenes::sigterm_hands_back_within_the_grace(
        &cluster,
        &member,
        b,
        c,
        Duration::from_secs(GRACE_SECS),
    )
    .await;
}
