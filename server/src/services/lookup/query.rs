//! One lookup: the numbering plan's facts for everyone; for subscribers the
//! spam verdict and the owner's published entry, unless the owner opted the
//! number out. Every lookup counts against a daily limit (per account, or
//! per address for visitors); a subscriber's full lookup is a use of the
//! service, written to the usage ledger with its unit of the limit.
use super::facts::FactsCache;
use super::{owner, score};
use crate::domain::phone_data::PhoneData;
use crate::persistence::entities::user;
use crate::services::accounts::ClientInfo;
use crate::services::limits::{self, Rule};
use crate::services::usage::{self, UsageKind};
use crate::services::{phone, Cx, ServiceError};
use app::i18n::Locale;
use app::model::lookup::LookupResult;
use sea_orm::TransactionTrait;

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
    let info = phone::number_info(data, &input, region, q.locale, cx.now)?;
    let full = viewer.is_some_and(|u| crate::services::accounts::users::has_access(u, cx.now));
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
    match viewer.filter(|_| full) {
        // A full lookup: its unit of the limit and its ledger row together.
        Some(member) => {
            let txn = cx.db.begin().await?;
            limits::take(&txn, &key, rule, cx.now).await?;
            usage::record(&txn, member.id, UsageKind::Lookup, None, cx.now).await?;
            txn.commit().await?;
        }
        // One statement, atomic on its own: nothing is written with it.
        None => limits::take(&cx.db, &key, rule, cx.now).await?,
    }
    let mut result = LookupResult {
        info,
        full,
        opted_out: false,
        spam: None,
        owner: None,
    };
    let facts = cx
        .caches
        .get::<FactsCache>()
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
