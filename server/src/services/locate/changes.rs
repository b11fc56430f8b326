//! The requester's changes to a request: resend, cancel, rename, stop a
//! live sharing, clear.
use super::caps::take_number_cap;
use super::requests::{has_location, own, queue_link};
use super::{display_phone, effective_status, queue, status, view};
use crate::persistence::entities::{locate_position, locate_request as request};
use crate::services::accounts::AuthSession;
use crate::services::{Cx, ServiceError};
use crate::tokens;
use app_core::i18n::Key;
use app_core::model::locate::{LocateRequestView, LocateStatus};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, SqlErr, TransactionTrait};

/// Longest name a requester may give a request (the form's `maxlength` too).
pub use app_core::model::locate::LABEL_MAX_CHARS;

/// What `PUT /spyContent/phoneLocation/{id}` may do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// Send the SMS once more (a new link; the old one dies).
    Resend,
    /// Stop the request: the link dies, a queued SMS is not sent.
    Cancel,
    /// The requester's own name for it. The note cannot change after sending.
    Rename(String),
    /// End the owner's live sharing now (the last position stays).
    StopLive,
}

impl Change {
    /// The change named by a form's `action` (`resend`, `cancel`, `rename` with `label`).
    pub fn from_action(action: &str, label: &str) -> Option<Change> {
        match action {
            "resend" => Some(Change::Resend),
            "cancel" => Some(Change::Cancel),
            "rename" => Some(Change::Rename(label.to_owned())),
            "stop_live" => Some(Change::StopLive),
            _ => None,
        }
    }
}

/// Applies `change` to one of the caller's requests; wakes the SMS sender
/// after a resend.
///
/// # Errors
/// Not found, [`Key::LocateActionNotAllowed`], a cap, a long label, database errors.
pub async fn update(
    cx: &Cx,
    auth: &AuthSession,
    id: i64,
    change: Change,
) -> Result<LocateRequestView, ServiceError> {
    let row = own(&cx.db, auth, id).await?;
    let resending = change == Change::Resend;
    let txn = cx.db.begin().await?;
    match change {
        Change::StopLive => {
            if !super::live::stop(&txn, id, cx.now).await? {
                return Err(not_allowed());
            }
        }
        Change::Resend => resend(cx, &txn, &row).await?,
        Change::Cancel => {
            // The transition first: of two cancels only one changes the row.
            let scope = status::request(id).add(request::Column::ExpiresAt.gt(cx.now));
            if status::transition(&txn, scope, LocateStatus::Cancelled, cx.now).await? != 1 {
                return Err(not_allowed());
            }
            queue::cancel_for_request(&txn, id, cx.now).await?;
        }
        Change::Rename(label) => {
            let label = label.trim().to_owned();
            if label.chars().count() > LABEL_MAX_CHARS {
                return Err(ServiceError::Invalid(Key::LocateLabelTooLong));
            }
            request::Entity::update_many()
                .col_expr(request::Column::Label, Expr::value(label))
                .col_expr(request::Column::UpdatedAt, Expr::value(cx.now))
                .filter(request::Column::Id.eq(id))
                .exec(&txn)
                .await?;
        }
    }
    txn.commit().await?;
    cx.wake.locate.notify_one();
    if resending {
        cx.wake.sms.notify_one();
    }
    let row = own(&cx.db, auth, id).await?;
    Ok(view(
        &row,
        has_location(&cx.db, id).await?,
        display_phone(&row.phone_e164),
        cx.now,
    ))
}

fn not_allowed() -> ServiceError {
    ServiceError::Invalid(Key::LocateActionNotAllowed)
}

/// The one resend: a new link (the old one dies) in a second SMS. The
/// conditional update comes first, so of concurrent resends exactly one
/// wins; the winner then takes a unit of the number's daily cap.
async fn resend(
    cx: &Cx,
    txn: &impl ConnectionTrait,
    row: &request::Model,
) -> Result<(), ServiceError> {
    if row.resent
        || !matches!(
            effective_status(row, cx.now),
            LocateStatus::Sent | LocateStatus::Delivered
        )
    {
        return Err(not_allowed());
    }
    let token = tokens::new_token();
    let won = request::Entity::update_many()
        .col_expr(request::Column::Resent, Expr::value(true))
        .col_expr(
            request::Column::LinkTokenHash,
            Expr::value(tokens::digest(&[&token])),
        )
        .col_expr(
            request::Column::ExpiresAt,
            Expr::value(cx.now + cx.config.locate.link_ttl_ms),
        )
        .col_expr(request::Column::UpdatedAt, Expr::value(cx.now))
        .filter(request::Column::Id.eq(row.id))
        .filter(request::Column::Resent.eq(false))
        .filter(
            request::Column::Status
                .is_in([LocateStatus::Sent.code(), LocateStatus::Delivered.code()]),
        )
        .filter(request::Column::ExpiresAt.gt(cx.now))
        .exec(txn)
        .await?;
    if won.rows_affected != 1 {
        return Err(not_allowed());
    }
    take_number_cap(txn, &cx.config.locate, &row.phone_e164, cx.now).await?;
    match queue_link(txn, &cx.config.public_base_url, row, 2, &token, cx.now).await {
        // Another resend's message is already queued: this one lost.
        Err(ServiceError::Database(e))
            if matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) =>
        {
            Err(not_allowed())
        }
        other => other,
    }
}

/// Erases the request's position now (before the retention window ends).
///
/// # Errors
/// Not found; database errors.
pub async fn clear(
    cx: &Cx,
    auth: &AuthSession,
    id: i64,
) -> Result<LocateRequestView, ServiceError> {
    let row = own(&cx.db, auth, id).await?;
    let txn = cx.db.begin().await?;
    locate_position::Entity::delete_many()
        .filter(locate_position::Column::RequestId.eq(id))
        .exec(&txn)
        .await?;
    super::events::changed(&txn, id, cx.now).await?;
    txn.commit().await?;
    cx.wake.locate.notify_one();
    Ok(view(&row, false, display_phone(&row.phone_e164), cx.now))
}
