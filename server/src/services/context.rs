//! What a use case needs from the world, built once per request or job run
//! by the adapter that calls it: the database, the configuration, the
//! instant it runs at, and the wakers of the workers it may hand work to.
//! Tests build it with any clock value.
use crate::config::Config;
use sea_orm::DatabaseConnection;
use std::sync::Arc;
use tokio::sync::Notify;

/// Wakes background workers early after a use case queued work for them
/// (they also poll, so a lost wake-up only delays the work).
#[derive(Clone, Debug, Default)]
pub struct Wakers {
    /// The SMS sender.
    pub sms: Arc<Notify>,
    /// The general job queue (e-mails, later renewals and calls).
    pub jobs: Arc<Notify>,
    /// The sandbox provider's webhook delivery.
    pub payments: Arc<Notify>,
    /// The voice message caller.
    pub calls: Arc<Notify>,
    /// The help chat's live delivery (a message was stored).
    pub chat: Arc<Notify>,
    /// The locate dashboard's live delivery (a request changed).
    pub locate: Arc<Notify>,
    /// Asks the workers to stop claiming, and lists what they hold.
    pub stop: crate::services::workers::Stop,
}

/// The context of one use-case call.
#[derive(Clone)]
pub struct Cx {
    pub db: DatabaseConnection,
    pub config: Arc<Config>,
    /// Milliseconds since the Unix epoch at which the call runs.
    pub now: i64,
    pub wake: Wakers,
    /// Recently read lookup facts of numbers (one per process).
    pub number_facts: Arc<crate::services::lookup::facts::FactsCache>,
    /// Sessions recognised a moment ago (one per process).
    pub sessions: Arc<crate::services::accounts::recent::RecentSessions>,
}

impl Cx {
    /// The same context at another instant (jobs, tests).
    #[must_use]
    pub fn at(&self, now: i64) -> Cx {
        Cx {
            now,
            ..self.clone()
        }
    }
}
