//! Proving a number: a code texted to it, typed back within 15 minutes.
//! One mechanism for every right a number's holder has (joining the
//! do-not-contact registry, managing what lookups show), so one set of
//! limits guards the phone against code floods whatever the page.
use crate::persistence::entities::number_proof;
use crate::services::accounts::ClientInfo;
use crate::services::limits::{self, Rule};
use crate::services::sms_queue as queue;
use crate::services::{Cx, ServiceError};
use crate::sms::templates;
use crate::tokens;
use app_core::account::validation::{validate_code, FieldErrors, Slot};
use app_core::i18n::Key;
use sea_orm::sea_query::{Expr, ExprTrait as _};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, TransactionTrait,
};

const PROOF_TTL_MS: i64 = 15 * 60_000;
const PROOF_MAX_ATTEMPTS: i32 = 5;
/// Code texts per number per hour: a stranger cannot flood a phone with codes.
const PROOFS_PER_NUMBER: Rule = Rule::per_minutes(3, 60);
const PROOFS_PER_IP: Rule = Rule::per_minutes(10, 60);

/// What the holder will do with the proof; a code proves one purpose only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// Join the do-not-contact registry.
    Registry,
    /// Manage the number's lookup: disputes, directory entry, opt-out.
    Owner,
}

impl Purpose {
    const fn code(self) -> &'static str {
        match self {
            Purpose::Registry => "dnl-code",
            Purpose::Owner => "owner-code",
        }
    }
}

/// The number from the country picker's value and the typed number, with a
/// message in the phone slot when it is not a valid number.
///
/// # Errors
/// [`ServiceError::Fields`] with the phone message.
pub fn parse_number(country: &str, phone: &str) -> Result<String, ServiceError> {
    crate::services::phone::parse_target(country, phone)
        .map(|(e164, _)| e164)
        .map_err(|e| {
            let mut errors = FieldErrors::default();
            errors.set(Slot::Phone, Some(e.message_key()));
            ServiceError::Fields(errors)
        })
}

/// Texts a code to the number (the country picker's value and the typed
/// number) and wakes the SMS sender. The answer is the same whatever the
/// number's state, so it reveals nothing about it.
///
/// # Errors
/// Field errors ([`parse_number`]); rate limits; database errors.
pub async fn send(
    cx: &Cx,
    purpose: Purpose,
    country: &str,
    phone: &str,
    client: &ClientInfo,
) -> Result<(), ServiceError> {
    let e164 = &parse_number(country, phone)?;
    let now = cx.now;
    let number_key = format!("dnl-code:number:{e164}");
    let ip_key = format!("dnl-code:ip:{}", client.ip_bucket());
    let code = tokens::new_code();
    let txn = cx.db.begin().await?;
    limits::take_all(
        &txn,
        &[(&number_key, PROOFS_PER_NUMBER), (&ip_key, PROOFS_PER_IP)],
        now,
    )
    .await?;
    number_proof::Entity::delete_many()
        .filter(number_proof::Column::PhoneE164.eq(e164))
        .exec(&txn)
        .await?;
    let proof = number_proof::ActiveModel {
        phone_e164: Set(e164.to_owned()),
        code_hash: Set(tokens::digest(&[purpose.code(), e164, &code])),
        attempts: Set(0),
        expires_at: Set(now + PROOF_TTL_MS),
        created_at: Set(now),
        ..Default::default()
    };
    number_proof::Entity::insert(proof).exec(&txn).await?;
    let locale = templates::locale_for_number(e164);
    let (body, label) = match purpose {
        Purpose::Registry => (templates::number_code(locale, &code), "dnl_code"),
        Purpose::Owner => (templates::owner_code(locale, &code), "owner_code"),
    };
    queue::enqueue(
        &txn,
        queue::NewSms {
            request_id: None,
            seq: 1,
            purpose: label,
            to: e164,
            body: &body,
        },
        now,
    )
    .await?;
    txn.commit().await?;
    cx.wake.sms.notify_one();
    Ok(())
}

/// Checks `code` against the newest live proof of the number (as for
/// [`send`]) and spends it; the number it proved, as E.164. A wrong code
/// counts against every live proof of the number.
///
/// # Errors
/// Field errors (the number; a wrong, used or expired code share one
/// message); database errors.
pub async fn confirm(
    cx: &Cx,
    purpose: Purpose,
    country: &str,
    phone: &str,
    code: &str,
) -> Result<String, ServiceError> {
    let number = parse_number(country, phone)?;
    let e164 = number.as_str();
    let now = cx.now;
    let mut errors = FieldErrors::default();
    if validate_code(code, &mut errors).is_some() {
        return Err(ServiceError::Fields(errors));
    }
    let txn = cx.db.begin().await?;
    let proof = number_proof::Entity::find()
        .filter(number_proof::Column::PhoneE164.eq(e164))
        .filter(number_proof::Column::ExpiresAt.gt(now))
        .filter(number_proof::Column::Attempts.lt(PROOF_MAX_ATTEMPTS))
        .order_by_desc(number_proof::Column::Id)
        .one(&txn)
        .await?;
    let matches = proof.as_ref().is_some_and(|p| {
        tokens::same_secret(
            &p.code_hash,
            &tokens::digest(&[purpose.code(), e164, code.trim()]),
        )
    });
    let Some(proof) = proof.filter(|_| matches) else {
        number_proof::Entity::update_many()
            .col_expr(
                number_proof::Column::Attempts,
                Expr::col(number_proof::Column::Attempts).add(1),
            )
            .filter(number_proof::Column::PhoneE164.eq(e164))
            .exec(&txn)
            .await?;
        txn.commit().await?;
        errors.set(Slot::Code, Some(Key::ErrorCodeWrong));
        return Err(ServiceError::Fields(errors));
    };
    // Spent in the same transaction: two concurrent confirmations cannot both pass.
    let spent = number_proof::Entity::delete_by_id(proof.id)
        .exec(&txn)
        .await?;
    if spent.rows_affected != 1 {
        errors.set(Slot::Code, Some(Key::ErrorCodeWrong));
        return Err(ServiceError::Fields(errors));
    }
    txn.commit().await?;
    Ok(number)
}
