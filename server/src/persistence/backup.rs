//! Backups while the service runs, and restores into a new database.
//!
//! - SQLite: `VACUUM INTO` writes a consistent copy of the database as of
//!   one read transaction, while writers go on (WAL mode); the copy is a
//!   plain database file. Restoring copies it to the new database's path,
//!   which must not hold a database yet.
//! - PostgreSQL: the documented path, `pg_dump --format=custom` (one
//!   consistent snapshot, concurrent writes allowed) and `pg_restore` into
//!   an empty database, with the client tools of the `postgresql-client`
//!   package.
//!
//! A restored database is opened with the usual migrations, so a backup of
//! an older release comes up at the current schema.
use anyhow::{bail, Context as _, Result};
use sea_orm::{ConnectionTrait, Database, Statement};
use std::path::Path;
use std::process::Command;

/// Writes a consistent backup of `database_url` to `to` (a new file).
///
/// # Errors
/// `to` exists already, the database cannot be read, or `pg_dump` failed.
pub async fn backup(database_url: &str, to: &Path) -> Result<()> {
    if to.exists() {
        bail!("{} exists already: a backup never overwrites", to.display());
    }
    if is_postgres(database_url) {
        return run_tool(
            Command::new("pg_dump")
                .args(["--format=custom", "--no-owner", "--file"])
                .arg(to)
                .arg(database_url),
            "pg_dump",
        );
    }
    let db = Database::connect(database_url)
        .await
        .context("opening the database")?;
    let target = to.to_str().context("the backup path is not UTF-8")?;
    db.execute_raw(Statement::from_sql_and_values(
        db.get_database_backend(),
        "VACUUM INTO ?",
        [target.into()],
    ))
    .await
    .context("VACUUM INTO")?;
    db.close().await.context("closing the database")?;
    Ok(())
}

/// Restores the backup `from` into the empty database `database_url`.
///
/// # Errors
/// The target already holds a database, or the copy or `pg_restore` failed.
pub async fn restore(from: &Path, database_url: &str) -> Result<()> {
    if !from.is_file() {
        bail!("{} is not a backup file", from.display());
    }
    if is_postgres(database_url) {
        return run_tool(
            Command::new("pg_restore")
                .args(["--no-owner", "--exit-on-error", "--single-transaction"])
                .arg(format!("--dbname={database_url}"))
                .arg(from),
            "pg_restore",
        );
    }
    let path = super::sqlite_file_path(database_url)
        .context("restore needs a sqlite://FILE or postgres:// URL")?;
    let path = Path::new(&path);
    if path.exists() && std::fs::metadata(path)?.len() > 0 {
        bail!(
            "{} holds a database already: restore into a new one",
            path.display()
        );
    }
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::copy(from, path).context("copying the backup into place")?;
    Ok(())
}

fn is_postgres(url: &str) -> bool {
    url.starts_with("postgres://") || url.starts_with("postgresql://")
}

/// Runs a PostgreSQL client tool; its own message on failure (it never
/// prints the password: that stays in the URL it was given).
fn run_tool(command: &mut Command, name: &str) -> Result<()> {
    let output = command
        .output()
        .with_context(|| format!("{name} could not start (install postgresql-client)"))?;
    if !output.status.success() {
        bail!(
            "{name} failed: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }
    Ok(())
}
