//! What a use case needs from the world, built once per request or job run
//! by the adapter that calls it: the database, the configuration, the
//! instant it runs at, the wakers of the workers it may hand work to, and
//! the caches a feature keeps for the life of the process.
//! Tests build it with any clock value.
use crate::config::Config;
use crate::persistence::SQLITE_WRITE_WAIT;
use crate::services::ServiceError;
use sea_orm::{DatabaseBackend, DatabaseConnection};
use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use tokio::sync::{Notify, OwnedMutexGuard};

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
    /// The process's caches, one per type (the lookup's facts of numbers…).
    pub caches: Caches,
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

    /// This process's turn to write, on SQLite; `None` (no wait) elsewhere.
    /// Hold it across a hot write transaction.
    ///
    /// # Errors
    /// [`ServiceError::Busy`] when the turn does not come within the wait a
    /// SQLite writer is given for the lock itself.
    pub async fn sqlite_write_turn(&self) -> Result<Option<OwnedMutexGuard<()>>, ServiceError> {
        if self.db.get_database_backend() != DatabaseBackend::Sqlite {
            return Ok(None);
        }
        let writers = self.caches.get::<SqliteWriters>();
        tokio::time::timeout(SQLITE_WRITE_WAIT, writers.0.clone().lock_owned())
            .await
            .map(Some)
            .map_err(|_| ServiceError::Busy {
                retry_after_secs: 1,
            })
    }
}

/// SQLite lets one connection write at a time and puts the others to sleep
/// between retries (up to 100 ms a try), which a burst turns into its
/// slowest answers. Writers of one process queue here instead, each woken
/// the moment the previous one is done; PostgreSQL writes side by side.
#[derive(Default)]
struct SqliteWriters(Arc<tokio::sync::Mutex<()>>);

/// The caches of one process, one of each type, made on first use: a
/// feature keeps its own cache type here (`cx.caches.get::<FactsCache>()`)
/// without the context naming it. Clones share the caches.
#[derive(Clone, Default)]
pub struct Caches(Arc<Mutex<HashMap<TypeId, Arc<dyn Any + Send + Sync>>>>);

impl Caches {
    /// The process's cache of type `T`, made empty the first time.
    pub fn get<T: Default + Send + Sync + 'static>(&self) -> Arc<T> {
        let mut all = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let cache = all
            .entry(TypeId::of::<T>())
            .or_insert_with(|| Arc::new(T::default()))
            .clone();
        drop(all);
        cache
            .downcast::<T>()
            .unwrap_or_else(|_| unreachable!("kept under its own type id"))
    }
}

impl std::fmt::Debug for Caches {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Caches")
    }
}

#[cfg(test)]
mod tests {
    use super::{Caches, Cx, Wakers};
    use crate::config::Config;
    use std::sync::atomic::{AtomicU32, Ordering};
    use std::sync::Arc;

    #[derive(Default)]
    struct Hits(AtomicU32);

    #[test]
    fn one_cache_per_type_shared_by_clones() {
        let caches = Caches::default();
        caches.get::<Hits>().0.fetch_add(1, Ordering::Relaxed);
        let clone = caches.clone();
        assert_eq!(clone.get::<Hits>().0.load(Ordering::Relaxed), 1);
        assert!(Arc::ptr_eq(&caches.get::<Hits>(), &clone.get::<Hits>()));
        assert_eq!(
            Caches::default().get::<Hits>().0.load(Ordering::Relaxed),
            0,
            "another process's caches start empty"
        );
    }

    async fn cx_on(url: &str) -> Cx {
        Cx {
            db: sea_orm::Database::connect(url).await.expect("database"),
            config: Arc::new(Config::defaults_for_tests()),
            now: 0,
            wake: Wakers::default(),
            caches: Caches::default(),
        }
    }

    #[tokio::test]
    async fn sqlite_writers_of_one_process_take_turns() {
        let cx = cx_on("sqlite::memory:").await;
        let first = cx.sqlite_write_turn().await.expect("a turn");
        assert!(first.is_some());
        let mut second = Box::pin(cx.sqlite_write_turn());
        assert!(
            futures::poll!(&mut second).is_pending(),
            "the second writer waits for the first"
        );
        drop(first);
        assert!(second.await.expect("a turn").is_some(), "then it writes");
    }
}
