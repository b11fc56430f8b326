//! Stopping one process's background workers without losing or doubling
//! work. On a shutdown signal every worker stops claiming; what it holds is
//! finished within the grace period, and whatever is still held after it is
//! handed back (`startup::hand_back`): work that never reached the outside world
//! goes back to the queue for another instance at once, an outside call in
//! flight is marked for reconciliation (it may have happened).
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{watch, Notify};

/// A claimed row, by queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Work {
    /// `sms_queue` row.
    Sms(i64),
    /// `voice_messages` row.
    Call(i64),
    /// `charges` row of a renewal.
    Charge(i64),
    /// `job_queue` row (e-mails, conversion events).
    Job(i64),
}

/// How far a held row got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Claimed, nothing has left the process for it yet.
    Claimed,
    /// The outside call (provider, mail relay) may be in flight.
    Calling,
}

/// The stop signal and the rows this process holds. Cloned into every
/// worker through `Wakers`.
#[derive(Clone, Debug)]
pub struct Stop {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    signal: watch::Sender<bool>,
    /// Set once the workers are being cancelled: a hold dropped from then
    /// on stays listed, so the hand-back sees what the cancelled task held.
    frozen: AtomicBool,
    next: AtomicU64,
    held: Mutex<HashMap<u64, (Work, Phase)>>,
}

impl Default for Stop {
    fn default() -> Self {
        let (signal, _) = watch::channel(false);
        let inner = Inner {
            signal,
            frozen: AtomicBool::new(false),
            next: AtomicU64::new(0),
            held: Mutex::default(),
        };
        Stop {
            inner: Arc::new(inner),
        }
    }
}

impl Stop {
    /// Asks every worker to stop claiming.
    pub fn request(&self) {
        self.inner.signal.send_replace(true);
    }

    /// Whether a stop was asked for.
    pub fn requested(&self) -> bool {
        *self.inner.signal.borrow()
    }

    /// Returns once a stop was asked for.
    pub async fn wait(&self) {
        let mut receiver = self.inner.signal.subscribe();
        let _ = receiver.wait_for(|stopping| *stopping).await;
    }

    /// A worker's idle wait: until `woken`, `period` or a stop, whichever
    /// comes first. Returns whether the worker should go on.
    pub async fn idle(&self, period: Duration, woken: &Notify) -> bool {
        tokio::select! {
            () = self.wait() => {}
            _ = tokio::time::timeout(period, woken.notified()) => {}
        }
        !self.requested()
    }

    /// Records that this process holds `work` (phase [`Phase::Claimed`])
    /// until the returned guard is dropped.
    pub fn hold(&self, work: Work) -> Hold {
        let key = self.inner.next.fetch_add(1, Ordering::Relaxed);
        self.held_rows().insert(key, (work, Phase::Claimed));
        Hold {
            stop: self.clone(),
            key,
        }
    }

    /// Keeps every hold listed from now on, even when its task is dropped.
    pub fn freeze(&self) {
        self.inner.frozen.store(true, Ordering::Release);
    }

    /// What this process holds now.
    pub fn held(&self) -> Vec<(Work, Phase)> {
        self.held_rows().values().copied().collect()
    }

    fn held_rows(&self) -> std::sync::MutexGuard<'_, HashMap<u64, (Work, Phase)>> {
        // A panic while holding the lock cannot leave the map half-written.
        self.inner
            .held
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// A row held by a worker; dropping it (the work is settled) forgets it.
#[derive(Debug)]
pub struct Hold {
    stop: Stop,
    key: u64,
}

impl Hold {
    /// The outside call is about to start.
    pub fn calling(&self) {
        if let Some(entry) = self.stop.held_rows().get_mut(&self.key) {
            entry.1 = Phase::Calling;
        }
    }
}

impl Drop for Hold {
    fn drop(&mut self) {
        if !self.stop.inner.frozen.load(Ordering::Acquire) {
            self.stop.held_rows().remove(&self.key);
        }
    }
}

/// `WORKER_LEASE_SECS` when set: every lease shortened to it (tests of
/// several instances); 0 = the built-in leases.
static LEASE_OVERRIDE_MS: AtomicI64 = AtomicI64::new(0);

/// Sets the lease override for this process (once, at start).
pub fn set_lease_override(lease: Option<Duration>) {
    let ms = lease.map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
    LEASE_OVERRIDE_MS.store(ms, Ordering::Relaxed);
}

/// A queue's lease: its built-in `default_ms`, or the override.
pub fn lease_ms(default_ms: i64) -> i64 {
    match LEASE_OVERRIDE_MS.load(Ordering::Relaxed) {
        0 => default_ms,
        ms => ms.min(default_ms),
    }
}
