//! `server`: starts the site (SSR + API) with config from the environment,
//! or runs an operator command (`server user create …`, see `cli`).
use anyhow::Context as _;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let config = server::config::Config::from_env().context("reading configuration")?;
    let args: Vec<String> = std::env::args().skip(1).collect();
    if server::cli::run(&args, &config).await? {
        return Ok(());
    }
    server::telemetry::init(&config.log_format);
    let app = server::startup::Application::build(config).await?;
    app.run_until_stopped().await
}
