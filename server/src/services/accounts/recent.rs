//! Sessions this process recognised a moment ago, by the token's digest,
//! for a hot path that checks the session again inside the transaction of
//! its own write (a subscriber's lookup writes its ledger row with
//! [`crate::services::usage::record_each_while_subscribed`]). Reusing one saves
//! that path a database read; it never lets an ended session work: the
//! write finds no open session, the path forgets the token here and
//! recognises it afresh, so a session ended on any instance stops at its
//! next request.
use super::abuse::LAST_SEEN_RESOLUTION_MS;
use crate::tokens;
use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

/// How long a recognised session is reused: no longer than the resolution
/// of `last_seen_at`, which a fresh recognition keeps up to date.
const REUSE_FOR_MS: i64 = LAST_SEEN_RESOLUTION_MS;
/// Past this many sessions the cache starts over (memory stays bounded).
const MAX_SESSIONS: usize = 50_000;

/// What a hot path keeps of a recognised session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recognised {
    pub session_id: i64,
    pub user_id: i64,
}

/// Recently recognised sessions of this process.
#[derive(Debug, Default)]
pub struct RecentSessions {
    sessions: Mutex<HashMap<String, (i64, Recognised)>>,
}

impl RecentSessions {
    /// The session `token` was recognised as a moment ago, if any. The
    /// caller must check it again in its write (see the module).
    pub fn recent(&self, token: &str, now: i64) -> Option<Recognised> {
        let sessions = self.lock();
        let (at, known) = sessions.get(&tokens::digest(&[token]))?;
        (0..REUSE_FOR_MS).contains(&(now - at)).then_some(*known)
    }

    /// Keeps `known`, just recognised for `token` at `now`.
    pub fn remember(&self, token: &str, known: Recognised, now: i64) {
        let mut sessions = self.lock();
        if sessions.len() >= MAX_SESSIONS {
            sessions.clear();
        }
        sessions.insert(tokens::digest(&[token]), (now, known));
    }

    /// Forgets `token`: its session was found ended or changed.
    pub fn forget(&self, token: &str) {
        self.lock().remove(&tokens::digest(&[token]));
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, (i64, Recognised)>> {
        self.sessions.lock().unwrap_or_else(PoisonError::into_inner)
    }
}
