//! Secrets kept at rest (docs/operations.md "Rotating the secrets key"):
//!
//! ```text
//! server secrets reseal
//! ```
//! Seals every staff TOTP key and saved wallet token with `SECRETS_KEY`:
//! values of `SECRETS_KEY_PREVIOUS` are opened and sealed again, plain text
//! from before sealing is sealed. Run it after setting a new key (with the
//! old one as previous), then drop the previous key.
use crate::config::Config;
use crate::services::sealed;
use anyhow::{bail, Result};

pub(super) const USAGE: &str = "usage: server secrets reseal";

/// Runs `server secrets …` (`args` after `secrets`).
///
/// # Errors
/// Bad arguments, a value no configured key opens, database failures.
pub(super) async fn run(args: &[String], config: &Config) -> Result<()> {
    if args.first().map(String::as_str) != Some("reseal") || args.len() != 1 {
        bail!("{USAGE}");
    }
    config.check_secrets_key()?;
    let db = super::open_db(config).await?;
    let done = sealed::reseal_all(&db, &config.secrets).await?;
    println!(
        "resealed with key {}: {} staff TOTP keys, {} wallet tokens",
        config.secrets.current_id(),
        done.totp_secrets,
        done.payment_tokens
    );
    Ok(())
}
