//! Password hashes (Argon2id on a bounded pool of hashing threads). Tokens,
//! codes and their digests are `crate::tokens`'.
use crate::services::ServiceError;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use rand_core::OsRng;

/// How long a caller without a configured wait (the `user create` command)
/// waits for a hashing slot.
pub const DEFAULT_HASH_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

type HashJob = Box<dyn FnOnce() + Send>;

/// The hashing workers: one thread per core, started once, each reusing its
/// own ~19 MiB of Argon2 memory. Running hashes on the general blocking pool
/// spreads them over many threads, and the allocator keeps a freed 19 MiB
/// block per thread: a burst then costs hundreds of megabytes.
struct HashingPool {
    jobs: std::sync::mpsc::Sender<HashJob>,
    slots: std::sync::Arc<tokio::sync::Semaphore>,
}

/// Hashes running now, and the most that ever ran at once (for tests and metrics).
static RUNNING: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
static MOST_AT_ONCE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// The most password hashes that ever ran at the same time in this process.
pub fn most_hashes_at_once() -> usize {
    MOST_AT_ONCE.load(std::sync::atomic::Ordering::Relaxed)
}

fn hashing_pool() -> &'static HashingPool {
    static POOL: std::sync::OnceLock<HashingPool> = std::sync::OnceLock::new();
    POOL.get_or_init(|| {
        let workers = std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get);
        let (jobs, queue) = std::sync::mpsc::channel::<HashJob>();
        let queue = std::sync::Arc::new(std::sync::Mutex::new(queue));
        for n in 0..workers {
            let queue = queue.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("password-hash-{n}"))
                .spawn(move || loop {
                    let job = queue
                        .lock()
                        .map_err(|_| ())
                        .and_then(|q| q.recv().map_err(|_| ()));
                    match job {
                        Ok(job) => job(),
                        Err(()) => return,
                    }
                });
            if let Err(e) = spawned {
                tracing::error!(error = %e, "cannot start a password hashing thread");
            }
        }
        HashingPool {
            jobs,
            slots: std::sync::Arc::new(tokio::sync::Semaphore::new(workers)),
        }
    })
}

/// Runs `work` on a hashing worker once a slot is free: at most one hash per
/// core, then a short wait, then [`ServiceError::Busy`], so memory stays
/// flat and answers stay fast under a burst.
async fn with_hashing_slot<T: Send + 'static>(
    wait: std::time::Duration,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ServiceError> {
    let busy = ServiceError::Busy {
        retry_after_secs: 1,
    };
    let pool = hashing_pool();
    let Ok(Ok(permit)) = tokio::time::timeout(wait, pool.slots.clone().acquire_owned()).await
    else {
        return Err(busy);
    };
    let (done, result) = tokio::sync::oneshot::channel();
    // The slot is held by the job itself: a caller that goes away early does
    // not free it while the hash still runs.
    let job: HashJob = Box::new(move || {
        use std::sync::atomic::Ordering::Relaxed;
        MOST_AT_ONCE.fetch_max(RUNNING.fetch_add(1, Relaxed) + 1, Relaxed);
        let _ = done.send(work());
        RUNNING.fetch_sub(1, Relaxed);
        drop(permit);
    });
    if pool.jobs.send(job).is_err() {
        return Err(busy);
    }
    result.await.map_err(|_| busy)
}

/// Argon2id with the crate's defaults (OWASP: m=19 MiB, t=2, p=1), in a
/// hashing slot.
///
/// # Errors
/// [`ServiceError::Busy`] when no slot frees up in time.
pub async fn hash_password(
    password: String,
    wait: std::time::Duration,
) -> Result<String, ServiceError> {
    with_hashing_slot(wait, move || {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .unwrap_or_else(|e| unreachable!("argon2 with default params cannot fail: {e}"))
    })
    .await
}

/// Checks `password` against a stored PHC string; `None` (unknown account)
/// still burns the same time against a dummy hash, so timing tells nothing.
///
/// # Errors
/// [`ServiceError::Busy`] when no slot frees up in time.
pub async fn verify_password(
    password: String,
    stored: Option<String>,
    wait: std::time::Duration,
) -> Result<bool, ServiceError> {
    with_hashing_slot(wait, move || {
        let known = stored.is_some();
        let phc = stored.unwrap_or_else(|| DUMMY_HASH.to_owned());
        let ok = PasswordHash::new(&phc)
            .map(|parsed| {
                Argon2::default()
                    .verify_password(password.as_bytes(), &parsed)
                    .is_ok()
            })
            .unwrap_or(false);
        ok && known
    })
    .await
}

/// Argon2id (default params) of a random string nobody knows.
const DUMMY_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$1fXwPO0uFEo+lDOHtW5qgMM0u3fsMZT/Qf4PRHkFTbY";

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn passwords_hash_with_argon2id_and_verify() {
        let hash = hash_password("correct horse".into(), DEFAULT_HASH_WAIT).await;
        let hash = hash.expect("a hashing slot is free");
        assert!(hash.starts_with("$argon2id$"));
        assert!(verify_password(
            "correct horse".into(),
            Some(hash.clone()),
            DEFAULT_HASH_WAIT
        )
        .await
        .unwrap());
        assert!(
            !verify_password("wrong horse".into(), Some(hash), DEFAULT_HASH_WAIT)
                .await
                .unwrap()
        );
        assert!(!verify_password("anything".into(), None, DEFAULT_HASH_WAIT)
            .await
            .unwrap());
    }
}
