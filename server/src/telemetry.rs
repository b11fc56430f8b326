//! Structured logs: human-readable by default, JSON lines when `LOG_FORMAT=json`.
use tracing_subscriber::{fmt, prelude::*, EnvFilter};

/// Installs the global subscriber; `RUST_LOG` filters (default `info`).
pub fn init(format: &str) {
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,sea_orm=warn"));
    let registry = tracing_subscriber::registry().with(filter);
    if format == "json" {
        registry
            .with(fmt::layer().json().flatten_event(true))
            .init();
    } else {
        registry.with(fmt::layer().compact()).init();
    }
}
