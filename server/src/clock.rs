//! The one clock. Services take `now` as a parameter (milliseconds since the
//! Unix epoch) so tests can pass any instant; adapters and jobs read it here.

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    let since = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    i64::try_from(since.as_millis()).unwrap_or(i64::MAX)
}
