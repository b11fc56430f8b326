//! Operator commands of the server binary (README "Accounts"):
//!
//! ```text
//! server user create --email EMAIL [--password-stdin] [--locale en|id|zh]
//!                    [--payment-count N] [--vip-days N]
//!                    [--subscription trialing|active]
//! ```
//! `--subscription` grants a complimentary subscription in that state for
//! `--vip-days` (default 30): nothing is charged and it does not renew.
//! Without `--password-stdin` a random password is generated and printed once.
//! Checkout creates the accounts of paying visitors; this command is for
//! support and automated checks. The help chat's commands are in [`chat`],
//! the support console's staff accounts in [`staff`].
use crate::clock::now_ms;
use crate::config::Config;
use crate::services::accounts::{secrets, users};
use anyhow::{bail, Context as _, Result};
use app::i18n::Locale;

const USAGE: &str = "usage: server user create --email EMAIL [--password-stdin] [--locale en|id|zh] [--payment-count N] [--vip-days N] [--subscription trialing|active]";
const DAY_MS: i64 = 86_400_000;

mod chat;
mod staff;

/// Runs the command in `args` (without the program name); `Ok(false)` when
/// there is none and the server should start.
///
/// # Errors
/// Bad arguments, database failures, or a rule the account breaks.
pub async fn run(args: &[String], config: &Config) -> Result<bool> {
    match args.first().map(String::as_str) {
        None => Ok(false),
        Some("user") if args.get(1).map(String::as_str) == Some("create") => {
            create_user(&args[2..], config).await?;
            Ok(true)
        }
        Some("chat") => {
            chat::run(&args[1..], config).await?;
            Ok(true)
        }
        Some("staff") => {
            staff::run(&args[1..], config).await?;
            Ok(true)
        }
        Some("help" | "--help" | "-h") => {
            println!(
                "{USAGE}\n{}\n{}\n(no arguments: start the server)",
                chat::USAGE,
                staff::USAGE
            );
            Ok(true)
        }
        Some(other) => bail!("unknown command {other:?}\n{USAGE}"),
    }
}

async fn create_user(args: &[String], config: &Config) -> Result<()> {
    let mut email = None;
    let mut password_stdin = false;
    let mut locale = Locale::En;
    let mut payment_count = 0;
    let mut vip_days = 0_i64;
    let mut subscription = None;
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let mut value = || {
            it.next()
                .with_context(|| format!("{flag} needs a value\n{USAGE}"))
        };
        match flag.as_str() {
            "--email" => email = Some(value()?.clone()),
            "--password-stdin" => password_stdin = true,
            "--locale" => {
                locale = Locale::from_code(value()?).context("--locale must be en, id or zh")?
            }
            "--payment-count" => {
                payment_count = value()?
                    .parse()
                    .context("--payment-count must be a number")?
            }
            "--vip-days" => vip_days = value()?.parse().context("--vip-days must be a number")?,
            "--subscription" => subscription = Some(subscription_state(value()?)?),
            other => bail!("unknown option {other:?}\n{USAGE}"),
        }
    }
    let email = email.context(USAGE)?;
    let (password, generated) = if password_stdin {
        let mut line = String::new();
        std::io::stdin()
            .read_line(&mut line)
            .context("reading the password from stdin")?;
        (line.trim_end_matches(['\r', '\n']).to_owned(), false)
    } else {
        (secrets::new_token()[..16].to_owned(), true)
    };
    let db = crate::persistence::connect_and_migrate(&config.database_url, 1).await?;
    let now = now_ms();
    let vip_time = if vip_days > 0 {
        now + vip_days * DAY_MS
    } else {
        0
    };
    let new = users::NewUser {
        email,
        password: password.clone(),
        locale,
        payment_count,
        vip_time,
    };
    let user = users::create(&db, new, now).await.map_err(|e| match e {
        crate::services::ServiceError::Fields(errors) => {
            let key = errors.first().unwrap_or(app::i18n::Key::ErrorBadRequest);
            anyhow::anyhow!(app::i18n::t(Locale::En, key))
        }
        other => anyhow::anyhow!(app::i18n::t(Locale::En, other.message_key())),
    })?;
    println!("created user {} <{}>", user.id, user.email);
    if let Some(state) = subscription {
        let days = if vip_days > 0 { vip_days } else { 30 };
        crate::services::billing::grants::grant(&db, &user, state, days, now)
            .await
            .map_err(|e| anyhow::anyhow!(app::i18n::t(Locale::En, e.message_key())))?;
        println!(
            "granted a complimentary {} subscription for {days} days",
            crate::services::billing::status::code(state)
        );
    }
    if generated {
        println!("password: {password}");
    }
    Ok(())
}

fn subscription_state(value: &str) -> Result<app::model::billing::SubscriptionState> {
    use app::model::billing::SubscriptionState;
    match value {
        "trialing" => Ok(SubscriptionState::Trialing),
        "active" => Ok(SubscriptionState::Active),
        _ => bail!("--subscription must be trialing or active"),
    }
}
