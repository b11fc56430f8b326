//! The process's entry point behind the `server` binary: a speech worker,
//! an operator command (`server user create …`, see `crate::cli`) or the
//! site. It lives in the library, runtime included, so the binary holds no
//! future of its own: a future's drop glue pulls the whole HTTP stack's
//! generic code into the crate that owns it, and the binary is rebuilt and
//! linked after every page edit.
use super::Application;
use anyhow::{Context as _, Result};
use app_core::views::Views;

/// Runs the process to its end on a multi-threaded Tokio runtime.
///
/// # Errors
/// Configuration, start-up or serving failures, and a failed command.
pub fn run(views: Views) -> Result<()> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?
        .block_on(serve_or_command(views))
}

async fn serve_or_command(views: Views) -> Result<()> {
    // A speech worker of the pool: no configuration, no server, just stdio.
    if std::env::args().nth(1).as_deref() == Some("speech-worker") {
        return crate::speech::worker::run_stdio()
            .map_err(|e| anyhow::anyhow!("speech worker: {e}"));
    }
    let config = crate::config::Config::from_env().context("reading configuration")?;
    let args: Vec<String> = std::env::args().skip(1).collect();
    if crate::cli::run(&args, &config).await? {
        return Ok(());
    }
    crate::telemetry::init(&config.log_format);
    let app = Application::build(config, views).await?;
    app.run_until_stopped().await
}
