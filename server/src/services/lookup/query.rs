//! One lookup: the numbering plan's facts for everyone; for subscribers the
//! spam verdict and the owner's published entry, unless the owner opted the
//! number out. Every lookup counts against a daily limit (per account, or
//! per address for visitors); a subscriber's full lookup is a use of the
//! service, written to the usage ledger with its unit of the limit.
use super::facts::FactsCache;
use super::units::{self, Unit};
use super::{owner, score};
use crate::domain::phone_data::PhoneData;
use crate::services::accounts::recent::{RecentSessions, Recognised};
use crate::services::accounts::sessions::authenticate;
use crate::services::accounts::users::has_access;
use crate::services::accounts::ClientInfo;
use crate::services::limits::Rule;
use crate::services::{phone, Cx, ServiceError};
use app_core::i18n::Locale;
use app_core::model::lookup::LookupResult;

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

/// Looks `q` up for the holder of `token` (a member's session), or for a
/// visitor. A stale or foreign token is a visitor, not an error: the free
/// part needs no account.
///
/// # Errors
/// [`app_core::i18n::Key::PhoneInvalid`] for anything that is not a valid
/// number (checked before any limit is spent); the daily limit; database errors.
pub async fn lookup(
    cx: &Cx,
    data: &PhoneData,
    token: Option<&str>,
    client: &ClientInfo,
    q: Query<'_>,
) -> Result<LookupResult, ServiceError> {
    let (input, region) = number_input(&q);
    let info = phone::number_info(data, &input, region, q.locale, cx.now)?;
    let full = take_unit(cx, token, client).await?;
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

/// Takes the lookup's unit of the daily limit (per account, or per address
/// for visitors); `true` for a subscriber's full lookup, whose ledger row
/// is written with its unit.
async fn take_unit(
    cx: &Cx,
    token: Option<&str>,
    client: &ClientInfo,
) -> Result<bool, ServiceError> {
    let day = 24 * 60;
    if let Some(token) = token {
        let sessions = cx.caches.get::<RecentSessions>();
        // A subscriber recognised a moment ago: the unit's transaction
        // checks the session again, and an ended one is recognised afresh.
        if let Some(known) = sessions.recent(token, cx.now) {
            if subscriber_unit(cx, known).await? {
                return Ok(true);
            }
            sessions.forget(token);
        }
        if let Ok(auth) = authenticate(&cx.db, Some(token), cx.now).await {
            if !has_access(&auth.user, cx.now) {
                let unit = Unit::Plain(units::unit_key(auth.user.id));
                let rule = Rule::per_minutes(cx.config.lookup.per_account_day, day);
                return units::take_grouped(cx, unit, rule).await;
            }
            let known = Recognised {
                session_id: auth.session.id,
                user_id: auth.user.id,
            };
            if subscriber_unit(cx, known).await? {
                sessions.remember(token, known, cx.now);
                return Ok(true);
            }
        }
    }
    let unit = Unit::Plain(format!("lookups:ip:{}", client.ip_bucket()));
    let rule = Rule::per_minutes(cx.config.lookup.per_ip_day, day);
    units::take_grouped(cx, unit, rule).await
}

/// A full lookup's unit of the limit and its ledger row, together, while
/// `known`'s session is open and its member subscribed; `false` (nothing
/// taken) when not. Concurrent lookups' units are written in groups
/// ([`units`]).
async fn subscriber_unit(cx: &Cx, known: Recognised) -> Result<bool, ServiceError> {
    let rule = Rule::per_minutes(cx.config.lookup.per_account_day, 24 * 60);
    units::take_grouped(cx, Unit::Full(known), rule).await
}
