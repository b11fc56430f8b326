//! The owner's side: what their link shows and what they decide. The link
//! token is the only credential; one request yields at most one position,
//! and every decision is recorded (time, request, hashed address, agent).
//! After deciding, the owner may still delete a shared position
//! (stop sharing) and block the number; the recorded decision stays.
use super::reveal::{self, by_token};
use super::{effective_status, registry, requests, status};
use crate::persistence::entities::{locate_consent, locate_position, locate_request as request};
use crate::services::accounts::ClientInfo;
use crate::services::{Cx, ServiceError};
use crate::tokens;
use app::i18n::Key;
use app::model::locate::{LocateStatus, RevealDecision, RevealView};
use app::model::GeoPoint;
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, TransactionTrait,
};

/// What the owner's page shows. Opening a pending link marks it `opened`.
/// The shared position is not shown again on later visits: whoever holds
/// the phone later may not be its owner.
///
/// # Errors
/// A database error.
pub async fn open(cx: &Cx, token: &str) -> Result<RevealView, ServiceError> {
    let Some(mut row) = by_token(&cx.db, token).await? else {
        return Ok(reveal::gone());
    };
    if status::is_pending(effective_status(&row, cx.now))
        && status::transition(
            &cx.db,
            status::request(row.id),
            LocateStatus::Opened,
            cx.now,
        )
        .await?
            == 1
    {
        LocateStatus::Opened.code().clone_into(&mut row.status);
    }
    reveal::build(cx, &row, None).await
}

/// The owner's answer on their page.
#[derive(Clone, Copy, Debug)]
pub struct Answer<'a> {
    pub token: &'a str,
    pub decision: RevealDecision,
    /// The position, for `Share` only.
    pub point: Option<GeoPoint>,
    pub client: &'a ClientInfo,
}

/// Records the owner's decision, or an action still open after it.
///
/// # Errors
/// [`Key::RevealLinkGone`] when the link no longer accepts this answer;
/// [`Key::RevealPositionInvalid`] for coordinates that are not a position.
pub async fn answer(cx: &Cx, input: Answer<'_>) -> Result<RevealView, ServiceError> {
    let gone_error = || ServiceError::Invalid(Key::RevealLinkGone);
    let row = by_token(&cx.db, input.token)
        .await?
        .ok_or_else(gone_error)?;
    let current = effective_status(&row, cx.now);
    let point = match (input.decision, current) {
        (RevealDecision::StopSharing, LocateStatus::Located) => {
            return stop_sharing(cx, &row).await
        }
        (RevealDecision::Block, LocateStatus::Located | LocateStatus::Declined) => {
            return block_after(cx, &row).await
        }
        (_, s) if !status::is_pending(s) => return Err(gone_error()),
        (RevealDecision::Share, _) => Some(
            input
                .point
                .filter(is_position)
                .ok_or(ServiceError::Invalid(Key::RevealPositionInvalid))?,
        ),
        (RevealDecision::Decline | RevealDecision::Block, _) => None,
        (RevealDecision::StopSharing, _) => return Err(gone_error()),
    };
    let (to, code) = match input.decision {
        RevealDecision::Share => (LocateStatus::Located, "share"),
        RevealDecision::Decline => (LocateStatus::Declined, "decline"),
        RevealDecision::Block | RevealDecision::StopSharing => (LocateStatus::Blocked, "block"),
    };
    let txn = cx.db.begin().await?;
    // Only one answer wins, even if two arrive at once.
    let scope = status::request(row.id).add(request::Column::ExpiresAt.gt(cx.now));
    if status::transition(&txn, scope, to, cx.now).await? != 1 {
        return Err(gone_error());
    }
    record_consent(&txn, cx, row.id, code, input.client).await?;
    if let Some(p) = point {
        let position = locate_position::ActiveModel {
            request_id: Set(row.id),
            latitude: Set(p.lat),
            longitude: Set(p.lng),
            accuracy: Set(p.accuracy),
            shared_at: Set(cx.now),
            delete_after: Set(cx.now + cx.config.locate.retention_ms),
            ..Default::default()
        };
        locate_position::Entity::insert(position).exec(&txn).await?;
    }
    if to == LocateStatus::Blocked {
        registry::add(&txn, &row.phone_e164, registry::Reason::Block, cx.now).await?;
        requests::block_pending_for_number(&txn, &row.phone_e164, cx.now).await?;
    }
    super::queue::cancel_for_request(&txn, row.id, cx.now).await?;
    txn.commit().await?;
    let mut answered = row;
    to.code().clone_into(&mut answered.status);
    reveal::build(cx, &answered, point).await
}

async fn record_consent(
    db: &impl ConnectionTrait,
    cx: &Cx,
    request_id: i64,
    decision: &str,
    client: &ClientInfo,
) -> Result<(), ServiceError> {
    let consent = locate_consent::ActiveModel {
        request_id: Set(request_id),
        decision: Set(decision.to_owned()),
        decided_at: Set(cx.now),
        ip_hash: Set(client
            .ip
            .map(|ip| tokens::digest(&["consent-ip", &cx.config.ip_hash_key, &ip.to_string()]))),
        user_agent: Set(client
            .user_agent
            .as_deref()
            .map(|ua| ua.chars().take(255).collect())),
        ..Default::default()
    };
    locate_consent::Entity::insert(consent).exec(db).await?;
    Ok(())
}

/// Deletes the shared position now; the decision stays recorded.
async fn stop_sharing(cx: &Cx, row: &request::Model) -> Result<RevealView, ServiceError> {
    locate_position::Entity::delete_many()
        .filter(locate_position::Column::RequestId.eq(row.id))
        .exec(&cx.db)
        .await?;
    reveal::build(cx, row, None).await
}

/// Blocks the number after a share or decline: no request reaches it again
/// and its other pending requests end; this request keeps its decision.
async fn block_after(cx: &Cx, row: &request::Model) -> Result<RevealView, ServiceError> {
    let txn = cx.db.begin().await?;
    registry::add(&txn, &row.phone_e164, registry::Reason::Block, cx.now).await?;
    requests::block_pending_for_number(&txn, &row.phone_e164, cx.now).await?;
    txn.commit().await?;
    reveal::build(cx, row, None).await
}

fn is_position(p: &GeoPoint) -> bool {
    p.lat.is_finite()
        && p.lng.is_finite()
        && (-90.0..=90.0).contains(&p.lat)
        && (-180.0..=180.0).contains(&p.lng)
        && p.accuracy.is_none_or(|a| a.is_finite() && a >= 0.0)
}
