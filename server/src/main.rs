//! `server`: starts the site (SSR + API) with config from the environment.
use anyhow::Context as _;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let config = server::config::Config::from_env().context("reading configuration")?;
    server::telemetry::init(&config.log_format);
    let app = server::startup::Application::build(config).await?;
    app.run_until_stopped().await
}
