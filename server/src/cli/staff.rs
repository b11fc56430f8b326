//! Staff accounts of the support console (README "Support console"):
//!
//! ```text
//! server staff create --email EMAIL --role support|admin [--password-stdin]
//! server staff disable --email EMAIL
//! server staff unlock EMAIL
//! ```
//! `unlock` lifts the lock wrong TOTP codes from everywhere put on an
//! account (see `services::console::lockout`); only an operator can.
//! `create` prints the generated password (without `--password-stdin`) and
//! the TOTP secret, as base32 and as an `otpauth://` URI for the
//! authenticator app; neither is shown again.
use crate::config::Config;
use crate::services::console::{lockout, staff};
use crate::tokens;
use anyhow::{bail, Context as _, Result};
use app_core::i18n::{t, Key, Locale};
use app_core::model::console::StaffRole;

pub(super) const USAGE: &str = "usage: server staff create --email EMAIL --role support|admin [--password-stdin] | server staff disable --email EMAIL | server staff unlock EMAIL";

/// Runs `server staff …` (`args` after `staff`).
///
/// # Errors
/// Bad arguments, a rule the account breaks, database failures.
pub(super) async fn run(args: &[String], config: &Config) -> Result<()> {
    let (command, rest) = args.split_first().context(USAGE)?;
    let mut email = None;
    let mut role = None;
    let mut password_stdin = false;
    let mut flags = super::Flags::new(rest, USAGE);
    while let Some(flag) = flags.next() {
        match flag.as_str() {
            "--email" => email = Some(flags.value(flag)?.clone()),
            "--role" => {
                role = Some(
                    StaffRole::from_code(flags.value(flag)?)
                        .context("--role must be support or admin")?,
                )
            }
            "--password-stdin" => password_stdin = true,
            bare if !bare.starts_with('-') && email.is_none() => email = Some(bare.to_owned()),
            other => return Err(flags.unknown(other)),
        }
    }
    let email = email.context(USAGE)?;
    let db = super::open_db(config).await?;
    let now = crate::clock::now_ms();
    match command.as_str() {
        "create" => {
            let role = role.context(USAGE)?;
            create(&db, &email, role, password_stdin, &config.secrets, now).await
        }
        "disable" => {
            if !staff::disable(&db, &email, now)
                .await
                .map_err(|e| anyhow::anyhow!(t(Locale::En, e.message_key())))?
            {
                bail!("no staff account {email}");
            }
            println!("disabled staff {email}; their sessions ended");
            Ok(())
        }
        "unlock" => unlock(&db, &email, now).await,
        other => bail!("unknown command {other:?}\n{USAGE}"),
    }
}

async fn create(
    db: &sea_orm::DatabaseConnection,
    email: &str,
    role: StaffRole,
    password_stdin: bool,
    keys: &crate::secrets::Keyring,
    now: i64,
) -> Result<()> {
    let (password, generated) = if password_stdin {
        let mut line = String::new();
        std::io::stdin()
            .read_line(&mut line)
            .context("reading the password from stdin")?;
        (line.trim_end_matches(['\r', '\n']).to_owned(), false)
    } else {
        (tokens::new_token()[..20].to_owned(), true)
    };
    let created = staff::create(db, email, &password, role, keys, now)
        .await
        .map_err(|e| match e {
            crate::services::ServiceError::Fields(errors) => anyhow::anyhow!(t(
                Locale::En,
                errors.first().unwrap_or(Key::ErrorBadRequest)
            )),
            other => anyhow::anyhow!(t(Locale::En, other.message_key())),
        })?;
    println!(
        "created staff {} <{}> ({})",
        created.id,
        created.email,
        role.code()
    );
    if generated {
        println!("password: {password}");
    }
    println!("totp secret: {}", created.totp_secret);
    println!("totp uri: {}", created.otpauth_uri);
    Ok(())
}

async fn unlock(db: &sea_orm::DatabaseConnection, email: &str, now: i64) -> Result<()> {
    if !lockout::unlock(db, email, now)
        .await
        .map_err(|e| anyhow::anyhow!(t(Locale::En, e.message_key())))?
    {
        bail!("no staff account {email}");
    }
    println!("unlocked staff {email}: their codes are accepted again");
    Ok(())
}
