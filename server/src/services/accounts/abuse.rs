//! How much guessing and mailing accounts allow, as rules of the one limit
//! primitive ([`crate::services::limits`]).
//!
//! Signing in without handing strangers a lockout switch:
//! - Wrong passwords are limited per account *and client address* (5 per
//!   15 minutes, 20 per day): a guesser is slowed down on their own address
//!   and the owner, on theirs, is not affected.
//! - Per client address across accounts (50 per 15 minutes) against
//!   credential stuffing; IPv6 clients count per /64, the block one
//!   subscriber gets.
//! - Per account over all addresses, a ceiling (300 per day) far above
//!   anything an owner reaches: only a distributed attack hits it.
//! - A unit is taken before the password is checked and given back when it
//!   was right, so a burst of guesses is cut off before it is evaluated.
//! - Even at the ceiling the owner gets in: the e-mailed reset code has its
//!   own limits, signs the owner in, and clears the account's ceiling.
use crate::services::limits::Rule;

/// Wrong passwords for one account from one client address.
pub const LOGIN_FAILURES_PER_CLIENT: Rule = Rule::per_minutes(5, 15);
/// The same over a day: the delay grows for a client that keeps guessing.
pub const LOGIN_FAILURES_PER_CLIENT_DAY: Rule = Rule::per_minutes(20, 24 * 60);
/// Wrong passwords from one address across accounts (credential stuffing);
/// generous because offices and mobile carriers share addresses.
pub const LOGIN_FAILURES_PER_IP: Rule = Rule::per_minutes(50, 15);
/// Wrong passwords for one account from everywhere: the distributed-attack ceiling.
pub const LOGIN_FAILURES_PER_ACCOUNT_DAY: Rule = Rule::per_minutes(300, 24 * 60);
/// Reset-code e-mails per address asked for: stops mail-bombing someone's inbox.
pub const CODES_SENT_PER_EMAIL: Rule = Rule::per_minutes(3, 15);
/// Reset-code e-mails requested from one client address.
pub const CODES_SENT_PER_IP: Rule = Rule::per_minutes(10, 60);
/// Wrong codes from one address (each code also dies after 5 wrong tries).
pub const CODE_FAILURES_PER_IP: Rule = Rule::per_minutes(20, 15);
/// Wrong codes for one account, across the codes it was sent.
pub const CODE_FAILURES_PER_ACCOUNT: Rule = Rule::per_minutes(10, 15);

/// Wrong tries before a code dies.
pub const CODE_MAX_ATTEMPTS: i32 = 5;
/// A code's lifetime: 15 minutes.
pub const CODE_TTL_MS: i64 = 15 * 60_000;
/// A session's lifetime: the `userInfo` cookie's 90 days.
pub const SESSION_TTL_MS: i64 = 90 * 24 * 3_600_000;
/// `last_seen_at` is written at most this often, not on every request.
pub const LAST_SEEN_RESOLUTION_MS: i64 = 60_000;
