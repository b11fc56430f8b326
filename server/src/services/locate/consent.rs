//! The owner's side: what their link shows and what they decide. The link
//! token is the only credential; one request yields at most one position,
//! and every decision is recorded (time, request, hashed address, agent).
use super::{display_phone, effective_status, pending_codes, registry, requests, PENDING};
use crate::persistence::entities::{locate_consent, locate_position, locate_request as request};
use crate::services::accounts::{secrets, ClientInfo};
use crate::services::ServiceError;
use app::i18n::Key;
use app::model::locate::{LocateStatus, RevealDecision, RevealState, RevealView};
use app::widgets::GeoPoint;
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter, TransactionTrait};

async fn by_token(db: &impl ConnectionTrait, token: &str) -> Result<Option<request::Model>, ServiceError> {
    if token.len() != 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Ok(None);
    }
    Ok(request::Entity::find().filter(request::Column::LinkTokenHash.eq(secrets::digest(&[token]))).one(db).await?)
}

fn state_of(status: LocateStatus) -> RevealState {
    match status {
        LocateStatus::Located => RevealState::Shared,
        LocateStatus::Declined => RevealState::Declined,
        LocateStatus::Blocked => RevealState::Blocked,
        s if PENDING.contains(&s) => RevealState::Pending,
        _ => RevealState::Gone,
    }
}

fn gone() -> RevealView {
    RevealView { state: RevealState::Gone, note: String::new(), phone: String::new(), expires_at: 0, shared: None, decided_at: None, shared_at: None, shared_accuracy_m: None, delete_after: None, number_blocked: false, can_stop_sharing: false, can_block: false }
}

fn reveal_view(row: &request::Model, now: i64, shared: Option<GeoPoint>) -> RevealView {
    let state = state_of(effective_status(row, now));
    if state == RevealState::Gone {
        return gone();
    }
    RevealView { state, note: row.note.clone(), phone: display_phone(&row.phone_e164), expires_at: row.expires_at, shared, decided_at: None, shared_at: None, shared_accuracy_m: None, delete_after: None, number_blocked: false, can_stop_sharing: false, can_block: false }
}

/// What the owner's page shows. Opening a pending link marks it `opened`.
/// The shared position is not shown again on later visits: whoever holds
/// the phone later may not be its owner.
///
/// # Errors
/// A database error.
pub async fn open(db: &DatabaseConnection, token: &str, now: i64) -> Result<RevealView, ServiceError> {
    let Some(row) = by_token(db, token).await? else { return Ok(gone()) };
    if effective_status(&row, now) != LocateStatus::Opened && state_of(effective_status(&row, now)) == RevealState::Pending {
        super::queue::advance(db, row.id, LocateStatus::Opened, now).await?;
    }
    Ok(reveal_view(&row, now, None))
}

/// Records the owner's decision. `Share` needs `point`.
///
/// # Errors
/// [`Key::RevealLinkGone`] when the link no longer accepts an answer;
/// [`Key::RevealPositionInvalid`] for coordinates that are not a position.
pub async fn answer(
    db: &DatabaseConnection,
    token: &str,
    decision: RevealDecision,
    point: Option<GeoPoint>,
    client: &ClientInfo,
    ip_key: &str,
    retention_ms: i64,
    now: i64,
) -> Result<RevealView, ServiceError> {
    let gone_error = || ServiceError::Invalid(Key::RevealLinkGone);
    let row = by_token(db, token).await?.ok_or_else(gone_error)?;
    if state_of(effective_status(&row, now)) != RevealState::Pending {
        return Err(gone_error());
    }
    let point = match decision {
        RevealDecision::Share => Some(point.filter(is_position).ok_or(ServiceError::Invalid(Key::RevealPositionInvalid))?),
        RevealDecision::Decline | RevealDecision::Block => None,
        RevealDecision::StopSharing => return Err(gone_error()),
    };
    let status = match decision {
        RevealDecision::Share => LocateStatus::Located,
        RevealDecision::Decline => LocateStatus::Declined,
        RevealDecision::Block | RevealDecision::StopSharing => LocateStatus::Blocked,
    };
    let txn = db.begin().await?;
    // Only one answer wins, even if two arrive at once.
    let decided = request::Entity::update_many()
        .col_expr(request::Column::Status, Expr::value(status.code()))
        .col_expr(request::Column::Unseen, Expr::value(true))
        .col_expr(request::Column::UpdatedAt, Expr::value(now))
        .filter(request::Column::Id.eq(row.id))
        .filter(request::Column::Status.is_in(pending_codes()))
        .filter(request::Column::ExpiresAt.gt(now))
        .exec(&txn)
        .await?;
    if decided.rows_affected != 1 {
        return Err(gone_error());
    }
    let consent = locate_consent::ActiveModel {
        request_id: Set(row.id),
        decision: Set(match decision {
            RevealDecision::Share => "share",
            RevealDecision::Decline => "decline",
            RevealDecision::Block | RevealDecision::StopSharing => "block",
        }
        .to_owned()),
        decided_at: Set(now),
        ip_hash: Set(client.ip.map(|ip| secrets::digest(&["consent-ip", ip_key, &ip.to_string()]))),
        user_agent: Set(client.user_agent.as_deref().map(|ua| ua.chars().take(255).collect())),
        ..Default::default()
    };
    locate_consent::Entity::insert(consent).exec(&txn).await?;
    if let Some(p) = point {
        let position = locate_position::ActiveModel {
            request_id: Set(row.id),
            latitude: Set(p.lat),
            longitude: Set(p.lng),
            accuracy: Set(p.accuracy),
            shared_at: Set(now),
            delete_after: Set(now + retention_ms),
            ..Default::default()
        };
        locate_position::Entity::insert(position).exec(&txn).await?;
    }
    if decision == RevealDecision::Block {
        registry::add(&txn, &row.phone_e164, registry::Reason::Block, now).await?;
        requests::block_pending_for_number(&txn, &row.phone_e164, now).await?;
    }
    super::queue::cancel_for_request(&txn, row.id, now).await?;
    txn.commit().await?;
    let mut answered = row;
    answered.status = status.code().to_owned();
    Ok(reveal_view(&answered, now, point))
}

fn is_position(p: &GeoPoint) -> bool {
    p.lat.is_finite()
        && p.lng.is_finite()
        && (-90.0..=90.0).contains(&p.lat)
        && (-180.0..=180.0).contains(&p.lng)
        && p.accuracy.is_none_or(|a| a.is_finite() && a >= 0.0)
}
