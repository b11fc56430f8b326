//! `server`: starts the site (SSR + API) with config from the environment,
//! or runs an operator command (`server user create …`, see `cli`).
use anyhow::Context as _;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    // A speech worker of the pool: no configuration, no server, just stdio.
    if std::env::args().nth(1).as_deref() == Some("speech-worker") {
        return server::speech::worker::run_stdio()
            .map_err(|e| anyhow::anyhow!("speech worker: {e}"));
    }
    let config = server::config::Config::from_env().context("reading configuration")?;
    let args: Vec<String> = std::env::args().skip(1).collect();
    if server::cli::run(&args, &config).await? {
        return Ok(());
    }
    server::telemetry::init(&config.log_format);
    let app = server::startup::Application::build(config).await?;
    app.run_until_stopped().await
}
