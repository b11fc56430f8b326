//! Writing one group of queued lookup units: its transaction and statements.
use super::{unit_key, Answer, Queued, Unit};
use crate::services::accounts::recent::Recognised;
use crate::services::limits::{self, Rule};
use crate::services::usage::{self, SessionUse, UsageKind};
use crate::services::{Cx, ServiceError};
use sea_orm::{DatabaseTransaction, TransactionTrait as _};
use std::collections::HashMap;

/// The group in one transaction and a few statements whatever its size:
/// the units of each rule by one upsert per repeat of a key, the ledger
/// rows of the full lookups taken by one read of their sessions and one
/// insert, a unit given back where its session was not open.
pub(super) async fn write_all(cx: &Cx, group: &[Queued]) -> Result<Vec<Answer>, ServiceError> {
    let txn = cx.db.begin().await?;
    let keys: Vec<String> = group.iter().map(Queued::key).collect();
    let granted = take_units(&txn, group, &keys).await?;
    let full: Vec<(usize, SessionUse)> = group
        .iter()
        .enumerate()
        .filter(|(i, _)| granted[*i])
        .filter_map(|(i, q)| match &q.unit {
            Unit::Full(known) => Some((i, q.session_use(known))),
            Unit::Plain(_) => None,
        })
        .collect();
    let uses: Vec<SessionUse> = full.iter().map(|(_, u)| *u).collect();
    let open = usage::record_each_while_subscribed(&txn, &uses, UsageKind::Lookup).await?;
    let mut recorded = vec![false; group.len()];
    for (&(i, _), open) in full.iter().zip(open) {
        recorded[i] = open;
        if !open {
            limits::give_back(&txn, &keys[i]).await?;
        }
    }
    let answers = answers(&txn, group, &keys, &granted, &recorded).await?;
    txn.commit().await?;
    Ok(answers)
}

/// Each unit's answer: whether its ledger row was written, or the limit's
/// refusal with the wait until its window ends (read once per key).
async fn answers(
    txn: &DatabaseTransaction,
    group: &[Queued],
    keys: &[String],
    granted: &[bool],
    recorded: &[bool],
) -> Result<Vec<Answer>, ServiceError> {
    let mut waits: HashMap<&str, u64> = HashMap::new();
    let mut answers = Vec::with_capacity(group.len());
    for (i, q) in group.iter().enumerate() {
        if granted[i] {
            answers.push(Ok(recorded[i]));
            continue;
        }
        let key = keys[i].as_str();
        let retry_after_secs = match waits.get(key) {
            Some(secs) => *secs,
            None => {
                let secs = limits::retry_after_secs(txn, key, q.rule, q.now).await?;
                *waits.entry(key).or_insert(secs)
            }
        };
        crate::metrics::limit_hit(key);
        answers.push(Err(ServiceError::RateLimited { retry_after_secs }));
    }
    Ok(answers)
}

/// Whether each unit of `group` got its unit of its rule (`keys[i]` is
/// unit `i`'s key), the units of one rule together at their latest time.
async fn take_units(
    txn: &DatabaseTransaction,
    group: &[Queued],
    keys: &[String],
) -> Result<Vec<bool>, ServiceError> {
    let mut granted = vec![false; group.len()];
    // Rules in one order and each rule's keys in order: writers on two
    // instances lock the counters' rows in the same order.
    let rules: std::collections::BTreeSet<Rule> = group.iter().map(|q| q.rule).collect();
    for rule in rules {
        let of_rule: Vec<usize> = (0..group.len())
            .filter(|&i| group[i].rule == rule)
            .collect();
        let now = of_rule
            .iter()
            .map(|&i| group[i].now)
            .max()
            .unwrap_or_default();
        let listed: Vec<&str> = of_rule.iter().map(|&i| keys[i].as_str()).collect();
        let taken = limits::take_each(txn, &listed, rule, now).await?;
        for (&i, taken) in of_rule.iter().zip(taken) {
            granted[i] = taken;
        }
    }
    Ok(granted)
}

impl Queued {
    fn key(&self) -> String {
        match &self.unit {
            Unit::Full(known) => unit_key(known.user_id),
            Unit::Plain(key) => key.clone(),
        }
    }

    fn session_use(&self, known: &Recognised) -> SessionUse {
        SessionUse {
            session_id: known.session_id,
            user_id: known.user_id,
            now: self.now,
        }
    }
}
