//! `server backup` and `server restore`: the operator's copies of the data
//! (how and when to run them: docs/operations.md).
use crate::config::Config;
use crate::persistence::backup;
use anyhow::{bail, Context as _, Result};
use std::path::PathBuf;

pub const USAGE: &str =
    "usage: server backup --to FILE\n       server restore --from FILE [--into DATABASE_URL]";

/// `server backup --to FILE`: a consistent copy of `DATABASE_URL` while the
/// service runs.
///
/// # Errors
/// Bad arguments or a failed backup.
pub async fn run_backup(args: &[String], config: &Config) -> Result<()> {
    let [flag, to] = args else {
        bail!("{USAGE}");
    };
    if flag != "--to" {
        bail!("{USAGE}");
    }
    backup::backup(&config.database_url, &PathBuf::from(to)).await?;
    println!("backed up to {to}");
    Ok(())
}

/// `server restore --from FILE [--into DATABASE_URL]`: the backup into a
/// new, empty database (`DATABASE_URL` when `--into` is not given).
///
/// # Errors
/// Bad arguments, a database that is not empty, or a failed restore.
pub async fn run_restore(args: &[String], config: &Config) -> Result<()> {
    let mut from = None;
    let mut into = config.database_url.clone();
    let mut flags = super::Flags::new(args, USAGE);
    while let Some(flag) = flags.next() {
        let value = flags.value(flag)?;
        match flag.as_str() {
            "--from" => from = Some(PathBuf::from(value)),
            "--into" => into.clone_from(value),
            other => return Err(flags.unknown(other)),
        }
    }
    let from = from.context(USAGE)?;
    backup::restore(&from, &into).await?;
    // Opening it applies the migrations a newer release added.
    crate::persistence::connect_and_migrate(&into, 1).await?;
    println!("restored {}", from.display());
    Ok(())
}
