//! One lookup: the numbering plan's facts for everyone; for subscribers the
//! spam verdict and the owner's published entry, unless the owner opted the
//! number out. Every lookup counts against a daily limit (per account, or
//! per address for visitors); a subscriber's counts as using the service.
use super::{owner, score};
use crate::domain::phone_data::PhoneData;
use crate::persistence::entities::{service_use, user};
use crate::services::accounts::ClientInfo;
use crate::services::limits::{self, Rule};
use crate::services::{billing, phone, Cx, ServiceError};
use app::i18n::Locale;
use app::model::lookup::LookupResult;
use sea_orm::{ActiveValue::Set, ConnectionTrait, EntityTrait};
use std::collections::HashSet;
use std::sync::Mutex;

/// What was asked.
#[derive(Clone, Copy, Debug)]
pub struct Query<'a> {
    /// The country picker's value (a region, or `+882`-style code), or empty
    /// for a number written with `+`.
    pub country: &'a str,
    pub phone: &'a str,
    pub locale: Locale,
}

/// The number as the picker and the field give it: `(input, region)`.
fn number_input<'a>(q: &Query<'a>) -> (String, Option<&'a str>) {
    match q.country.strip_prefix('+') {
        Some(_) if !q.phone.trim_start().starts_with('+') => {
            (format!("{}{}", q.country, q.phone), None)
        }
        _ => (
            q.phone.to_owned(),
            Some(q.country).filter(|c| !c.is_empty()),
        ),
    }
}

/// Records that `member` used the service. The refund rule only asks
/// whether the service was used after a charge, so one row per member per
/// day and paid period (`vip_time` moves with every charge) is enough; this
/// process remembers which rows it wrote today, so a busy member's lookups
/// cost no extra query. Forgetting (a restart) costs one more row, no more.
async fn record_use(
    db: &impl ConnectionTrait,
    member: &user::Model,
    now: i64,
) -> Result<(), ServiceError> {
    /// The day, and the (member, paid period) pairs recorded on it.
    type WrittenToday = (i64, Option<HashSet<(i64, i64)>>);
    static WRITTEN: Mutex<WrittenToday> = Mutex::new((0, None));
    let day = now.div_euclid(86_400_000);
    let fresh = {
        let mut written = WRITTEN
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if written.0 != day {
            *written = (day, None);
        }
        written
            .1
            .get_or_insert_with(HashSet::new)
            .insert((member.id, member.vip_time))
    };
    if fresh {
        let used = service_use::ActiveModel {
            user_id: Set(member.id),
            kind: Set("lookup".to_owned()),
            created_at: Set(now),
            ..Default::default()
        };
        service_use::Entity::insert(used)
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}

/// Looks `q` up for `viewer` (a member, or `None` for a visitor).
///
/// # Errors
/// [`app::i18n::Key::PhoneInvalid`] for anything that is not a valid
/// number (checked before any limit is spent); the daily limit; database errors.
pub async fn lookup(
    cx: &Cx,
    data: &PhoneData,
    viewer: Option<&user::Model>,
    client: &ClientInfo,
    q: Query<'_>,
) -> Result<LookupResult, ServiceError> {
    let (input, region) = number_input(&q);
    let info = phone::number_info(data, &input, region, q.locale)?;
    let full = viewer.is_some_and(|u| billing::manage::has_access(u, cx.now));
    let day = 24 * 60;
    let (key, rule) = match viewer {
        Some(member) => (
            format!("lookups:user:{}", member.id),
            Rule::per_minutes(cx.config.lookup.per_account_day, day),
        ),
        None => (
            format!("lookups:ip:{}", client.ip_bucket()),
            Rule::per_minutes(cx.config.lookup.per_ip_day, day),
        ),
    };
    // One statement, atomic on its own: nothing is written together with it.
    limits::take(&cx.db, &key, rule, cx.now).await?;
    if let (true, Some(member)) = (full, viewer) {
        record_use(&cx.db, member, cx.now).await?;
    }
    let mut result = LookupResult {
        info,
        full,
        opted_out: false,
        spam: None,
        owner: None,
    };
    let facts = cx
        .number_facts
        .read(&cx.db, &result.info.e164, cx.now)
        .await?;
    if facts.entry.as_ref().is_some_and(|r| r.lookup_opt_out) {
        result.opted_out = true;
        return Ok(result);
    }
    if full {
        result.spam = Some(score::verdict(&facts.counted, facts.under_review, cx.now));
        result.owner = facts.entry.as_ref().and_then(owner::published);
    }
    Ok(result)
}
