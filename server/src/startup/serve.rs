//! Serving: the bound listener, the background workers, and the orderly
//! shutdown that hands back unfinished work.
use super::{build_router, build_state};
use crate::{config::Config, http};
use anyhow::{Context as _, Result};
use axum::Router;
use std::{future::IntoFuture as _, sync::Arc, time::Duration};
use tokio::net::TcpListener;

/// A bound, ready-to-serve application.
pub struct Application {
    listener: TcpListener,
    router: Router,
    chat: Arc<crate::services::help_chat::live::ChatHub>,
    locate_live: Arc<crate::services::live_feed::LiveHub>,
    workers: Vec<tokio::task::JoinHandle<()>>,
    stop: crate::services::workers::Stop,
    db: sea_orm::DatabaseConnection,
    grace: Duration,
}

impl Application {
    /// Prepares state, starts the background workers and binds the listener;
    /// pages are rendered by `views` (`app::views()`).
    ///
    /// # Errors
    /// Unsafe settings ([`Config::check_safe`]; checked here too because a
    /// `Config` may be built by hand), database failures, an address in use.
    pub async fn build(config: Config, views: app_core::views::Views) -> Result<Self> {
        config.check_safe().context("refusing to start")?;
        let addr = config.bind_addr;
        crate::services::workers::set_lease_override(config.workers.lease);
        let state = build_state(config, views).await?;
        let listener = TcpListener::bind(addr)
            .await
            .with_context(|| format!("binding {addr}"))?;
        let workers = crate::jobs::spawn(&state);
        tracing::info!(%addr, "listening");
        Ok(Application {
            listener,
            chat: state.chat.clone(),
            locate_live: state.locate_live.clone(),
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
        let locate_live = self.locate_live.clone();
        let serve = axum::serve(self.listener, service).with_graceful_shutdown(async move {
            tokio::select! {
                () = shutdown_signal() => {}
                () = stop.wait() => {}
            }
            stop.request();
            // Open live streams would hold the drain forever.
            chat.shut_down();
            locate_live.shut_down();
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
    match super::hand_back::hand_back(db, &held, crate::clock::now_ms()).await {
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
