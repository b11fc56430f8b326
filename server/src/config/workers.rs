//! How the background workers of one process poll, lease and stop.
use anyhow::{Context as _, Result};
use std::time::Duration;

/// Settings of the background workers.
#[derive(Clone, Debug)]
pub struct WorkerSettings {
    /// After a shutdown signal: how long requests and held work may take to
    /// finish before what is left is handed back (`SHUTDOWN_GRACE_SECS`, 20).
    pub shutdown_grace: Duration,
    /// The longest idle wait of every worker (`WORKER_POLL_MS`; unset: each
    /// worker's own, 2 s for SMS and e-mail, 5 s for calls, 30 s for renewals,
    /// an hour for the tracking retention sweep).
    pub poll: Option<Duration>,
    /// Shortens every lease, and the SMS look-up grace, to this
    /// (`WORKER_LEASE_SECS`; unset: the built-in ones, 1 to 5 minutes).
    /// Only for tests: a lease shorter than a slow provider call lets a
    /// second worker take over a message that is still being sent.
    pub lease: Option<Duration>,
}

impl WorkerSettings {
    /// Reads the variables above.
    ///
    /// # Errors
    /// A value that is not a whole number (0 is allowed for the grace only).
    pub fn from_vars(var: &dyn Fn(&str) -> Option<String>) -> Result<WorkerSettings> {
        let number = |name: &str| -> Result<Option<u64>> {
            var(name)
                .filter(|v| !v.trim().is_empty())
                .map_or(Ok(None), |v| {
                    v.trim()
                        .parse::<u64>()
                        .map(Some)
                        .with_context(|| format!("{name}={v:?} is not a whole number"))
                })
        };
        let positive = |name: &str| -> Result<Option<u64>> {
            let value = number(name)?;
            anyhow::ensure!(value != Some(0), "{name} must be above 0");
            Ok(value)
        };
        Ok(WorkerSettings {
            shutdown_grace: Duration::from_secs(number("SHUTDOWN_GRACE_SECS")?.unwrap_or(20)),
            poll: positive("WORKER_POLL_MS")?.map(Duration::from_millis),
            lease: positive("WORKER_LEASE_SECS")?.map(Duration::from_secs),
        })
    }

    /// A worker's idle wait: its own `default`, or the configured poll if shorter.
    pub fn poll_or(&self, default: Duration) -> Duration {
        self.poll.map_or(default, |poll| poll.min(default))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_overrides() {
        let none = WorkerSettings::from_vars(&|_| None).unwrap();
        assert_eq!(none.shutdown_grace, Duration::from_secs(20));
        assert_eq!(
            none.poll_or(Duration::from_secs(30)),
            Duration::from_secs(30)
        );
        let set = |name: &str| match name {
            "SHUTDOWN_GRACE_SECS" => Some("3".to_owned()),
            "WORKER_POLL_MS" => Some("250".to_owned()),
            "WORKER_LEASE_SECS" => Some("2".to_owned()),
            _ => None,
        };
        let tuned = WorkerSettings::from_vars(&set).unwrap();
        assert_eq!(tuned.shutdown_grace, Duration::from_secs(3));
        assert_eq!(
            tuned.poll_or(Duration::from_secs(30)),
            Duration::from_millis(250)
        );
        assert_eq!(
            tuned.poll_or(Duration::from_millis(100)),
            Duration::from_millis(100)
        );
        assert_eq!(tuned.lease, Some(Duration::from_secs(2)));
        assert!(
            WorkerSettings::from_vars(&|n| (n == "WORKER_LEASE_SECS").then(|| "0".to_owned()))
                .is_err()
        );
        assert!(WorkerSettings::from_vars(
            &|n| (n == "SHUTDOWN_GRACE_SECS").then(|| "soon".to_owned())
        )
        .is_err());
    }
}
