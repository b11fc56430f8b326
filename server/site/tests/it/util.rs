//! `TestApp`: the real router over a fresh database per test, and request helpers.
use axum::{body::Body, http::Request, Router};
use http_body_util::BodyExt as _;
use sea_orm::{ConnectionTrait as _, Database};
use server::{config::Config, state::AppState};
use std::{
    path::PathBuf,
    sync::atomic::{AtomicU32, Ordering},
};
use tower::ServiceExt as _;

static COUNTER: AtomicU32 = AtomicU32::new(0);

/// Which database a test ran on, for failure messages.
#[derive(Clone, Copy, Debug)]
pub enum Backend {
    Sqlite,
    Postgres,
}

pub struct TestApp {
    pub backend: Backend,
    pub router: Router,
    /// The app's database, for arranging rows and checking what was stored.
    pub db: sea_orm::DatabaseConnection,
    /// The state behind `router` (database, mailer…), for tests that call services directly.
    pub state: AppState,
}

/// A response, read whole.
pub struct TestResponse {
    pub status: u16,
    pub headers: axum::http::HeaderMap,
    pub body: String,
}

impl TestResponse {
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }
}

fn unique(prefix: &str) -> String {
    format!(
        "{prefix}_{}_{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    )
}

fn base_config(database_url: String, site_root: PathBuf) -> Config {
    let mut config = Config::from_env().expect("config");
    config.database_url = database_url;
    config.db_max_connections = 4;
    // Tests run side by side on a loaded machine: wait for a hashing slot
    // rather than answer "busy" (the burst test sets its own wait).
    config.hash_queue_wait_ms = 60_000;
    config.seed_data = true;
    config.site_root = site_root;
    config.public_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../public");
    config.public_base_url = "https://ct.test".into();
    // Mail never leaves a test: it lands in the outbox, readable at /dev/outbox.
    config.mail_transport = server::config::MailTransport::Outbox;
    // SMS too: tests that need Twilio switch it on and point it at a fake.
    config.sms_provider = server::config::SmsProvider::Outbox;
    config.dev_tools = true;
    // The pool starts this package's server binary as its speech workers.
    config.speech.worker_exe = PathBuf::from(env!("CARGO_BIN_EXE_server"));
    config.speech.workers = 2;
    config
}

/// A scratch directory for one test (database file, fake site build).
pub fn scratch_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(unique("ct-it"));
    std::fs::create_dir_all(&dir).expect("create scratch dir");
    dir
}

impl TestApp {
    async fn build(
        backend: Backend,
        database_url: String,
        site_root: PathBuf,
        configure: &(dyn Fn(&mut Config) + Sync),
    ) -> TestApp {
        let mut config = base_config(database_url, site_root);
        configure(&mut config);
        let state = server::startup::build_state(config, app::views())
            .await
            .unwrap_or_else(|e| panic!("{backend:?}: {e:#}"));
        let db = state.db.clone();
        TestApp {
            backend,
            router: server::startup::build_router(state.clone()),
            state,
            db,
        }
    }

    /// Every backend this run can reach: SQLite always, PostgreSQL when configured.
    pub async fn all() -> Vec<TestApp> {
        Self::all_with_site(scratch_dir()).await
    }

    /// Like [`TestApp::all`], serving front-end files from `site_root`.
    pub async fn all_with_site(site_root: PathBuf) -> Vec<TestApp> {
        Self::all_built(site_root, &|_| {}).await
    }

    /// Like [`TestApp::all`], with `configure` applied to the test
    /// configuration first (e.g. `|c| c.dev_tools = false`).
    pub async fn all_configured(configure: impl Fn(&mut Config) + Sync) -> Vec<TestApp> {
        Self::all_built(scratch_dir(), &configure).await
    }

    /// An app on the PostgreSQL database `database_url` (with `configure`
    /// applied), for tests that choose the database and its roles.
    pub async fn on_postgres(
        database_url: String,
        configure: impl Fn(&mut Config) + Sync,
    ) -> TestApp {
        Self::build(Backend::Postgres, database_url, scratch_dir(), &configure).await
    }

    /// A second instance on the same database: what another server process
    /// behind the same load balancer sees.
    pub async fn another_instance(&self) -> TestApp {
        let config = (*self.state.config).clone();
        let state = server::startup::build_state(config, app::views())
            .await
            .unwrap_or_else(|e| panic!("{:?}: {e:#}", self.backend));
        let db = state.db.clone();
        TestApp {
            backend: self.backend,
            router: server::startup::build_router(state.clone()),
            state,
            db,
        }
    }

    async fn all_built(
        site_root: PathBuf,
        configure: &(dyn Fn(&mut Config) + Sync),
    ) -> Vec<TestApp> {
        let sqlite = format!("sqlite://{}/app.db?mode=rwc", scratch_dir().display());
        let mut apps =
            vec![Self::build(Backend::Sqlite, sqlite, site_root.clone(), configure).await];
        if let Some(url) = postgres_url().await {
            apps.push(Self::build(Backend::Postgres, url, site_root, configure).await);
        }
        apps
    }

    pub async fn get(&self, uri: &str) -> TestResponse {
        self.request(Request::get(uri).body(Body::empty()).unwrap())
            .await
    }

    pub async fn get_with(&self, uri: &str, headers: &[(&str, &str)]) -> TestResponse {
        let mut builder = Request::get(uri);
        for (k, v) in headers {
            builder = builder.header(*k, *v);
        }
        self.request(builder.body(Body::empty()).unwrap()).await
    }

    /// Any method, headers and a form-encoded body (`None`: no body).
    pub async fn send(
        &self,
        method: &str,
        uri: &str,
        headers: &[(&str, &str)],
        form: Option<&str>,
    ) -> TestResponse {
        let mut builder = Request::builder().method(method).uri(uri);
        for (k, v) in headers {
            builder = builder.header(*k, *v);
        }
        if form.is_some() {
            builder = builder.header("content-type", "application/x-www-form-urlencoded");
        }
        self.request(
            builder
                .body(Body::from(form.unwrap_or_default().to_owned()))
                .unwrap(),
        )
        .await
    }

    pub async fn request(&self, request: Request<Body>) -> TestResponse {
        let response = self
            .router
            .clone()
            .oneshot(request)
            .await
            .expect("infallible");
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let bytes = response
            .into_body()
            .collect()
            .await
            .expect("body")
            .to_bytes();
        TestResponse {
            status,
            headers,
            body: String::from_utf8_lossy(&bytes).into_owned(),
        }
    }
}

/// A fresh PostgreSQL database (a new schema on `TEST_DATABASE_URL`), or `None`.
pub async fn postgres_url() -> Option<String> {
    let base = std::env::var("TEST_DATABASE_URL")
        .ok()
        .filter(|u| u.starts_with("postgres"))?;
    let db = Database::connect(&base)
        .await
        .unwrap_or_else(|e| panic!("TEST_DATABASE_URL unreachable: {e}"));
    let database = unique("ct_it").to_lowercase();
    db.execute_unprepared(&format!("CREATE DATABASE {database}"))
        .await
        .expect("create test database");
    let (prefix, _) = base.rsplit_once('/').expect("URL has a database name");
    Some(format!("{prefix}/{database}"))
}
