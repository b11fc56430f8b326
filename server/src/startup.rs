//! Assembling the application: database, state, router, listener, shutdown.
use crate::{config::Config, http, persistence, state::AppState, web};
use anyhow::{Context as _, Result};
use app::config::PublicConfig;
use axum::http::HeaderName;
use axum::{middleware, routing::get, Router};
use std::{future::IntoFuture as _, sync::Arc, time::Duration};
use tokio::net::TcpListener;
use tower_http::{
    catch_panic::CatchPanicLayer,
    compression::{CompressionLayer, CompressionLevel},
    request_id::{PropagateRequestIdLayer, SetRequestIdLayer},
    timeout::TimeoutLayer,
    trace::TraceLayer,
};

/// Requests time out after 30 s.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// Connects, migrates and seeds; instances starting together take turns.
async fn prepare_database(config: &Config) -> Result<sea_orm::DatabaseConnection> {
    let lock = persistence::startup_lock::StartupLock::acquire(&config.database_url).await?;
    let db =
        persistence::connect_and_migrate(&config.database_url, config.db_max_connections).await?;
    if config.seed_data {
        persistence::seed::apply(&db, crate::clock::now_ms())
            .await
            .context("applying seed data")?;
    }
    crate::services::words::seed(&db, &app::i18n::Key::ALL)
        .await
        .context("storing texts")?;
    lock.release().await;
    Ok(db)
}

/// Builds the state: connects, migrates, seeds, loads the asset manifest.
///
/// # Errors
/// Database or migration failures.
pub async fn build_state(config: Config) -> Result<AppState> {
    let db = prepare_database(&config).await?;
    let geoip = match &config.geoip_db_path {
        Some(path) => Some(Arc::new(
            maxminddb::Reader::open_readfile(path)
                .with_context(|| format!("opening {}", path.display()))?,
        )),
        None => None,
    };
    let phone_data = crate::domain::phone_data::PhoneData::global();
    let mailer = Arc::new(
        crate::mail::Mailer::from_config(&config, db.clone()).context("setting up e-mail")?,
    );
    tracing::info!(transport = mailer.name(), "mail ready");
    let sms = Arc::new(
        crate::sms::SmsSender::from_config(&config, db.clone()).context("setting up SMS")?,
    );
    tracing::info!(provider = sms.name(), "sms ready");
    if config.dev_tools {
        tracing::warn!(
            "DEV_TOOLS is on: /dev/outbox shows every kept message; never enable it in production"
        );
    }
    let public = PublicConfig {
        base_url: config.public_base_url.clone(),
        support_email: config.support_email.clone(),
        map_tile_url: config.map_tile_url.clone(),
        assets: web::load_manifest(&config.site_root),
        meta_pixel_id: config.meta.pixel_id.clone().unwrap_or_default(),
    };
    let meta = crate::meta::MetaClient::from_settings(&config.meta).map(Arc::new);
    let wakers = crate::services::Wakers::default();
    let render_slots = Arc::new(tokio::sync::Semaphore::new(
        config.render_concurrency.max(1),
    ));
    let gateways = Arc::new(crate::payments::setup::gateways(&config, &db)?);
    let speech = Arc::new(crate::speech::Speech::start(&config.speech).unwrap_or_else(|e| {
        tracing::warn!(error = %e, "speech synthesis is unavailable: voice previews and calls answer 503");
        crate::speech::Speech::unavailable()
    }));
    let calls = Arc::new(crate::calls::CallPlacer::from_config(&config, db.clone())?);
    let streams = |n: i32| usize::try_from(n).unwrap_or(1);
    let bounds = crate::services::help_chat::live::StreamBounds {
        total: streams(config.chat.max_streams),
        per_conversation: streams(config.chat.streams_per_conversation),
        per_address: streams(config.chat.streams_per_address),
    };
    let chat =
        crate::services::help_chat::live::ChatHub::new(db.clone(), bounds, wakers.chat.clone());
    Ok(AppState {
        db,
        config: Arc::new(config),
        public: Arc::new(public),
        phone_data,
        geoip,
        mailer,
        sms,
        wakers,
        gateways,
        speech,
        calls,
        chat,
        meta,
        render_slots,
        number_facts: Arc::default(),
        plans: Arc::default(),
        page_cache: Arc::default(),
    })
}

/// The complete router: API, health, static files, developer pages when
/// `DEV_TOOLS` is on, then pages for everything else.
pub fn build_router(state: AppState) -> Router {
    // Leptos resources spawn onto the global executor; already set is fine.
    let _ = any_spawner::Executor::init_tokio();
    let static_files = web::static_router(&state.config);
    let headers = Arc::new(web::SecurityHeaders::from_config(&state.config));
    let mut routes = Router::new()
        .merge(http::api_router())
        .merge(http::twilio_router())
        .merge(http::calls_router())
        .merge(web::sandbox_router(&state))
        .merge(web::claim_router())
        .merge(web::seo_router())
        .route("/healthz", get(http::healthz))
        .route("/health", get(http::health))
        .route("/ready", get(http::ready))
        .route("/metrics", get(http::metrics))
        .route_layer(middleware::from_fn(http::label_route));
    if state.config.dev_tools {
        // Off: the paths fall through to the page renderer's 404 like any unknown URL.
        routes = routes
            .merge(web::dev_router())
            .merge(web::dev_calls_router());
    }
    let page_api = web::PageApi::new(state.clone());
    routes
        .fallback(web::page_request)
        .with_state(state)
        .layer(axum::Extension(page_api))
        .merge(static_files)
        .layer(middleware::from_fn(web::locale_slash_redirect))
        // On the fly (pages rendered per visitor, API answers): level 3
        // costs less than half of brotli's usual 4 for ~5% more bytes on
        // a page. Shared pages come compressed already (`web::page_br`).
        .layer(
            CompressionLayer::new()
                .br(true)
                .gzip(true)
                .quality(CompressionLevel::Precise(3)),
        )
        .layer(TimeoutLayer::with_status_code(
            axum::http::StatusCode::REQUEST_TIMEOUT,
            REQUEST_TIMEOUT,
        ))
        .layer(middleware::from_fn(http::envelope_rejections))
        .layer(TraceLayer::new_for_http().make_span_with(http::request_span))
        .layer(CatchPanicLayer::custom(internal_error))
        .layer(middleware::from_fn(http::observe))
        // The id is set before the trace span opens and echoed in the response.
        .layer(PropagateRequestIdLayer::new(HeaderName::from_static(
            http::REQUEST_ID,
        )))
        .layer(SetRequestIdLayer::new(
            HeaderName::from_static(http::REQUEST_ID),
            http::MakeRequestId,
        ))
        // Outermost: panics, time-outs and redirects get the headers too.
        .layer(middleware::from_fn_with_state(
            headers,
            web::security_headers,
        ))
}

/// A panic is a bug: log it, answer a plain 500 without internals.
fn internal_error(_: Box<dyn std::any::Any + Send + 'static>) -> axum::response::Response {
    use axum::response::IntoResponse as _;
    tracing::error!("request handler panicked");
    let body = app::api::Envelope::<()>::error(app::i18n::t(
        app::i18n::Locale::En,
        app::i18n::Key::ErrorGeneric,
    ));
    (
        axum::http::StatusCode::INTERNAL_SERVER_ERROR,
        axum::Json(body),
    )
        .into_response()
}

/// A bound, ready-to-serve application.
pub struct Application {
    listener: TcpListener,
    router: Router,
    chat: Arc<crate::services::help_chat::live::ChatHub>,
    workers: Vec<tokio::task::JoinHandle<()>>,
    stop: crate::services::workers::Stop,
    db: sea_orm::DatabaseConnection,
    grace: Duration,
}

impl Application {
    /// Prepares state, starts the background workers and binds the listener.
    ///
    /// # Errors
    /// Unsafe settings ([`Config::check_safe`]; checked here too because a
    /// `Config` may be built by hand), database failures, an address in use.
    pub async fn build(config: Config) -> Result<Self> {
        config.check_safe().context("refusing to start")?;
        let addr = config.bind_addr;
        crate::services::workers::set_lease_override(config.workers.lease);
        let state = build_state(config).await?;
        let listener = TcpListener::bind(addr)
            .await
            .with_context(|| format!("binding {addr}"))?;
        let workers = crate::jobs::spawn(&state);
        tracing::info!(%addr, "listening");
        Ok(Application {
            listener,
            chat: state.chat.clone(),
            stop: state.wakers.stop.clone(),
            db: state.db.clone(),
            grace: state.config.workers.shutdown_grace,
            workers,
            router: build_router(state),
        })
    }

    /// Serves until SIGINT/SIGTERM. Then `/ready` answers 503, the workers
    /// stop claiming, and requests and held work get `SHUTDOWN_GRACE_SECS`
    /// to finish; what is still held after it is handed back so another
    /// instance takes it at once.
    ///
    /// # Errors
    /// I/O errors of the listener.
    pub async fn run_until_stopped(self) -> Result<()> {
        let service = self
            .router
            .into_make_service_with_connect_info::<std::net::SocketAddr>();
        let (stop, chat) = (self.stop.clone(), self.chat.clone());
        let serve = axum::serve(self.listener, service).with_graceful_shutdown(async move {
            tokio::select! {
                () = shutdown_signal() => {}
                () = stop.wait() => {}
            }
            stop.request();
            // Open chat streams would hold the drain forever.
            chat.shut_down();
        });
        let mut serving = tokio::spawn(serve.into_future());
        let mut served = tokio::select! {
            result = &mut serving => Some(result),
            () = self.stop.wait() => None,
        };
        self.stop.request();
        let deadline = tokio::time::Instant::now() + self.grace;
        let mut workers = self.workers;
        let drained = tokio::time::timeout_at(deadline, async {
            if served.is_none() {
                served = Some((&mut serving).await);
            }
            // Finished ones leave the list: a task is awaited only once.
            while let Some(worker) = workers.first_mut() {
                let _ = worker.await;
                workers.remove(0);
            }
        })
        .await;
        if drained.is_err() {
            tracing::warn!(grace = ?self.grace, "grace period over: handing back unfinished work");
        }
        serving.abort();
        hand_back(&self.stop, &self.db, workers).await;
        tracing::info!("stopped");
        match served {
            Some(Ok(result)) => result.context("serving"),
            Some(Err(_)) | None => Ok(()),
        }
    }
}

/// Cancels the workers still running and hands back what they held.
async fn hand_back(
    stop: &crate::services::workers::Stop,
    db: &sea_orm::DatabaseConnection,
    workers: Vec<tokio::task::JoinHandle<()>>,
) {
    stop.freeze();
    for worker in &workers {
        worker.abort();
    }
    for worker in workers {
        let _ = worker.await;
    }
    let held = stop.held();
    if held.is_empty() {
        return;
    }
    match crate::services::workers::hand_back(db, &held, crate::clock::now_ms()).await {
        Ok(moved) => tracing::info!(held = held.len(), moved, "unfinished work handed back"),
        Err(e) => tracing::error!(error = %e, "handing back unfinished work failed"),
    }
}

async fn shutdown_signal() {
    let ctrl_c = async {
        if let Err(e) = tokio::signal::ctrl_c().await {
            tracing::error!(error = %e, "cannot listen for ctrl-c");
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(e) => tracing::error!(error = %e, "cannot listen for SIGTERM"),
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    http::start_draining();
    tracing::info!("shutdown signal received, draining connections");
}
