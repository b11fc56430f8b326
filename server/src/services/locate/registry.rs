//! The do-not-contact registry: numbers that chose "block" on the reveal
//! page, replied STOP, pressed 9 on a voice message call, or registered
//! themselves after proving the number with a texted code. They never
//! receive a locate request or a voice message again.
use super::{queue, requests};
use crate::persistence::entities::{do_not_locate as entry, number_proof};
use crate::services::accounts::{secrets, ClientInfo};
use crate::services::limits::{self, Rule};
use crate::services::{Cx, ServiceError};
use crate::sms::templates;
use app::account::validation::{validate_code, FieldErrors, Slot};
use app::i18n::Key;
use sea_orm::sea_query::{Expr, ExprTrait as _, OnConflict};
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, TransactionTrait};

/// Why a number is in the registry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// "Decline and block" on the reveal page.
    Block,
    /// Replied STOP (START undoes only this one).
    Stop,
    /// Registered on the public page with a texted code.
    Registered,
    /// Pressed 9 ("stop all messages from this service") on a voice call.
    CallStop,
}

impl Reason {
    const fn code(self) -> &'static str {
        match self {
            Reason::Block => "block",
            Reason::Stop => "stop",
            Reason::Registered => "self",
            Reason::CallStop => "call_9",
        }
    }
}

const PROOF_TTL_MS: i64 = 15 * 60_000;
const PROOF_MAX_ATTEMPTS: i32 = 5;
/// Code texts per number per hour: a stranger cannot flood a phone with codes.
const PROOFS_PER_NUMBER: Rule = Rule::per_minutes(3, 60);
const PROOFS_PER_IP: Rule = Rule::per_minutes(10, 60);

/// Whether `e164` refuses requests.
///
/// # Errors
/// A database error.
pub async fn is_blocked(db: &impl ConnectionTrait, e164: &str) -> Result<bool, ServiceError> {
    Ok(entry::Entity::find_by_id(e164.to_owned()).one(db).await?.is_some())
}

/// Adds `e164` (keeps an existing entry and its reason).
///
/// # Errors
/// A database error.
pub async fn add(db: &impl ConnectionTrait, e164: &str, reason: Reason, now: i64) -> Result<(), ServiceError> {
    let new = entry::ActiveModel { phone_e164: Set(e164.to_owned()), reason: Set(reason.code().to_owned()), created_at: Set(now) };
    // Two blocks at once: the first entry stays, the second is no error.
    let keep = OnConflict::column(entry::Column::PhoneE164).do_nothing().to_owned();
    entry::Entity::insert(new).on_conflict(keep).exec_without_returning(db).await?;
    Ok(())
}

/// START: removes an entry made by STOP (not a block or a registration,
/// which were made on our pages and are undone there only).
///
/// # Errors
/// A database error.
pub async fn remove_stop(db: &impl ConnectionTrait, e164: &str) -> Result<(), ServiceError> {
    entry::Entity::delete_many()
        .filter(entry::Column::PhoneE164.eq(e164))
        .filter(entry::Column::Reason.eq(Reason::Stop.code()))
        .exec(db)
        .await?;
    Ok(())
}

fn parse(country: &str, phone: &str) -> Result<String, ServiceError> {
    super::requests::parse_target(country, phone).map(|(e164, _)| e164).map_err(|e| {
        let mut errors = FieldErrors::default();
        errors.set(Slot::Phone, Some(e.message_key()));
        ServiceError::Fields(errors)
    })
}

/// Texts a code to the number so its holder can prove it (and wakes the
/// SMS sender). Same answer whether or not the number is already registered.
///
/// # Errors
/// Field errors; rate limits; database errors.
pub async fn send_proof(cx: &Cx, country: &str, phone: &str, client: &ClientInfo) -> Result<(), ServiceError> {
    let now = cx.now;
    let e164 = parse(country, phone)?;
    let number_key = format!("dnl-code:number:{e164}");
    let ip_key = format!("dnl-code:ip:{}", client.ip_bucket());
    let code = secrets::new_code();
    let txn = cx.db.begin().await?;
    limits::take_all(&txn, &[(&number_key, PROOFS_PER_NUMBER), (&ip_key, PROOFS_PER_IP)], now).await?;
    number_proof::Entity::delete_many().filter(number_proof::Column::PhoneE164.eq(&e164)).exec(&txn).await?;
    let proof = number_proof::ActiveModel {
        phone_e164: Set(e164.clone()),
        code_hash: Set(secrets::digest(&["dnl-code", &e164, &code])),
        attempts: Set(0),
        expires_at: Set(now + PROOF_TTL_MS),
        created_at: Set(now),
        ..Default::default()
    };
    number_proof::Entity::insert(proof).exec(&txn).await?;
    let body = templates::number_code(templates::locale_for_number(&e164), &code);
    queue::enqueue(&txn, queue::NewSms { request_id: None, seq: 1, purpose: "dnl_code", to: &e164, body: &body }, now).await?;
    txn.commit().await?;
    cx.wake.sms.notify_one();
    Ok(())
}

/// Registers the number after a correct code; its pending requests end.
///
/// # Errors
/// Field errors (a wrong, used or expired code share one message); database errors.
pub async fn confirm_proof(cx: &Cx, country: &str, phone: &str, code: &str) -> Result<(), ServiceError> {
    let (db, now) = (&cx.db, cx.now);
    let e164 = parse(country, phone)?;
    let mut errors = FieldErrors::default();
    if validate_code(code, &mut errors).is_some() {
        return Err(ServiceError::Fields(errors));
    }
    let proof = number_proof::Entity::find()
        .filter(number_proof::Column::PhoneE164.eq(&e164))
        .filter(number_proof::Column::ExpiresAt.gt(now))
        .filter(number_proof::Column::Attempts.lt(PROOF_MAX_ATTEMPTS))
        .order_by_desc(number_proof::Column::Id)
        .one(db)
        .await?;
    let matches = proof
        .as_ref()
        .is_some_and(|p| secrets::same_secret(&p.code_hash, &secrets::digest(&["dnl-code", &e164, code.trim()])));
    let Some(proof) = proof.filter(|_| matches) else {
        number_proof::Entity::update_many()
            .col_expr(number_proof::Column::Attempts, Expr::col(number_proof::Column::Attempts).add(1))
            .filter(number_proof::Column::PhoneE164.eq(&e164))
            .exec(db)
            .await?;
        errors.set(Slot::Code, Some(Key::ErrorCodeWrong));
        return Err(ServiceError::Fields(errors));
    };
    let txn = db.begin().await?;
    number_proof::Entity::delete_by_id(proof.id).exec(&txn).await?;
    add(&txn, &e164, Reason::Registered, now).await?;
    requests::block_pending_for_number(&txn, &e164, now).await?;
    txn.commit().await?;
    Ok(())
}
