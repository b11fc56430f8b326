//! What the features do, in the transaction of a change made outside them,
//! when that change ends their work: a member's access ends (a refund, a
//! cancellation that takes effect now), so their queued calls and SMS stop;
//! a number opts out of all contact (pressing 9 on a call), so what is
//! pending for it ends. The code making the change calls [`access_ended`]
//! or [`number_opted_out`] and names no feature; each feature hands its
//! reaction to [`register`] once at start-up (`startup` knows every
//! feature).
use crate::services::ServiceError;
use futures_util::future::BoxFuture;
use sea_orm::DatabaseTransaction;
use std::sync::OnceLock;

/// A feature's reaction to `(transaction, member id, now)`: the member's
/// access ended.
pub type AccessEnded =
    for<'a> fn(&'a DatabaseTransaction, i64, i64) -> BoxFuture<'a, Result<(), ServiceError>>;

/// A feature's reaction to `(transaction, E.164 number, now)`: the number
/// opted out of all contact.
pub type NumberOptedOut =
    for<'a> fn(&'a DatabaseTransaction, &'a str, i64) -> BoxFuture<'a, Result<(), ServiceError>>;

/// Every feature's reactions, in the order they run.
#[derive(Default)]
pub struct Reactions {
    pub access_ended: Vec<AccessEnded>,
    pub number_opted_out: Vec<NumberOptedOut>,
}

static REGISTERED: OnceLock<Reactions> = OnceLock::new();

/// Registers the features' reactions. The first registration of the
/// process holds: every server built in one process (the tests build
/// many) registers the same ones.
pub fn register(reactions: Reactions) {
    let _ = REGISTERED.set(reactions);
}

/// Runs every feature's reaction to `user_id`'s access ending, in `txn`.
///
/// # Errors
/// The first reaction's database error (the caller rolls back).
pub async fn access_ended(
    txn: &DatabaseTransaction,
    user_id: i64,
    now: i64,
) -> Result<(), ServiceError> {
    for react in &registered().access_ended {
        react(txn, user_id, now).await?;
    }
    Ok(())
}

/// Runs every feature's reaction to `e164` opting out of all contact, in `txn`.
///
/// # Errors
/// The first reaction's database error (the caller rolls back).
pub async fn number_opted_out(
    txn: &DatabaseTransaction,
    e164: &str,
    now: i64,
) -> Result<(), ServiceError> {
    for react in &registered().number_opted_out {
        react(txn, e164, now).await?;
    }
    Ok(())
}

fn registered() -> &'static Reactions {
    REGISTERED.get().unwrap_or_else(|| {
        tracing::error!("no feature registered its reactions: queued work is not stopped");
        static NONE: OnceLock<Reactions> = OnceLock::new();
        NONE.get_or_init(Reactions::default)
    })
}
