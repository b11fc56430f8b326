//! The one limit primitive behind every cap and abuse limit: fixed-window
//! counters in `rate_limit_counters`, shared by every server instance.
//!
//! A limit is never "count, then act": [`take`] is a single conditional
//! upsert that adds one to the window only while it is under the limit, so
//! of any number of concurrent callers exactly `limit` get through, on SQLite
//! and PostgreSQL alike (PostgreSQL locks the conflicting row; SQLite has one
//! writer at a time). Run it inside the transaction that does the limited
//! work and a refusal later in that work rolls the unit back with it. Run it
//! as the transaction's first statement on SQLite: a write first takes the
//! write lock before any snapshot is read.
//!
//! Limits that count failures (wrong passwords, wrong codes) take a unit
//! *before* the expensive check and [`give_back`] it on success, so a burst
//! of guesses is cut off before it is evaluated, not after.
use crate::persistence::entities::rate_limit_counter::{self, Column, Entity};
use crate::services::ServiceError;
use sea_orm::sea_query::{CaseStatement, Expr, ExprTrait as _, OnConflict, Query};
use sea_orm::{ActiveValue::Set, ColumnTrait as _, ConnectionTrait, EntityTrait, QueryFilter};
use std::collections::{BTreeSet, HashSet};

/// At most `limit` units per window of `window_ms`, the window starting with
/// the first unit taken after the previous one ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Rule {
    pub limit: i32,
    pub window_ms: i64,
}

impl Rule {
    /// `limit` per `minutes`.
    pub const fn per_minutes(limit: i32, minutes: i64) -> Rule {
        Rule {
            limit,
            window_ms: minutes * 60_000,
        }
    }
}

/// Takes one unit of `key`'s window, or fails with
/// [`ServiceError::RateLimited`] when the window is used up.
///
/// # Errors
/// The limit, or a database error.
pub async fn take(
    db: &impl ConnectionTrait,
    key: &str,
    rule: Rule,
    now: i64,
) -> Result<(), ServiceError> {
    let on_conflict = counted_while_under(rule, now);
    let row = rate_limit_counter::ActiveModel {
        bucket_key: Set(key.to_owned()),
        window_start: Set(now),
        hits: Set(1),
    };
    let taken = Entity::insert(row)
        .on_conflict(on_conflict)
        .exec_without_returning(db)
        .await?;
    if taken == 1 && rule.limit > 0 {
        return Ok(());
    }
    if rule.limit <= 0 {
        // A limit of zero: the insert above may have counted a first unit.
        reset(db, key).await?;
    }
    Err(limited(db, key, rule, now).await?)
}

/// Takes one unit of every `(key, rule)`; all or, on the first refusal, an
/// error (inside a transaction the units already taken roll back with it).
///
/// # Errors
/// The first limit reached, or a database error.
pub async fn take_all(
    db: &impl ConnectionTrait,
    limits: &[(&str, Rule)],
    now: i64,
) -> Result<(), ServiceError> {
    for (key, rule) in limits {
        take(db, key, *rule, now).await?;
    }
    Ok(())
}

/// The upsert's conflict arm: a window that ended starts again at `now`
/// with this unit; a running one counts it only while under the limit.
fn counted_while_under(rule: Rule, now: i64) -> OnConflict {
    let hits = (Entity, Column::Hits);
    let window_start = (Entity, Column::WindowStart);
    let expired = Expr::col(window_start).lte(now - rule.window_ms);
    OnConflict::column(Column::BucketKey)
        .value(
            Column::Hits,
            CaseStatement::new()
                .case(expired.clone(), 1)
                .finally(Expr::col(hits).add(1)),
        )
        .value(
            Column::WindowStart,
            CaseStatement::new()
                .case(expired.clone(), now)
                .finally(Expr::col(window_start)),
        )
        .action_and_where(expired.or(Expr::col(hits).lt(rule.limit)))
        .to_owned()
}

/// Takes one unit of `rule` for each of `keys` (a key listed n times asks
/// for n) by the conditional upsert of [`take`]: one statement for every
/// key listed, then one more per repeat of the most listed one, each
/// returning the keys that got their unit. `granted[i]`: whether `keys[i]`
/// did; a key refused once is not tried again. Run it inside the
/// transaction of the limited work, like [`take`].
///
/// # Errors
/// A database error.
pub async fn take_each(
    db: &impl ConnectionTrait,
    keys: &[&str],
    rule: Rule,
    now: i64,
) -> Result<Vec<bool>, ServiceError> {
    let mut granted = vec![false; keys.len()];
    if rule.limit <= 0 {
        return Ok(granted);
    }
    let mut pending: Vec<usize> = (0..keys.len()).collect();
    while !pending.is_empty() {
        let mut listed = BTreeSet::new();
        let (round, rest): (Vec<usize>, Vec<usize>) =
            pending.into_iter().partition(|&i| listed.insert(keys[i]));
        let taken = take_listed(db, &listed, rule, now).await?;
        for i in round {
            granted[i] = taken.contains(keys[i]);
        }
        pending = rest
            .into_iter()
            .filter(|&i| taken.contains(keys[i]))
            .collect();
    }
    Ok(granted)
}

/// One unit of each of `keys` (distinct, in order: concurrent writers lock
/// the rows in the same order) in one statement; the keys that got theirs.
async fn take_listed(
    db: &impl ConnectionTrait,
    keys: &BTreeSet<&str>,
    rule: Rule,
    now: i64,
) -> Result<HashSet<String>, ServiceError> {
    let mut insert = Query::insert();
    insert
        .into_table(Entity)
        .columns([Column::BucketKey, Column::WindowStart, Column::Hits]);
    for key in keys {
        insert.values_panic([(*key).into(), now.into(), 1.into()]);
    }
    insert
        .on_conflict(counted_while_under(rule, now))
        .returning_col(Column::BucketKey);
    let rows = db.query_all(&insert).await?;
    let taken = rows
        .iter()
        .map(|row| row.try_get_by_index::<String>(0))
        .collect::<Result<_, _>>()?;
    Ok(taken)
}

/// Returns a unit taken for an attempt that turned out not to count (a
/// correct password).
///
/// # Errors
/// A database error.
pub async fn give_back(db: &impl ConnectionTrait, key: &str) -> Result<(), ServiceError> {
    Entity::update_many()
        .col_expr(Column::Hits, Expr::col(Column::Hits).sub(1))
        .filter(Column::BucketKey.eq(key))
        .filter(Column::Hits.gt(0))
        .exec(db)
        .await?;
    Ok(())
}

/// Forgets `key` (after a success that proves the person, e.g. a reset code).
///
/// # Errors
/// A database error.
pub async fn reset(db: &impl ConnectionTrait, key: &str) -> Result<(), ServiceError> {
    Entity::delete_by_id(key.to_owned()).exec(db).await?;
    Ok(())
}

/// The refusal for a used-up window, with the seconds until it ends.
async fn limited(
    db: &impl ConnectionTrait,
    key: &str,
    rule: Rule,
    now: i64,
) -> Result<ServiceError, ServiceError> {
    crate::metrics::limit_hit(key);
    Ok(ServiceError::RateLimited {
        retry_after_secs: retry_after_secs(db, key, rule, now).await?,
    })
}

/// The whole seconds until `key`'s window of `rule` ends (at least one).
///
/// # Errors
/// A database error.
pub async fn retry_after_secs(
    db: &impl ConnectionTrait,
    key: &str,
    rule: Rule,
    now: i64,
) -> Result<u64, ServiceError> {
    let start = Entity::find_by_id(key.to_owned())
        .one(db)
        .await?
        .map_or(now, |row| row.window_start);
    let remaining_ms = std::cmp::max(start + rule.window_ms - now, 0);
    Ok(u64::try_from(remaining_ms / 1000).unwrap_or(0) + 1)
}
