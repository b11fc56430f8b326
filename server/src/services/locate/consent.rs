//! The owner's side: what their link shows and what they decide. The link
//! token is the only credential; one request yields at most one position,
//! and every decision is recorded (time, request, hashed address, agent).
//! The owner shares once (precise or rounded to about a kilometre) or live
//! for a set time (`live`). After deciding, the owner may still stop a live
//! sharing, delete a shared position, block the number and trust or stop
//! trusting the requester (`trust`); the recorded decision stays. Sharing
//! texts the owner a receipt link once (`receipt`).
use super::reveal::{self, by_token};
use super::{effective_status, registry, requests, status};
use crate::persistence::entities::{locate_consent, locate_position, locate_request as request};
use crate::services::accounts::ClientInfo;
use crate::services::{Cx, ServiceError};
use crate::tokens;
use app_core::i18n::Key;
use app_core::model::locate::{LocateStatus, RevealDecision, RevealView, ShareMode};
use app_core::model::GeoPoint;
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
    /// How to share, for `Share` only.
    pub mode: ShareMode,
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
    if let RevealDecision::Trust | RevealDecision::Untrust = input.decision {
        return super::trust::set(cx, &row, input.decision == RevealDecision::Trust).await;
    }
    let current = effective_status(&row, cx.now);
    if matches!(current, LocateStatus::Located | LocateStatus::Declined) {
        return after_decision(cx, &row, input.decision, current).await;
    }
    if !status::is_pending(current) {
        return Err(gone_error());
    }
    let point = match input.decision {
        RevealDecision::Share => Some(
            input
                .point
                .filter(super::live::is_position)
                .ok_or(ServiceError::Invalid(Key::RevealPositionInvalid))?,
        ),
        RevealDecision::Decline | RevealDecision::Block => None,
        _ => return Err(gone_error()),
    };
    let (to, code) = match input.decision {
        RevealDecision::Share => (LocateStatus::Located, "share"),
        RevealDecision::Decline => (LocateStatus::Declined, "decline"),
        _ => (LocateStatus::Blocked, "block"),
    };
    let txn = cx.db.begin().await?;
    // Only one answer wins, even if two arrive at once.
    let scope = status::request(row.id).add(request::Column::ExpiresAt.gt(cx.now));
    if status::transition(&txn, scope, to, cx.now).await? != 1 {
        return Err(gone_error());
    }
    record_consent(&txn, cx, row.id, code, input.client).await?;
    let point = match point {
        Some(p) => {
            let (stored, position) = super::live::first_position(cx, &row, p, input.mode);
            locate_position::Entity::insert(position).exec(&txn).await?;
            Some(stored)
        }
        None => None,
    };
    let mailing = follow_up(&txn, cx, &row, to).await?;
    txn.commit().await?;
    cx.wake.locate.notify_one();
    cx.wake.sms.notify_one();
    if mailing {
        crate::services::job_queue::wake(cx);
    }
    let mut answered = row;
    to.code().clone_into(&mut answered.status);
    reveal::build(cx, &answered, point).await
}

/// What an answer `to` does besides the status, in its transaction: a
/// block takes the number off every list, the request's unsent texts are
/// dropped, a share texts the owner's receipt, and the requester's e-mail
/// is queued when they asked for one (returns whether it was).
async fn follow_up(
    txn: &impl ConnectionTrait,
    cx: &Cx,
    row: &request::Model,
    to: LocateStatus,
) -> Result<bool, ServiceError> {
    if to == LocateStatus::Blocked {
        block_number(txn, &row.phone_e164, cx.now).await?;
    }
    super::queue::cancel_for_request(txn, row.id, cx.now).await?;
    if to == LocateStatus::Located {
        super::receipt::issue(txn, &cx.config.public_base_url, row, cx.now).await?;
    }
    super::mails::queue(txn, row, cx.now).await
}

/// An action still open after the owner decided: stop a live sharing,
/// delete what was shared, block the number.
async fn after_decision(
    cx: &Cx,
    row: &request::Model,
    decision: RevealDecision,
    current: LocateStatus,
) -> Result<RevealView, ServiceError> {
    match (decision, current) {
        (RevealDecision::StopSharing, LocateStatus::Located) => stop_sharing(cx, row).await,
        (RevealDecision::StopLive, LocateStatus::Located) => {
            super::live::stop(&cx.db, row.id, cx.now).await?;
            cx.wake.locate.notify_one();
            reveal::build(cx, row, None).await
        }
        (RevealDecision::Block, _) => block_after(cx, row).await,
        _ => Err(ServiceError::Invalid(Key::RevealLinkGone)),
    }
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
    let txn = cx.db.begin().await?;
    locate_position::Entity::delete_many()
        .filter(locate_position::Column::RequestId.eq(row.id))
        .exec(&txn)
        .await?;
    super::events::changed(&txn, row.id, cx.now).await?;
    txn.commit().await?;
    cx.wake.locate.notify_one();
    reveal::build(cx, row, None).await
}

/// Blocks the number after a share or decline: no request reaches it again
/// and its other pending requests end; this request keeps its decision.
async fn block_after(cx: &Cx, row: &request::Model) -> Result<RevealView, ServiceError> {
    let txn = cx.db.begin().await?;
    block_number(&txn, &row.phone_e164, cx.now).await?;
    txn.commit().await?;
    reveal::build(cx, row, None).await
}

/// The number takes no request again: on the registry, its pending
/// requests blocked, every trust it gave ended.
async fn block_number(db: &impl ConnectionTrait, e164: &str, now: i64) -> Result<(), ServiceError> {
    registry::add(db, e164, registry::Reason::Block, now).await?;
    requests::block_pending_for_number(db, e164, now).await?;
    super::trust::end_all(db, e164).await
}
