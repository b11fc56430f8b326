//! Support's help chat commands, until a support console exists. They call
//! the same service functions as the site; a reply reaches an open chat
//! window within a second (the server's live poller) and members by e-mail
//! (the server's job worker).
//!
//! ```text
//! server chat list [--limit N]
//! server chat show ID
//! server chat reply ID TEXT…        (or --stdin: the text from standard input)
//! ```
use crate::config::Config;
use crate::services::help_chat::staff;
use crate::services::{Cx, ServiceError, Wakers};
use anyhow::{bail, Context as _, Result};
use app_core::i18n::{t, Locale};
use app_core::model::chat::ChatAuthor;
use std::io::Read as _;
use std::sync::Arc;

pub(super) const USAGE: &str = "usage: server chat list [--limit N] | server chat show ID | server chat reply ID (TEXT… | --stdin)";

/// Runs `server chat …` (`args` after `chat`).
///
/// # Errors
/// Bad arguments, an unknown conversation, database failures.
pub(super) async fn run(args: &[String], config: &Config) -> Result<()> {
    let db = super::open_db(config).await?;
    let cx = Cx {
        db,
        config: Arc::new(config.clone()),
        now: crate::clock::now_ms(),
        wake: Wakers::default(),
        caches: Default::default(),
    };
    match args.first().map(String::as_str) {
        Some("list") => list(&cx, &args[1..]).await,
        Some("show") => show(&cx, conversation_id(args.get(1))?).await,
        Some("reply") => {
            let id = conversation_id(args.get(1))?;
            let text = match args.get(2).map(String::as_str) {
                Some("--stdin") => {
                    let mut text = String::new();
                    std::io::stdin()
                        .read_to_string(&mut text)
                        .context("reading the reply from stdin")?;
                    text
                }
                _ => args[2.min(args.len())..].join(" "),
            };
            let sent = staff::reply(&cx, id, &text).await.map_err(explain)?;
            println!("sent message {} in conversation {id}", sent.id);
            Ok(())
        }
        _ => bail!("{USAGE}"),
    }
}

fn conversation_id(arg: Option<&String>) -> Result<i64> {
    arg.and_then(|a| a.parse().ok())
        .with_context(|| format!("a conversation id is needed\n{USAGE}"))
}

/// A service refusal in words (English: this is the operator's terminal).
fn explain(error: ServiceError) -> anyhow::Error {
    match error {
        ServiceError::NotFound => anyhow::anyhow!("no such conversation"),
        other => anyhow::anyhow!(t(Locale::En, other.message_key())),
    }
}

async fn list(cx: &Cx, args: &[String]) -> Result<()> {
    let limit = match args {
        [flag, n] if flag == "--limit" => n.parse().context("--limit must be a number")?,
        [] => 50,
        _ => bail!("{USAGE}"),
    };
    let inbox = staff::inbox(&cx.db, limit).await.map_err(explain)?;
    if inbox.is_empty() {
        println!("no conversations");
    }
    for line in inbox {
        let when = app_core::dates::format_utc_datetime(line.last_message_at);
        println!(
            "{}\t{}\tlast {when}\tunread {}",
            line.id, line.identity, line.unread
        );
    }
    Ok(())
}

async fn show(cx: &Cx, id: i64) -> Result<()> {
    let thread = staff::show(cx, id).await.map_err(explain)?;
    println!(
        "conversation {} — {}",
        thread.summary.id, thread.summary.identity
    );
    for message in thread.messages {
        let who = match message.author {
            ChatAuthor::Person => "person",
            ChatAuthor::Staff => "staff",
        };
        // Escape sequences typed by a stranger must not drive the operator's terminal.
        let body: String = message
            .body
            .chars()
            .map(|c| {
                if c.is_control() && c != '\n' {
                    '\u{fffd}'
                } else {
                    c
                }
            })
            .collect();
        println!(
            "#{} {who} {}:\n{body}\n",
            message.id,
            app_core::dates::format_utc_datetime(message.created_at)
        );
    }
    Ok(())
}
