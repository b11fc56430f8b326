//! The number's own holder: proves it with a texted code (the registry's
//! limits apply), then for an hour may dispute reports, publish or remove a
//! name and city, and opt the number out of lookups beyond public metadata.
use super::reports;
use crate::persistence::entities::{number_claim as claim, number_directory as entry};
use crate::services::accounts::ClientInfo;
use crate::services::number_proof::{self, Purpose};
use crate::services::{Cx, ServiceError};
use crate::text_rules as detect;
use crate::tokens;
use app_core::account::validation::{FieldErrors, Slot};
use app_core::i18n::Key;
use app_core::model::lookup::{DirectoryEntry, OwnerView, DIRECTORY_FIELD_MAX_CHARS};
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    TransactionTrait,
};

/// How long an owner session lasts after the code.
pub const CLAIM_TTL_MS: i64 = 60 * 60_000;

/// A started owner session: the token goes to the owner only.
#[derive(Clone, Debug)]
pub struct Claim {
    pub token: String,
    pub e164: String,
    pub expires_at: i64,
}

/// Texts an owner code to the number. The same answer whatever the number.
///
/// # Errors
/// Field errors; rate limits; database errors.
pub async fn send_code(
    cx: &Cx,
    country: &str,
    phone: &str,
    client: &ClientInfo,
) -> Result<(), ServiceError> {
    number_proof::send(cx, Purpose::Owner, country, phone, client).await
}

/// Proves the number with `code` and starts an owner session.
///
/// # Errors
/// Field errors (number, a wrong or expired code); database errors.
pub async fn claim(cx: &Cx, country: &str, phone: &str, code: &str) -> Result<Claim, ServiceError> {
    let e164 = number_proof::confirm(cx, Purpose::Owner, country, phone, code).await?;
    let token = tokens::new_token();
    let expires_at = cx.now + CLAIM_TTL_MS;
    let row = claim::ActiveModel {
        token_hash: Set(tokens::digest(&["owner-claim", &token])),
        phone_e164: Set(e164.clone()),
        expires_at: Set(expires_at),
        created_at: Set(cx.now),
        ..Default::default()
    };
    let txn = cx.db.begin().await?;
    claim::Entity::delete_many()
        .filter(claim::Column::ExpiresAt.lte(cx.now))
        .exec(&txn)
        .await?;
    claim::Entity::insert(row)
        .exec_without_returning(&txn)
        .await?;
    txn.commit().await?;
    Ok(Claim {
        token,
        e164,
        expires_at,
    })
}

/// The number a live owner session proved.
///
/// # Errors
/// [`ServiceError::Unauthorized`] for an unknown or expired token.
async fn proven(cx: &Cx, token: &str) -> Result<claim::Model, ServiceError> {
    if token.is_empty() {
        return Err(ServiceError::Unauthorized);
    }
    claim::Entity::find()
        .filter(claim::Column::TokenHash.eq(tokens::digest(&["owner-claim", token])))
        .filter(claim::Column::ExpiresAt.gt(cx.now))
        .one(&cx.db)
        .await?
        .ok_or(ServiceError::Unauthorized)
}

/// The directory row of `e164`, if any.
///
/// # Errors
/// A database error.
pub async fn entry_of(
    db: &impl ConnectionTrait,
    e164: &str,
) -> Result<Option<entry::Model>, ServiceError> {
    Ok(entry::Entity::find()
        .filter(entry::Column::PhoneE164.eq(e164))
        .one(db)
        .await?)
}

/// What the owner session sees of its number.
///
/// # Errors
/// [`ServiceError::Unauthorized`]; database errors.
pub async fn view(cx: &Cx, token: &str) -> Result<OwnerView, ServiceError> {
    let claim = proven(cx, token).await?;
    let row = entry_of(&cx.db, &claim.phone_e164).await?;
    let count = |status: &'static str| {
        crate::persistence::entities::spam_report::Entity::find()
            .filter(
                crate::persistence::entities::spam_report::Column::PhoneE164
                    .eq(claim.phone_e164.clone()),
            )
            .filter(crate::persistence::entities::spam_report::Column::Status.eq(status))
            .count(&cx.db)
    };
    let (visible, disputed) = (
        count(reports::VISIBLE).await?,
        count(reports::DISPUTED).await?,
    );
    let number = crate::services::phone::validate(&claim.phone_e164, None).map_or_else(
        |_| claim.phone_e164.clone(),
        |p| p.format(crate::domain::phone::PhoneFormat::International),
    );
    Ok(OwnerView {
        number,
        entry: row.as_ref().and_then(published),
        opted_out: row.is_some_and(|r| r.lookup_opt_out),
        visible_reports: u32::try_from(visible).unwrap_or(u32::MAX),
        disputed_reports: u32::try_from(disputed).unwrap_or(u32::MAX),
        expires_at: claim.expires_at,
    })
}

/// The published part of a directory row.
pub fn published(row: &entry::Model) -> Option<DirectoryEntry> {
    row.display_name.as_ref().map(|name| DirectoryEntry {
        name: name.clone(),
        city: row.city.clone().unwrap_or_default(),
    })
}

/// Hides the number's visible reports until review; returns how many.
///
/// # Errors
/// [`ServiceError::Unauthorized`]; database errors.
pub async fn dispute(cx: &Cx, token: &str) -> Result<u64, ServiceError> {
    let claim = proven(cx, token).await?;
    let txn = cx.db.begin().await?;
    let hidden = reports::dispute_all(&txn, &claim.phone_e164, cx.now).await?;
    txn.commit().await?;
    super::forget_facts(cx, &claim.phone_e164);
    Ok(hidden)
}

fn check_text(value: &str, slot: Slot, required: bool, errors: &mut FieldErrors) {
    let key = if required && value.is_empty() {
        Some(Key::ValidateRequired)
    } else if value.chars().count() > DIRECTORY_FIELD_MAX_CHARS {
        Some(Key::LookupDirectoryTooLong)
    } else if detect::has_link(value)
        || detect::has_email(value)
        || detect::has_phone_number(value)
        || detect::has_emoji(value)
    {
        Some(Key::LookupDirectoryNotAName)
    } else {
        None
    };
    errors.set(slot, key);
}

/// Publishes `name` (required) and `city` (optional) for lookups to show.
///
/// # Errors
/// [`ServiceError::Unauthorized`]; field errors; database errors.
pub async fn publish(cx: &Cx, token: &str, name: &str, city: &str) -> Result<(), ServiceError> {
    // The session first: a stranger learns nothing, not even the field rules.
    let claim = proven(cx, token).await?;
    let (name, city) = (name.trim(), city.trim());
    let mut errors = FieldErrors::default();
    check_text(name, Slot::Name, true, &mut errors);
    check_text(city, Slot::City, false, &mut errors);
    if !errors.is_empty() {
        return Err(ServiceError::Fields(errors));
    }
    let city = (!city.is_empty()).then(|| city.to_owned());
    upsert(cx, &claim.phone_e164, Some(name.to_owned()), city, None).await
}

/// Removes the name and city: lookups show no owner again.
///
/// # Errors
/// [`ServiceError::Unauthorized`]; database errors.
pub async fn unpublish(cx: &Cx, token: &str) -> Result<(), ServiceError> {
    let claim = proven(cx, token).await?;
    upsert(cx, &claim.phone_e164, None, None, None).await
}

/// Opts the number out of lookups beyond the numbering plan (or back in).
///
/// # Errors
/// [`ServiceError::Unauthorized`]; database errors.
pub async fn set_opt_out(cx: &Cx, token: &str, opted_out: bool) -> Result<(), ServiceError> {
    let claim = proven(cx, token).await?;
    let row = entry_of(&cx.db, &claim.phone_e164).await?;
    let (name, city) = row.map_or((None, None), |r| (r.display_name, r.city));
    upsert(cx, &claim.phone_e164, name, city, Some(opted_out)).await
}

/// Writes the row (`opt_out: None` keeps the current choice).
async fn upsert(
    cx: &Cx,
    e164: &str,
    name: Option<String>,
    city: Option<String>,
    opt_out: Option<bool>,
) -> Result<(), ServiceError> {
    let mut update = vec![
        entry::Column::DisplayName,
        entry::Column::City,
        entry::Column::UpdatedAt,
    ];
    if opt_out.is_some() {
        update.push(entry::Column::LookupOptOut);
    }
    let row = entry::ActiveModel {
        phone_e164: Set(e164.to_owned()),
        display_name: Set(name),
        city: Set(city),
        lookup_opt_out: Set(opt_out.unwrap_or(false)),
        updated_at: Set(cx.now),
        ..Default::default()
    };
    let on_conflict = OnConflict::column(entry::Column::PhoneE164)
        .update_columns(update)
        .to_owned();
    entry::Entity::insert(row)
        .on_conflict(on_conflict)
        .exec_without_returning(&cx.db)
        .await?;
    super::forget_facts(cx, e164);
    Ok(())
}
