//! Lookups' units of their daily limits, committed in groups.
//!
//! Every lookup writes its unit of a daily limit (the account's, or the
//! address's for visitors), and a subscriber's full lookup its row in the
//! usage ledger with it. A transaction per lookup made them wait for their
//! own writes and commit (on SQLite in one line, handing the write turn
//! from one to the next; on PostgreSQL four round trips and a commit for a
//! full lookup). Instead a lookup queues its unit, and one writer task
//! (started by the first unit of an empty queue) writes what is queued, a
//! transaction per write turn, and answers each unit. What stays as it was:
//! - each unit is taken by the one conditional upsert of the limits, for a
//!   group's keys in one statement ([`limits::take_each`]), so a burst gets
//!   exactly the cap;
//! - a unit and its ledger row commit together or not at all: the row is
//!   written only while the session is open and the member subscribed, and
//!   when it is not, the unit is given back in the same transaction;
//! - nothing is answered before the transaction that holds it committed; a
//!   failed transaction answers every unit in it "busy" (nothing of it was
//!   written).
use crate::services::accounts::recent::Recognised;
use crate::services::limits::Rule;
use crate::services::{Cx, ServiceError};
use std::sync::{Arc, Mutex, PoisonError};
use tokio::sync::oneshot;

mod group;

/// Units per transaction at most: a long queue is written in several, so
/// no transaction holds the database's write lock for long.
const MOST_PER_GROUP: usize = 256;

/// Whose unit a lookup takes.
pub(super) enum Unit {
    /// A subscriber's full lookup: the account's unit with its ledger row.
    Full(Recognised),
    /// Any other lookup: a unit of this limit's key alone.
    Plain(String),
}

/// What a queued unit is answered: `Ok(true)` a full lookup's unit taken
/// with its ledger row, `Ok(false)` a plain unit taken or a full one not
/// (the session ended or access did), or the limit's refusal.
type Answer = Result<bool, ServiceError>;

/// One lookup's unit, waiting for a writer.
struct Queued {
    unit: Unit,
    rule: Rule,
    now: i64,
    reply: oneshot::Sender<Answer>,
}

/// The units this process queued and not yet written, and whether a
/// writer is at work on them.
#[derive(Default)]
pub(super) struct UnitQueue {
    state: Mutex<QueueState>,
}

#[derive(Default)]
struct QueueState {
    pending: Vec<Queued>,
    writing: bool,
}

impl UnitQueue {
    /// Queues a unit; `true` when no writer is at work and the caller must
    /// start one.
    fn push(&self, queued: Queued) -> bool {
        let mut state = self.lock();
        state.pending.push(queued);
        !std::mem::replace(&mut state.writing, true)
    }

    /// The oldest queued units, at most [`MOST_PER_GROUP`], or `None` (and
    /// the writer stops) when none is left.
    fn next_group(&self) -> Option<Vec<Queued>> {
        let mut state = self.lock();
        if state.pending.is_empty() {
            state.writing = false;
            return None;
        }
        let size = state.pending.len().min(MOST_PER_GROUP);
        Some(state.pending.drain(..size).collect())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, QueueState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Takes `unit` of `rule`: a full lookup's with its ledger row while its
/// session is open and its member subscribed (`false`, nothing taken, when
/// not), a plain one alone (`false`).
///
/// # Errors
/// The limit; [`ServiceError::Busy`] when the writer got no write turn or
/// the group's transaction failed.
pub(super) async fn take_grouped(cx: &Cx, unit: Unit, rule: Rule) -> Answer {
    let queue = cx.caches.get::<UnitQueue>();
    let (reply, answer) = oneshot::channel();
    let queued = Queued {
        unit,
        rule,
        now: cx.now,
        reply,
    };
    // The writer runs on its own task: a lookup whose client goes away
    // does not take the others' writes with it.
    if queue.push(queued) {
        tokio::spawn(write_queued(cx.clone(), queue));
    }
    answer.await.unwrap_or(Err(busy()))
}

/// Writes the queue's units, a group per write turn, until none is left.
async fn write_queued(cx: Cx, queue: Arc<UnitQueue>) {
    let mut writer = Writer {
        queue,
        stopped: false,
    };
    loop {
        // Past the turn's wait the writer stops; what it leaves is answered busy.
        let Ok(_turn) = cx.sqlite_write_turn().await else {
            return;
        };
        let Some(group) = writer.queue.next_group() else {
            writer.stopped = true;
            return;
        };
        write(&cx, group).await;
    }
}

/// The writer at work; if it ends without emptying the queue (no write
/// turn came, or it panicked), the units left are answered busy.
struct Writer {
    queue: Arc<UnitQueue>,
    stopped: bool,
}

impl Drop for Writer {
    fn drop(&mut self) {
        if self.stopped {
            return;
        }
        let left = {
            let mut state = self.queue.lock();
            state.writing = false;
            std::mem::take(&mut state.pending)
        };
        for queued in left {
            let _ = queued.reply.send(Err(busy()));
        }
    }
}

/// Writes `group` in one transaction and answers each of its units.
async fn write(cx: &Cx, group: Vec<Queued>) {
    match group::write_all(cx, &group).await {
        Ok(answers) => {
            for (queued, answer) in group.into_iter().zip(answers) {
                let _ = queued.reply.send(answer);
            }
        }
        Err(e) => {
            tracing::error!(error = %e, units = group.len(), "writing lookup units failed");
            for queued in group {
                let _ = queued.reply.send(Err(busy()));
            }
        }
    }
}

/// The account's daily lookup limit's key.
pub(super) fn unit_key(user_id: i64) -> String {
    format!("lookups:user:{user_id}")
}

fn busy() -> ServiceError {
    ServiceError::Busy {
        retry_after_secs: 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn queued(key: usize) -> (Queued, oneshot::Receiver<Answer>) {
        let (reply, answer) = oneshot::channel();
        let unit = Unit::Plain(format!("lookups:ip:{key}"));
        let rule = Rule::per_minutes(5, 60);
        let queued = Queued {
            unit,
            rule,
            now: 0,
            reply,
        };
        (queued, answer)
    }

    #[test]
    fn a_long_queue_is_written_oldest_first_in_bounded_groups_by_one_writer() {
        let queue = UnitQueue::default();
        let mut answers = Vec::new();
        let starts: Vec<bool> = (0..300)
            .map(|key| {
                let (q, answer) = queued(key);
                answers.push(answer);
                queue.push(q)
            })
            .collect();
        // Only the first unit of an empty queue starts a writer.
        assert_eq!(starts.iter().filter(|s| **s).count(), 1);
        assert!(starts[0]);
        let first = queue.next_group().expect("a group");
        assert_eq!(first.len(), MOST_PER_GROUP);
        assert!(matches!(&first[0].unit, Unit::Plain(k) if k == "lookups:ip:0"));
        assert_eq!(
            queue.next_group().expect("the rest").len(),
            300 - MOST_PER_GROUP
        );
        assert!(queue.next_group().is_none());
        // The writer stopped: the next unit starts another one.
        assert!(queue.push(queued(300).0));
    }
}
