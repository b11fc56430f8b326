//! The do-not-contact registry: numbers that chose "block" on the reveal
//! page, replied STOP, pressed 9 on a voice message call, or registered
//! themselves after proving the number with a texted code. They never
//! receive a locate request or a voice message again.
use crate::persistence::entities::do_not_locate as entry;
use crate::services::ServiceError;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

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

/// Whether `e164` refuses requests.
///
/// # Errors
/// A database error.
pub async fn is_blocked(db: &impl ConnectionTrait, e164: &str) -> Result<bool, ServiceError> {
    Ok(entry::Entity::find_by_id(e164.to_owned())
        .one(db)
        .await?
        .is_some())
}

/// Whether support blocked `user_id` from reaching `e164` (after that
/// number reported them).
///
/// # Errors
/// A database error.
pub async fn requester_blocked(
    db: &impl ConnectionTrait,
    user_id: i64,
    e164: &str,
) -> Result<bool, ServiceError> {
    use crate::persistence::entities::requester_block as block;
    let found = block::Entity::find()
        .filter(block::Column::UserId.eq(user_id))
        .filter(block::Column::PhoneE164.eq(e164))
        .one(db)
        .await?;
    Ok(found.is_some())
}

/// Adds `e164` (keeps an existing entry and its reason).
///
/// # Errors
/// A database error.
pub async fn add(
    db: &impl ConnectionTrait,
    e164: &str,
    reason: Reason,
    now: i64,
) -> Result<(), ServiceError> {
    let new = entry::ActiveModel {
        phone_e164: Set(e164.to_owned()),
        reason: Set(reason.code().to_owned()),
        created_at: Set(now),
    };
    // Two blocks at once: the first entry stays, the second is no error.
    let keep = OnConflict::column(entry::Column::PhoneE164)
        .do_nothing()
        .to_owned();
    entry::Entity::insert(new)
        .on_conflict(keep)
        .exec_without_returning(db)
        .await?;
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
