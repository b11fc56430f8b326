//! The one clock. Services take `now` as a parameter (milliseconds since the
//! Unix epoch) so tests can pass any instant; adapters and jobs read it from
//! the application's [`Clock`] (`state.clock`), which follows the system time
//! in production and is set by tests. [`now_ms`] is the system time, for the
//! command line and start-up, where no application state exists yet.
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

/// No instant is set: the clock follows the system time.
const FOLLOWS_SYSTEM: i64 = i64::MIN;

/// Milliseconds since the Unix epoch, from the system.
pub fn now_ms() -> i64 {
    let since = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    i64::try_from(since.as_millis()).unwrap_or(i64::MAX)
}

/// The application's clock, shared by every clone (a test sets it after the
/// router is built and every handler and job sees the new instant).
#[derive(Clone, Debug)]
pub struct Clock {
    fixed: Arc<AtomicI64>,
}

impl Default for Clock {
    fn default() -> Self {
        Clock::system()
    }
}

impl Clock {
    /// A clock that follows the system time.
    pub fn system() -> Clock {
        Clock {
            fixed: Arc::new(AtomicI64::new(FOLLOWS_SYSTEM)),
        }
    }

    /// A clock standing at `at` until it is set again.
    pub fn fixed(at: i64) -> Clock {
        let clock = Clock::system();
        clock.set(at);
        clock
    }

    /// Milliseconds since the Unix epoch: the set instant, or the system's.
    pub fn now_ms(&self) -> i64 {
        match self.fixed.load(Ordering::SeqCst) {
            FOLLOWS_SYSTEM => now_ms(),
            at => at,
        }
    }

    /// Stops the clock at `at` (for every clone).
    pub fn set(&self, at: i64) {
        self.fixed
            .store(at.max(FOLLOWS_SYSTEM + 1), Ordering::SeqCst);
    }

    /// Moves a set clock `by` milliseconds (a system clock is first stopped
    /// at the system time). Returns the new instant.
    pub fn advance(&self, by: i64) -> i64 {
        let at = self.now_ms().saturating_add(by);
        self.set(at);
        at
    }

    /// Lets the clock follow the system time again.
    pub fn follow_system(&self) {
        self.fixed.store(FOLLOWS_SYSTEM, Ordering::SeqCst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_clock_stands_still_for_every_clone_until_released() {
        let clock = Clock::system();
        let seen_by_a_handler = clock.clone();
        clock.set(1_000);
        assert_eq!(seen_by_a_handler.now_ms(), 1_000);
        assert_eq!(clock.advance(500), 1_500);
        assert_eq!(seen_by_a_handler.now_ms(), 1_500);
        clock.follow_system();
        assert!(seen_by_a_handler.now_ms() > 1_500);
        assert_eq!(Clock::fixed(7).now_ms(), 7);
    }
}
