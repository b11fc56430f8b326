//! How much guessing and mailing we allow. Failures are counted, not
//! successes, so a person who types correctly is never slowed down.
use super::rate_limit::Rule;

const MINUTE_MS: i64 = 60_000;

/// Wrong passwords for one account: enough for typos, far too few for guessing.
pub const LOGIN_FAILURES_PER_ACCOUNT: Rule = Rule { limit: 10, window_ms: 15 * MINUTE_MS };
/// Wrong passwords from one address across accounts (credential stuffing);
/// generous because offices and mobile carriers share addresses.
pub const LOGIN_FAILURES_PER_IP: Rule = Rule { limit: 50, window_ms: 15 * MINUTE_MS };
/// Reset-code e-mails per address asked for: stops mail-bombing someone's inbox.
pub const CODES_SENT_PER_EMAIL: Rule = Rule { limit: 3, window_ms: 15 * MINUTE_MS };
/// Reset-code e-mails requested from one address.
pub const CODES_SENT_PER_IP: Rule = Rule { limit: 10, window_ms: 60 * MINUTE_MS };
/// Wrong codes from one address (each code also dies after 5 wrong tries).
pub const CODE_FAILURES_PER_IP: Rule = Rule { limit: 20, window_ms: 15 * MINUTE_MS };
/// Wrong codes for one account, across the codes it was sent.
pub const CODE_FAILURES_PER_ACCOUNT: Rule = Rule { limit: 10, window_ms: 15 * MINUTE_MS };

/// Wrong tries before a code dies (issue 4).
pub const CODE_MAX_ATTEMPTS: i32 = 5;
/// A code's lifetime: 15 minutes.
pub const CODE_TTL_MS: i64 = 15 * MINUTE_MS;
/// A session's lifetime: the `userInfo` cookie's 90 days (spec §9).
pub const SESSION_TTL_MS: i64 = 90 * 24 * 60 * MINUTE_MS;
/// `last_seen_at` is written at most this often, not on every request.
pub const LAST_SEEN_RESOLUTION_MS: i64 = MINUTE_MS;
