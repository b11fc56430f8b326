//! What the owner's page shows: the request, and after a decision that
//! decision, what was shared and until when, and the actions still open.
use super::{display_phone, effective_status, registry, status};
use crate::persistence::entities::{
    locate_consent, locate_position, locate_request as request, locate_trust, user,
};
use crate::services::{Cx, ServiceError};
use crate::tokens;
use app_core::model::locate::{LocateStatus, RevealState, RevealView, SharePrecision};
use app_core::model::GeoPoint;
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter};

/// The request a token opens, if any: the request's link, or the owner's
/// receipt (`receipt`), which opens the same page once they decided.
pub(super) async fn by_token(
    db: &impl ConnectionTrait,
    token: &str,
) -> Result<Option<request::Model>, ServiceError> {
    if token.len() != 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Ok(None);
    }
    let digest = tokens::digest(&[token]);
    let either = Condition::any()
        .add(request::Column::LinkTokenHash.eq(digest.clone()))
        .add(request::Column::ReceiptTokenHash.eq(digest));
    Ok(request::Entity::find().filter(either).one(db).await?)
}

pub(super) fn state_of(status: LocateStatus) -> RevealState {
    match status {
        LocateStatus::Located => RevealState::Shared,
        LocateStatus::Declined => RevealState::Declined,
        LocateStatus::Blocked => RevealState::Blocked,
        s if status::is_pending(s) => RevealState::Pending,
        _ => RevealState::Gone,
    }
}

/// A link that opens nothing (unknown, expired, cancelled, failed).
pub fn gone() -> RevealView {
    RevealView {
        state: RevealState::Gone,
        note: String::new(),
        phone: String::new(),
        expires_at: 0,
        shared: None,
        decided_at: None,
        shared_at: None,
        shared_accuracy_m: None,
        delete_after: None,
        number_blocked: false,
        can_stop_sharing: false,
        can_block: false,
        retention_days: None,
        utc_offset_min: None,
        precision: None,
        live_until: None,
        requester: None,
        trusted: false,
        can_trust: false,
    }
}

/// The page for `row` as stored now; `shared` is the position just shared
/// (shown in that answer only).
///
/// # Errors
/// A database error.
pub(super) async fn build(
    cx: &Cx,
    row: &request::Model,
    shared: Option<GeoPoint>,
) -> Result<RevealView, ServiceError> {
    let (db, now) = (&cx.db, cx.now);
    let state = state_of(effective_status(row, now));
    if state == RevealState::Gone {
        return Ok(gone());
    }
    let consent = locate_consent::Entity::find()
        .filter(locate_consent::Column::RequestId.eq(row.id))
        .one(db)
        .await?;
    let position = locate_position::Entity::find()
        .filter(locate_position::Column::RequestId.eq(row.id))
        .one(db)
        .await?;
    let number_blocked = registry::is_blocked(db, &row.phone_e164).await?;
    let decided = matches!(state, RevealState::Shared | RevealState::Declined);
    let trusted = is_trusted(db, row).await?;
    // Who asked, once the owner decided or when they trust that account.
    let requester = if decided || trusted {
        masked_requester(db, row.requester_id).await?
    } else {
        None
    };
    Ok(RevealView {
        state,
        note: row.note.clone(),
        phone: display_phone(&row.phone_e164),
        expires_at: row.expires_at,
        shared,
        decided_at: consent.map(|c| c.decided_at),
        shared_at: position.as_ref().map(|p| p.shared_at),
        shared_accuracy_m: position.as_ref().and_then(|p| p.accuracy),
        delete_after: position.as_ref().map(|p| p.delete_after),
        number_blocked,
        can_stop_sharing: state == RevealState::Shared && position.is_some(),
        can_block: decided && !number_blocked,
        retention_days: Some(cx.config.locate.retention_ms / 86_400_000),
        utc_offset_min: number_offset(&row.phone_e164, now),
        precision: position
            .as_ref()
            .map(|p| SharePrecision::from_code(&p.precision)),
        live_until: position.as_ref().and_then(|p| p.live_until),
        requester,
        trusted,
        can_trust: decided && !number_blocked && !trusted,
    })
}

/// Whether the owner of `row`'s number trusts the account that asked (`trust`).
async fn is_trusted(db: &impl ConnectionTrait, row: &request::Model) -> Result<bool, ServiceError> {
    Ok(locate_trust::Entity::find()
        .filter(locate_trust::Column::PhoneE164.eq(&row.phone_e164))
        .filter(locate_trust::Column::RequesterId.eq(row.requester_id))
        .one(db)
        .await?
        .is_some())
}

/// The requester's account as the owner's receipt names it.
async fn masked_requester(
    db: &impl ConnectionTrait,
    requester_id: i64,
) -> Result<Option<String>, ServiceError> {
    let account = user::Entity::find_by_id(requester_id).one(db).await?;
    Ok(account.map(|u| mask_email(&u.email)))
}

/// `alice@mail.com` as `a•••@mail.com`: enough for the owner to recognise
/// an address they know, not enough to learn one they do not.
pub fn mask_email(email: &str) -> String {
    let (name, domain) = email.rsplit_once('@').unwrap_or((email, ""));
    let first: String = name.chars().take(1).collect();
    if domain.is_empty() {
        format!("{first}•••")
    } else {
        format!("{first}•••@{domain}")
    }
}

/// The UTC offset of the number's time zone at `now`, when the numbering
/// plan gives it one (the owner's page shows its times there).
fn number_offset(e164: &str, now: i64) -> Option<i32> {
    let phone = crate::domain::phone::parse(e164, None).ok()?;
    let data = crate::domain::phone_data::PhoneData::global();
    let mut zones = data.time_zones(&phone.e164_digits());
    if zones.is_empty() {
        zones = data.time_zones(&phone.calling_code().to_string());
    }
    crate::domain::zones::common_offset(zones, phone.region().as_deref(), now)
}

#[cfg(test)]
mod tests {
    use super::mask_email;

    #[test]
    fn an_address_keeps_its_first_letter_and_domain_only() {
        assert_eq!(mask_email("alice@mail.com"), "a•••@mail.com");
        assert_eq!(mask_email("x@y.id"), "x•••@y.id");
        assert_eq!(mask_email("nodomain"), "n•••");
    }
}
