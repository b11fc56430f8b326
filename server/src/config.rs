//! Configuration from the environment. Every variable, with its default:
//!
//! | variable          | default                                        | meaning |
//! |-------------------|------------------------------------------------|---------|
//! | `BIND_ADDR`       | `127.0.0.1:3000`                               | listen address |
//! | `DATABASE_URL`    | `sqlite://data/cool-tracker.db?mode=rwc`       | `sqlite://…` or `postgres://…` |
//! | `DB_MAX_CONNECTIONS` | `10`                                        | pool size |
//! | `SEED_DATA`       | `true`                                         | insert seed rows (price plans) on start |
//! | `PUBLIC_BASE_URL` | `http://127.0.0.1:3000`                        | origin for canonical/hreflang links |
//! | `SITE_ROOT`       | `target/site`                                  | front-end build output (scripts/build.sh) |
//! | `PUBLIC_DIR`      | `public`                                       | favicon, robots.txt |
//! | `SUPPORT_EMAIL`   | `support@cooltracker.example`                  | 24/7 support address shown to users |
//! | `MAP_TILE_URL`    | `https://tile.openstreetmap.org/{z}/{x}/{y}.png` | map tiles for the MapView widget |
//! | `GEOIP_DB_PATH`   | unset                                          | MaxMind-format country database (`.mmdb`) |
//! | `TRUST_FORWARDED_FOR` | `false`                                    | take the client IP from `X-Forwarded-For` (behind a proxy) |
//! | `DEFAULT_COUNTRY` | `US`                                           | picker preselection when nothing else is known |
//! | `LOG_FORMAT`      | `pretty`                                       | `pretty` or `json` |
//! | `RUST_LOG`        | `info`                                         | log filter |
//!
//! Secrets (none yet) stay here and never reach the WASM bundle: the browser
//! only sees [`app::config::PublicConfig`].
use anyhow::{Context as _, Result};
use std::{env, net::SocketAddr, path::PathBuf, str::FromStr};

/// The server's settings.
#[derive(Clone, Debug)]
pub struct Config {
    /// Listen address.
    pub bind_addr: SocketAddr,
    /// Database URL; the scheme picks the backend.
    pub database_url: String,
    /// Connection pool size.
    pub db_max_connections: u32,
    /// Whether seed rows are inserted on start.
    pub seed_data: bool,
    /// Public origin of the site, without trailing slash.
    pub public_base_url: String,
    /// Where the front-end build lives (`manifest.json`, `pkg/`).
    pub site_root: PathBuf,
    /// Static files served at the site root.
    pub public_dir: PathBuf,
    /// Support address shown to users.
    pub support_email: String,
    /// Map tile URL template.
    pub map_tile_url: String,
    /// MaxMind-format IP-to-country database.
    pub geoip_db_path: Option<PathBuf>,
    /// Whether `X-Forwarded-For` carries the client IP (only behind a trusted proxy).
    pub trust_forwarded_for: bool,
    /// Region preselected when neither IP nor language tells.
    pub default_country: String,
    /// `pretty` or `json`.
    pub log_format: String,
}

impl Config {
    /// Reads the configuration.
    ///
    /// # Errors
    /// When a variable is set to a value that does not parse.
    pub fn from_env() -> Result<Self> {
        Ok(Config {
            bind_addr: parsed("BIND_ADDR", "127.0.0.1:3000")?,
            database_url: var("DATABASE_URL", "sqlite://data/cool-tracker.db?mode=rwc"),
            db_max_connections: parsed("DB_MAX_CONNECTIONS", "10")?,
            seed_data: parsed("SEED_DATA", "true")?,
            public_base_url: var("PUBLIC_BASE_URL", "http://127.0.0.1:3000").trim_end_matches('/').to_owned(),
            site_root: var("SITE_ROOT", "target/site").into(),
            public_dir: var("PUBLIC_DIR", "public").into(),
            support_email: var("SUPPORT_EMAIL", "support@cooltracker.example"),
            map_tile_url: var("MAP_TILE_URL", "https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
            geoip_db_path: env::var("GEOIP_DB_PATH").ok().filter(|v| !v.is_empty()).map(PathBuf::from),
            trust_forwarded_for: parsed("TRUST_FORWARDED_FOR", "false")?,
            default_country: var("DEFAULT_COUNTRY", "US").to_ascii_uppercase(),
            log_format: var("LOG_FORMAT", "pretty"),
        })
    }
}

fn var(name: &str, default: &str) -> String {
    env::var(name).ok().filter(|v| !v.is_empty()).unwrap_or_else(|| default.to_owned())
}

fn parsed<T: FromStr>(name: &str, default: &str) -> Result<T>
where
    T::Err: std::error::Error + Send + Sync + 'static,
{
    let value = var(name, default);
    value.parse().with_context(|| format!("{name}={value:?} is not valid"))
}
