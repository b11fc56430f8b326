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
//! the support console's staff accounts in [`staff`], sealed secrets in
//! [`sealing`], backups and restores in [`backup`].
use crate::clock::now_ms;
use crate::config::Config;
use crate::services::accounts::users;
use crate::tokens;
use anyhow::{bail, Context as _, Result};
use app_core::i18n::Locale;

const USAGE: &str = "usage: server user create --email EMAIL [--password-stdin] [--locale en|id|zh] [--payment-count N] [--vip-days N] [--subscription trialing|active]";
const DAY_MS: i64 = 86_400_000;

mod backup;
mod chat;
mod sealing;
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
        Some("secrets") => {
            sealing::run(&args[1..], config).await?;
            Ok(true)
        }
        Some("backup") => {
            backup::run_backup(&args[1..], config).await?;
            Ok(true)
        }
        Some("restore") => {
            backup::run_restore(&args[1..], config).await?;
            Ok(true)
        }
        Some("help" | "--help" | "-h") => {
            println!(
                "{USAGE}\n{}\n{}\n{}\n{}\n(no arguments: start the server)",
                chat::USAGE,
                staff::USAGE,
                sealing::USAGE,
                backup::USAGE
            );
            Ok(true)
        }
        Some(other) => bail!("unknown command {other:?}\n{USAGE}"),
    }
}

/// A command's options, flag by flag: `--flag VALUE` or a bare `--flag`.
struct Flags<'a> {
    rest: std::slice::Iter<'a, String>,
    usage: &'static str,
}

impl<'a> Flags<'a> {
    fn new(args: &'a [String], usage: &'static str) -> Self {
        Flags {
            rest: args.iter(),
            usage,
        }
    }

    /// The value after `flag`.
    ///
    /// # Errors
    /// There is none: the error names the flag and shows the usage.
    fn value(&mut self, flag: &str) -> Result<&'a String> {
        self.rest
            .next()
            .with_context(|| format!("{flag} needs a value\n{}", self.usage))
    }

    /// The error for an option the command does not know.
    fn unknown(&self, option: &str) -> anyhow::Error {
        anyhow::anyhow!("unknown option {option:?}\n{}", self.usage)
    }
}

impl<'a> Iterator for Flags<'a> {
    type Item = &'a String;

    fn next(&mut self) -> Option<&'a String> {
        self.rest.next()
    }
}

/// The database for one operator command (its schema brought up to date).
async fn open_db(config: &Config) -> Result<sea_orm::DatabaseConnection> {
    crate::persistence::open(
        &config.database_url,
        config.migration_database_url.as_deref(),
        1,
    )
    .await
}

/// The options of `user create`.
struct NewUserArgs {
    email: String,
    password_stdin: bool,
    locale: Locale,
    payment_count: i32,
    vip_days: i64,
    subscription: Option<app_core::model::billing::SubscriptionState>,
}

impl NewUserArgs {
    fn parse(args: &[String]) -> Result<Self> {
        let mut email = None;
        let mut parsed = Self {
            email: String::new(),
            password_stdin: false,
            locale: Locale::En,
            payment_count: 0,
            vip_days: 0,
            subscription: None,
        };
        let mut flags = Flags::new(args, USAGE);
        while let Some(flag) = flags.next() {
            match flag.as_str() {
                "--email" => email = Some(flags.value(flag)?.clone()),
                "--password-stdin" => parsed.password_stdin = true,
                "--locale" => {
                    parsed.locale = Locale::from_code(flags.value(flag)?)
                        .context("--locale must be en, id or zh")?
                }
                "--payment-count" => {
                    parsed.payment_count = flags
                        .value(flag)?
                        .parse()
                        .context("--payment-count must be a number")?
                }
                "--vip-days" => {
                    parsed.vip_days = flags
                        .value(flag)?
                        .parse()
                        .context("--vip-days must be a number")?
                }
                "--subscription" => {
                    parsed.subscription = Some(subscription_state(flags.value(flag)?)?)
                }
                other => return Err(flags.unknown(other)),
            }
        }
        parsed.email = email.context(USAGE)?;
        Ok(parsed)
    }
}

/// The password from stdin, or a random one; `true` when it was generated.
fn password(from_stdin: bool) -> Result<(String, bool)> {
    if !from_stdin {
        return Ok((tokens::new_token()[..16].to_owned(), true));
    }
    let mut line = String::new();
    std::io::stdin()
        .read_line(&mut line)
        .context("reading the password from stdin")?;
    Ok((line.trim_end_matches(['\r', '\n']).to_owned(), false))
}

async fn create_user(args: &[String], config: &Config) -> Result<()> {
    let args = NewUserArgs::parse(args)?;
    let (password, generated) = password(args.password_stdin)?;
    let db = open_db(config).await?;
    let now = now_ms();
    let vip_time = if args.vip_days > 0 {
        now + args.vip_days * DAY_MS
    } else {
        0
    };
    let new = users::NewUser {
        email: args.email,
        password: password.clone(),
        locale: args.locale,
        payment_count: args.payment_count,
        vip_time,
    };
    let user = users::create(&db, new, now).await.map_err(|e| match e {
        crate::services::ServiceError::Fields(errors) => {
            let key = errors
                .first()
                .unwrap_or(app_core::i18n::Key::ErrorBadRequest);
            anyhow::anyhow!(app_core::i18n::t(Locale::En, key))
        }
        other => anyhow::anyhow!(app_core::i18n::t(Locale::En, other.message_key())),
    })?;
    println!("created user {} <{}>", user.id, user.email);
    if let Some(state) = args.subscription {
        let days = if args.vip_days > 0 { args.vip_days } else { 30 };
        crate::services::billing::grants::grant(&db, &user, state, days, now)
            .await
            .map_err(|e| anyhow::anyhow!(app_core::i18n::t(Locale::En, e.message_key())))?;
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

fn subscription_state(value: &str) -> Result<app_core::model::billing::SubscriptionState> {
    use app_core::model::billing::SubscriptionState;
    match value {
        "trialing" => Ok(SubscriptionState::Trialing),
        "active" => Ok(SubscriptionState::Active),
        _ => bail!("--subscription must be trialing or active"),
    }
}
