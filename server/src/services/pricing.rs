//! Price plans: which plans a price channel offers and how they are shown.
use super::ServiceError;
use crate::persistence::entities::price_plan;
use app_core::i18n::Key;
use app_core::model::{Cycle, PricePlan};
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// Longest channel code accepted (`cpl2_zh` is 7).
const MAX_CHANNEL_LEN: usize = 32;
/// How long plans read by one instance are reused. Every home page shows a
/// price: read per render, the plans were a database round trip per page.
/// A change made elsewhere (SQL, another instance) shows within this time.
pub const PLANS_FRESH_FOR_MS: i64 = 3_000;
/// Past this many (channel, filter) pairs the cache starts over: the
/// channel comes from the query string.
const MAX_CHANNELS: usize = 64;

/// Plan lists by (channel, active only), each with when it was read.
type PlanLists = HashMap<(String, bool), (i64, Arc<Vec<PricePlan>>)>;

/// The plan lists recently read, by channel and filter.
#[derive(Debug, Default)]
pub struct PlansCache {
    lists: Mutex<PlanLists>,
    /// Bumped by [`PlansCache::forget_all`]: a read that started before a
    /// change must not put back what it read, and pages rendered before it
    /// (see `page_cache`) are stale.
    generation: AtomicU64,
}

impl PlansCache {
    /// [`list_plans`], from memory while fresh.
    ///
    /// # Errors
    /// As [`list_plans`].
    pub async fn list(
        &self,
        db: &DatabaseConnection,
        channel: &str,
        active_only: bool,
        now: i64,
    ) -> Result<Arc<Vec<PricePlan>>, ServiceError> {
        let key = (channel.to_owned(), active_only);
        if let Some((read_at, plans)) = self.lock().get(&key) {
            if (0..PLANS_FRESH_FOR_MS).contains(&(now - read_at)) {
                return Ok(plans.clone());
            }
        }
        let generation = self.generation();
        let plans = Arc::new(list_plans(db, channel, active_only).await?);
        let mut lists = self.lock();
        if self.generation() == generation {
            if lists.len() >= MAX_CHANNELS {
                lists.clear();
            }
            lists.insert(key, (now, plans.clone()));
        }
        Ok(plans)
    }

    /// Call after changing any price plan: the next read goes to the database.
    pub fn forget_all(&self) {
        self.generation.fetch_add(1, Ordering::AcqRel);
        self.lock().clear();
    }

    /// Changes with every [`PlansCache::forget_all`].
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, PlanLists> {
        self.lists.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The plans of `channel`, by `sort`. With `active_only` (the API's
/// `hasWeight=true`), plans with weight 0 are left out.
///
/// # Errors
/// [`ServiceError::Invalid`] for a malformed channel code; database errors.
pub async fn list_plans(
    db: &DatabaseConnection,
    channel: &str,
    active_only: bool,
) -> Result<Vec<PricePlan>, ServiceError> {
    validate_channel(channel)?;
    let mut query = price_plan::Entity::find().filter(price_plan::Column::Channel.eq(channel));
    if active_only {
        query = query.filter(price_plan::Column::Weight.gt(0));
    }
    let rows = query.order_by_asc(price_plan::Column::Sort).all(db).await?;
    Ok(rows.into_iter().filter_map(to_view).collect())
}

fn validate_channel(channel: &str) -> Result<(), ServiceError> {
    let well_formed = !channel.is_empty()
        && channel.len() <= MAX_CHANNEL_LEN
        && channel
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
    if well_formed {
        Ok(())
    } else {
        Err(ServiceError::Invalid(Key::ErrorBadRequest))
    }
}

fn to_view(row: price_plan::Model) -> Option<PricePlan> {
    let cycle = match row.cycle.as_str() {
        "week" => Cycle::Week,
        "month" => Cycle::Month,
        other => {
            tracing::error!(
                plan = row.id,
                cycle = other,
                "price plan with unknown cycle skipped"
            );
            return None;
        }
    };
    Some(PricePlan {
        id: row.id,
        sort: row.sort,
        is_tryout: row.is_tryout,
        trial_price: format_minor(row.trial_price_minor, row.currency_exponent),
        present_price: format_minor(row.present_price_minor, row.currency_exponent),
        currency: row.currency,
        cycle,
        trial_days: row.trial_days,
    })
}

/// Minor units to a decimal string: `(99, 2)` → `"0.99"`, `(300, 0)` → `"300"`.
pub fn format_minor(amount: i64, exponent: i16) -> String {
    if exponent <= 0 {
        return amount.to_string();
    }
    let scale = 10_i64.pow(u32::from(exponent.unsigned_abs()));
    let sign = if amount < 0 { "-" } else { "" };
    let abs = amount.unsigned_abs();
    let scale = scale.unsigned_abs();
    format!(
        "{sign}{}.{:0width$}",
        abs / scale,
        abs % scale,
        width = exponent as usize
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minor_units_format_exactly() {
        assert_eq!(format_minor(99, 2), "0.99");
        assert_eq!(format_minor(2999, 2), "29.99");
        assert_eq!(format_minor(690, 2), "6.90");
        assert_eq!(format_minor(300, 0), "300");
        assert_eq!(format_minor(190_000, 0), "190000");
        assert_eq!(format_minor(-5, 2), "-0.05");
    }

    #[test]
    fn channel_codes_are_checked() {
        assert!(validate_channel("cpl2_id").is_ok());
        assert!(validate_channel("").is_err());
        assert!(validate_channel("cpl2'; drop table").is_err());
        assert!(validate_channel(&"a".repeat(33)).is_err());
    }
}
