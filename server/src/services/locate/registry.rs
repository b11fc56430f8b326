//! Proving a number to put it on the do-not-contact registry
//! (`services::do_not_contact`): a texted code, then the entry.
use super::requests;
use crate::services::accounts::ClientInfo;
pub use crate::services::do_not_contact::{
    add, is_blocked, remove_stop, requester_blocked, Reason,
};
use crate::services::number_proof::{self, Purpose};
use crate::services::{Cx, ServiceError};
use sea_orm::TransactionTrait;

/// Texts a code to the number so its holder can prove it (and wakes the
/// SMS sender). Same answer whether or not the number is already registered.
///
/// # Errors
/// Field errors; rate limits; database errors.
pub async fn send_proof(
    cx: &Cx,
    country: &str,
    phone: &str,
    client: &ClientInfo,
) -> Result<(), ServiceError> {
    number_proof::send(cx, Purpose::Registry, country, phone, client).await
}

/// Registers the number after a correct code; its pending requests end.
///
/// # Errors
/// Field errors (a wrong, used or expired code share one message); database errors.
pub async fn confirm_proof(
    cx: &Cx,
    country: &str,
    phone: &str,
    code: &str,
) -> Result<(), ServiceError> {
    let e164 = number_proof::confirm(cx, Purpose::Registry, country, phone, code).await?;
    let txn = cx.db.begin().await?;
    add(&txn, &e164, Reason::Registered, cx.now).await?;
    requests::block_pending_for_number(&txn, &e164, cx.now).await?;
    txn.commit().await?;
    Ok(())
}
