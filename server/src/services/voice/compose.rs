//! Send: a subscriber's draft becomes a queued voice message — after the
//! text rules, the called number's protections (registry, region, quiet
//! hours) and the daily caps, which are taken atomically with the insert,
//! as is the message's row in the usage ledger.
use super::{policy, status, text, views};
use crate::domain::phone_data::PhoneData;
use crate::persistence::entities::{user, voice_message as row};
use crate::services::do_not_contact as registry;
use crate::services::limits::{self, Rule};
use crate::services::usage::{self, UsageKind};
use crate::services::{Cx, ServiceError};
use app_core::account::validation::{FieldErrors, Slot};
use app_core::i18n::Key;
use app_core::model::voice::{language, Voice, VoiceDraft, VoiceMessageView};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, TransactionTrait,
};

const DAY_MINUTES: i64 = 24 * 60;

/// A draft that passed every rule, ready to store.
pub(super) struct Checked {
    pub e164: String,
    pub region: String,
    pub language: &'static str,
    pub voice: Voice,
    pub body: String,
}

/// The rules every draft meets, Preview or Send: a known language and
/// voice and a text the rules accept. With `number`, the number too.
/// All field messages at once, so the form shows every problem together.
///
/// # Errors
/// [`ServiceError::Fields`] (`phoneErrorMsg`, `messageErrorMsg`) or an unknown language/voice.
pub(super) fn check(draft: &VoiceDraft, number: bool) -> Result<Checked, ServiceError> {
    let language =
        language(&draft.language).ok_or(ServiceError::Invalid(Key::VoiceErrorLanguage))?;
    let voice =
        Voice::from_code(&draft.voice).ok_or(ServiceError::Invalid(Key::VoiceErrorLanguage))?;
    let mut errors = FieldErrors::default();
    let target = if number {
        let parsed = crate::services::phone::parse_target(&draft.country, &draft.phone);
        if let Err(e) = &parsed {
            errors.set(Slot::Phone, Some(e.message_key()));
        }
        parsed.ok()
    } else {
        None
    };
    if let Err(problem) = text::prepare(language.code, &draft.message) {
        errors.set(Slot::Message, Some(problem.message_key()));
    }
    if !errors.is_empty() {
        return Err(ServiceError::Fields(errors));
    }
    let (e164, region) = target.unwrap_or_default();
    Ok(Checked {
        e164,
        region,
        language: language.code,
        voice,
        body: draft.message.trim().to_owned(),
    })
}

/// Whether the number accepts a voice message now: not on the registry,
/// in a region we deliver to, and daytime there.
async fn check_recipient(
    cx: &Cx,
    sender_id: i64,
    e164: &str,
    region: &str,
) -> Result<(), ServiceError> {
    let refuse = |key: Key| {
        let mut errors = FieldErrors::default();
        errors.set(Slot::Phone, Some(key));
        ServiceError::Fields(errors)
    };
    // A sender support blocked towards this number hears the same as for
    // an opted-out number: nothing tells them the number reported them.
    if registry::is_blocked(&cx.db, e164).await?
        || registry::requester_blocked(&cx.db, sender_id, e164).await?
    {
        return Err(refuse(Key::VoiceErrorOptedOut));
    }
    if !cx.config.voice.delivers_to(region) {
        return Err(refuse(Key::VoiceErrorRegion));
    }
    let zones = policy::zones_of(PhoneData::global(), e164);
    if policy::is_quiet(&zones, cx.now, &cx.config.voice) {
        return Err(ServiceError::Invalid(Key::VoiceErrorQuietHours));
    }
    Ok(())
}

/// Queues `draft` as a message from `sender` and wakes the caller job. The
/// same `idempotency_key` again returns the message already made.
///
/// # Errors
/// Field errors, [`ServiceError::NeedsSubscription`], quiet hours, a daily
/// cap ([`ServiceError::RateLimited`]), or a database error.
pub async fn send(
    cx: &Cx,
    sender: &user::Model,
    draft: &VoiceDraft,
    idempotency_key: &str,
) -> Result<VoiceMessageView, ServiceError> {
    let key = idempotency_key.trim();
    if key.is_empty() || key.len() > 64 {
        return Err(ServiceError::Invalid(Key::ErrorBadRequest));
    }
    if let Some(existing) = find_by_key(cx, sender.id, key).await? {
        return Ok(views::view(&existing));
    }
    let checked = check(draft, true)?;
    if !crate::services::accounts::users::has_access(sender, cx.now) {
        return Err(ServiceError::NeedsSubscription);
    }
    check_recipient(cx, sender.id, &checked.e164, &checked.region).await?;
    let txn = cx.db.begin().await?;
    take_daily_caps(&txn, cx, sender.id, &checked.e164).await?;
    let new = new_row(sender.id, key, checked, cx.now);
    let inserted = row::Entity::insert(new).exec(&txn).await;
    let id = match inserted {
        Ok(done) => done.last_insert_id,
        Err(e) => {
            // The same key sent twice at once: the first insert won.
            drop(txn);
            return find_by_key(cx, sender.id, key)
                .await?
                .map(|m| views::view(&m))
                .ok_or(ServiceError::from(e));
        }
    };
    usage::record(&txn, sender.id, UsageKind::Voice, Some(id), cx.now).await?;
    txn.commit().await?;
    cx.wake.calls.notify_one();
    let stored = row::Entity::find_by_id(id)
        .one(&cx.db)
        .await?
        .ok_or(ServiceError::NotFound)?;
    tracing::info!(
        message = id,
        country = crate::domain::phone::country_code(&stored.to_e164),
        "voice message queued"
    );
    Ok(views::view(&stored))
}

/// Takes a unit of the sender's and of the called number's daily cap, in
/// the transaction that stores the message.
async fn take_daily_caps(
    txn: &impl ConnectionTrait,
    cx: &Cx,
    sender_id: i64,
    e164: &str,
) -> Result<(), ServiceError> {
    let settings = &cx.config.voice;
    let sender_key = format!("voice:sender:{sender_id}");
    let number_key = format!("voice:number:{e164}");
    limits::take_all(
        txn,
        &[
            (
                &sender_key,
                Rule::per_minutes(settings.cap_per_sender_day, DAY_MINUTES),
            ),
            (
                &number_key,
                Rule::per_minutes(settings.cap_per_number_day, DAY_MINUTES),
            ),
        ],
        cx.now,
    )
    .await
}

/// The queued message of a checked draft, due at once.
fn new_row(sender_id: i64, key: &str, checked: Checked, now: i64) -> row::ActiveModel {
    row::ActiveModel {
        user_id: Set(sender_id),
        idempotency_key: Set(key.to_owned()),
        to_e164: Set(checked.e164),
        region: Set(checked.region),
        language: Set(checked.language.to_owned()),
        voice: Set(checked.voice.code().to_owned()),
        body: Set(checked.body),
        status: Set(status::QUEUED.to_owned()),
        attempts: Set(0),
        next_attempt_at: Set(Some(now)),
        attempted_at: Set(None),
        call_ref: Set(super::new_call_ref()),
        provider_id: Set(None),
        failures: Set(0),
        last_error: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        purged_at: Set(None),
        ..Default::default()
    }
}

async fn find_by_key(cx: &Cx, user_id: i64, key: &str) -> Result<Option<row::Model>, ServiceError> {
    Ok(row::Entity::find()
        .filter(row::Column::UserId.eq(user_id))
        .filter(row::Column::IdempotencyKey.eq(key))
        .one(&cx.db)
        .await?)
}
