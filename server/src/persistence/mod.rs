//! Where rows are stored: connection setup, migrations, entities and seed data.
pub mod backup;
pub mod counts;
pub mod entities;
pub mod migrations;
pub mod outbox;
pub mod roles;
pub mod seed;
mod sqlite_plans;
pub mod startup_lock;
pub mod template;

use anyhow::{Context as _, Result};
use sea_orm::{ConnectOptions, Database, DatabaseConnection};
use sea_orm_migration::MigratorTrait as _;
use std::time::Duration;

/// Opens the database named by `url` (SQLite or PostgreSQL) and brings its
/// schema up to date. SQLite runs in WAL mode with foreign keys enforced.
///
/// # Errors
/// When the database cannot be reached or a migration fails.
pub async fn connect_and_migrate(url: &str, max_connections: u32) -> Result<DatabaseConnection> {
    let db = connect(url, max_connections).await?;
    migrations::Migrator::up(&db, None)
        .await
        .context("running migrations")?;
    Ok(db)
}

/// The service's connection to `url` with the schema up to date: with a
/// `migration_url` (the tables' owner) the migrations run over that and the
/// service's role is granted what it may do ([`roles`]); without, over `url`.
///
/// # Errors
/// When a database cannot be reached, a migration or a grant fails.
pub async fn open(
    url: &str,
    migration_url: Option<&str>,
    max_connections: u32,
) -> Result<DatabaseConnection> {
    let Some(owner_url) = migration_url.filter(|m| *m != url) else {
        return connect_and_migrate(url, max_connections).await;
    };
    let owner = connect_and_migrate(owner_url, 1)
        .await
        .context("MIGRATION_DATABASE_URL")?;
    let service = connect(url, max_connections).await?;
    roles::grant_service(&owner, &service).await?;
    owner
        .close()
        .await
        .context("closing the owner's connection")?;
    Ok(service)
}

/// The longest a SQLite writer waits for the write lock before the caller
/// hears "busy".
pub const SQLITE_WRITE_WAIT: Duration = Duration::from_secs(5);

/// Opens the database named by `url` without migrating it.
///
/// # Errors
/// When the database cannot be reached.
pub async fn connect(url: &str, max_connections: u32) -> Result<DatabaseConnection> {
    if let Some(path) = sqlite_file_path(url) {
        if let Some(dir) = std::path::Path::new(&path)
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
        {
            std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        }
    }
    let mut options = ConnectOptions::new(url.to_owned());
    options
        .max_connections(max_connections)
        .connect_timeout(Duration::from_secs(10))
        .sqlx_logging(false)
        .map_sqlx_sqlite_opts(|o| {
            // WAL with synchronous=NORMAL: a commit no longer waits for an
            // fsync of its own (the WAL is synced at checkpoints). The
            // database stays consistent through any crash; only commits of
            // the last moments before a power loss or OS crash can be lost,
            // never through a killed process. Every write gets several times
            // faster, which every limit and job takes on each request.
            o.journal_mode(sea_orm::sqlx::sqlite::SqliteJournalMode::Wal)
                .synchronous(sea_orm::sqlx::sqlite::SqliteSynchronous::Normal)
                .foreign_keys(true)
                .busy_timeout(SQLITE_WRITE_WAIT)
        })
        .map_sqlx_sqlite_pool_opts(sqlite_plans::stable_plans);
    ping_only_stale(&mut options, url);
    Database::connect(options)
        .await
        .context("connecting to the database")
}

/// How long a pooled PostgreSQL connection may sit idle before it is
/// pinged on its way out of the pool.
pub const PING_AFTER_IDLE: Duration = Duration::from_secs(30);

/// The pool pings a connection before handing it out only where that can
/// find a dead one: an embedded SQLite file has no other end to hang up, and
/// a PostgreSQL connection is pinged once it sat idle for
/// [`PING_AFTER_IDLE`] (long enough for a server, proxy or firewall to have
/// dropped it). A ping on every checkout cost a round trip before each
/// statement; on SQLite a hand-off to the connection's thread and back.
fn ping_only_stale(options: &mut ConnectOptions, url: &str) {
    if url.starts_with("sqlite:") {
        options.test_before_acquire(false);
    } else {
        options.test_before_acquire_if_idle_for(PING_AFTER_IDLE);
    }
}

/// The file behind a `sqlite://path?…` URL; `None` for memory or other backends.
pub(crate) fn sqlite_file_path(url: &str) -> Option<String> {
    let rest = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))?;
    let path = rest.split('?').next().unwrap_or("");
    (!path.is_empty() && path != ":memory:").then(|| path.to_owned())
}

#[cfg(test)]
mod tests {
    use super::{ping_only_stale, sqlite_file_path, PING_AFTER_IDLE};
    use sea_orm::ConnectOptions;

    #[test]
    fn pings_only_connections_that_can_have_died() {
        let pinged = |url: &str| {
            let mut options = ConnectOptions::new(url.to_owned());
            ping_only_stale(&mut options, url);
            (
                options.get_test_before_acquire(),
                options.get_test_before_acquire_if_idle_for(),
            )
        };
        assert_eq!(pinged("sqlite://data/a.db?mode=rwc"), (false, None));
        assert_eq!(pinged("sqlite::memory:"), (false, None));
        assert_eq!(
            pinged("postgres://127.0.0.1/test"),
            (false, Some(PING_AFTER_IDLE))
        );
    }

    #[test]
    fn finds_the_sqlite_file() {
        assert_eq!(
            sqlite_file_path("sqlite://data/a.db?mode=rwc").as_deref(),
            Some("data/a.db")
        );
        assert_eq!(sqlite_file_path("sqlite::memory:"), None);
        assert_eq!(sqlite_file_path("postgres://localhost/test"), None);
    }
}
