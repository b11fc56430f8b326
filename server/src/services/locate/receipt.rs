//! The owner's receipt. After sharing (in any mode) the owner is texted
//! once a link to a receipt: their own page in its decided state (who
//! asked, what was shared, how precisely, when, until when, when it is
//! deleted), where they can stop a live sharing, delete what was shared,
//! block the number and trust or stop trusting the requester. The link's
//! token is random and stored hashed like the request's link; unlike that
//! link it never dies with the request's expiry, so the receipt works for
//! as long as the decision is kept.
use super::queue;
use super::requests::reveal_link;
use crate::persistence::entities::locate_request as request;
use crate::services::ServiceError;
use crate::sms::templates;
use crate::tokens;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

/// The receipt's number among a request's texts (1: the link, 2: its one
/// resend). `(request, seq)` is unique in the queue: one receipt per request.
pub const RECEIPT_SEQ: i32 = 3;

/// Gives `row` its receipt token and queues the text carrying it, once:
/// of two calls only the one that sets the token queues a text. Call in the
/// transaction of the owner's decision, then wake the SMS sender.
///
/// # Errors
/// A database error.
pub(super) async fn issue(
    db: &impl ConnectionTrait,
    public_base_url: &str,
    row: &request::Model,
    now: i64,
) -> Result<(), ServiceError> {
    let token = tokens::new_token();
    let won = request::Entity::update_many()
        .col_expr(
            request::Column::ReceiptTokenHash,
            Expr::value(tokens::digest(&[&token])),
        )
        .filter(request::Column::Id.eq(row.id))
        .filter(request::Column::ReceiptTokenHash.eq(""))
        .exec(db)
        .await?;
    if won.rows_affected != 1 {
        return Ok(());
    }
    let e164 = &row.phone_e164;
    let body = templates::locate_receipt(
        templates::locale_for_number(e164),
        &reveal_link(public_base_url, e164, &token),
    );
    queue::enqueue(
        db,
        queue::NewSms {
            request_id: Some(row.id),
            seq: RECEIPT_SEQ,
            purpose: "receipt",
            to: e164,
            body: &body,
        },
        now,
    )
    .await
}
