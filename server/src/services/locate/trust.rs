//! Trusted requesters. After deciding, the owner of a number may mark the
//! account that asked as trusted: that account's later requests open with
//! a one-tap Share and name the account, but each is still the owner's
//! decision (nothing is ever shared by itself) and every way to answer
//! stays open. The owner stops trusting from any page of ours their texts
//! link to (a later request's page, the receipt); blocking the number ends
//! every trust it gave. Kept per number and account, the number stored as
//! the do-not-locate registry stores it.
use super::effective_status;
use super::reveal::{self, state_of};
use crate::persistence::entities::{locate_request as request, locate_trust as trust};
use crate::services::{Cx, ServiceError};
use app_core::i18n::Key;
use app_core::model::locate::{RevealState, RevealView};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

/// Trusts (`true`) or stops trusting (`false`) the requester of `row`, from
/// the owner's page. Trusting needs a decision first (the owner has seen
/// who asked) and a number that is not blocked; stopping works on every
/// page the link still opens.
///
/// # Errors
/// [`Key::RevealLinkGone`] when the page does not allow it; a database error.
pub(super) async fn set(
    cx: &Cx,
    row: &request::Model,
    trusted: bool,
) -> Result<RevealView, ServiceError> {
    let state = state_of(effective_status(row, cx.now));
    let decided = matches!(state, RevealState::Shared | RevealState::Declined);
    let allowed = if trusted {
        decided && !super::registry::is_blocked(&cx.db, &row.phone_e164).await?
    } else {
        state != RevealState::Gone
    };
    if !allowed {
        return Err(ServiceError::Invalid(Key::RevealLinkGone));
    }
    if trusted {
        mark(&cx.db, &row.phone_e164, row.requester_id, cx.now).await?;
    } else {
        trust::Entity::delete_many()
            .filter(trust::Column::PhoneE164.eq(&row.phone_e164))
            .filter(trust::Column::RequesterId.eq(row.requester_id))
            .exec(&cx.db)
            .await?;
    }
    reveal::build(cx, row, None).await
}

/// Records the trust; marking twice keeps the first row.
async fn mark(
    db: &impl ConnectionTrait,
    e164: &str,
    requester_id: i64,
    now: i64,
) -> Result<(), ServiceError> {
    let row = trust::ActiveModel {
        phone_e164: Set(e164.to_owned()),
        requester_id: Set(requester_id),
        created_at: Set(now),
        ..Default::default()
    };
    let keep = OnConflict::columns([trust::Column::PhoneE164, trust::Column::RequesterId])
        .do_nothing()
        .to_owned();
    trust::Entity::insert(row)
        .on_conflict(keep)
        .exec_without_returning(db)
        .await?;
    Ok(())
}

/// Ends every trust `e164` gave (the number blocked all requests).
///
/// # Errors
/// A database error.
pub(super) async fn end_all(db: &impl ConnectionTrait, e164: &str) -> Result<(), ServiceError> {
    trust::Entity::delete_many()
        .filter(trust::Column::PhoneE164.eq(e164))
        .exec(db)
        .await?;
    Ok(())
}
