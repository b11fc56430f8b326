//! Instances starting together on one PostgreSQL take turns at the schema:
//! migrations and seed rows are written by one at a time, so two fresh
//! instances never race on the same `CREATE TABLE` or seed insert.
use anyhow::{Context as _, Result};
use sea_orm::{ConnectOptions, ConnectionTrait as _, Database, DatabaseConnection};
use std::time::Duration;

/// The advisory lock's key (any constant unique to this application).
const KEY: i64 = 0x636f_6f6c_7472_6163;

/// Held while one instance migrates and seeds; released by [`StartupLock::release`]
/// or, if the process dies, by PostgreSQL when its session ends.
pub struct StartupLock(Option<DatabaseConnection>);

impl StartupLock {
    /// Waits for the lock on PostgreSQL; nothing to take on SQLite (one
    /// process per database file).
    ///
    /// # Errors
    /// The database cannot be reached.
    pub async fn acquire(url: &str) -> Result<StartupLock> {
        if !url.starts_with("postgres") {
            return Ok(StartupLock(None));
        }
        // Its own session: a session lock belongs to one connection, and the
        // pool's connections come and go.
        let mut options = ConnectOptions::new(url.to_owned());
        options
            .max_connections(1)
            .min_connections(1)
            .connect_timeout(Duration::from_secs(10))
            .sqlx_logging(false);
        let session = Database::connect(options)
            .await
            .context("connecting to the database")?;
        session
            .execute_unprepared(&format!("SELECT pg_advisory_lock({KEY})"))
            .await
            .context("waiting for the start-up lock")?;
        Ok(StartupLock(Some(session)))
    }

    /// Lets the next instance migrate and seed.
    pub async fn release(self) {
        if let Some(session) = self.0 {
            if let Err(e) = session
                .execute_unprepared(&format!("SELECT pg_advisory_unlock({KEY})"))
                .await
            {
                tracing::warn!(error = %e, "releasing the start-up lock failed; closing its session frees it");
            }
            let _ = session.close().await;
        }
    }
}
