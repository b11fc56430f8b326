//! The requester's list of requests, and the badge of answers not seen yet.
use crate::persistence::entities::{locate_position, locate_request as request};
use crate::services::accounts::AuthSession;
use crate::services::locate::{display_phone, view};
use crate::services::{Cx, ServiceError};
use app::model::locate::LocateRequestView;
use sea_orm::sea_query::{Expr, Func, SimpleExpr};
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
};

/// A page of the caller's requests, newest first.
#[derive(Clone, Debug)]
pub struct RequestPage {
    pub items: Vec<LocateRequestView>,
    pub total: u64,
    /// Answers not seen before this call (`notificationsTotal`).
    pub unseen: u64,
}

/// The caller's requests; marks their answers as seen.
///
/// # Errors
/// A database error.
pub async fn list(
    cx: &Cx,
    auth: &AuthSession,
    page: u64,
    size: u64,
) -> Result<RequestPage, ServiceError> {
    let (db, now) = (&cx.db, cx.now);
    let mine = request::Entity::find().filter(request::Column::RequesterId.eq(auth.user.id));
    let (total, unseen) = counts(db, auth.user.id).await?;
    // A page beyond what the database can address is past the last one.
    let offset = page
        .saturating_sub(1)
        .checked_mul(size)
        .filter(|o| i64::try_from(*o).is_ok());
    let rows = match offset {
        Some(offset) => {
            mine.order_by_desc(request::Column::Id)
                .offset(offset)
                .limit(size)
                .all(db)
                .await?
        }
        None => Vec::new(),
    };
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let located: Vec<i64> = if ids.is_empty() {
        Vec::new()
    } else {
        locate_position::Entity::find()
            .filter(locate_position::Column::RequestId.is_in(ids.clone()))
            .all(db)
            .await?
            .into_iter()
            .map(|p| p.request_id)
            .collect()
    };
    if unseen > 0 {
        request::Entity::update_many()
            .col_expr(request::Column::Unseen, Expr::value(false))
            .filter(request::Column::Id.is_in(ids))
            .exec(db)
            .await?;
    }
    let items = rows
        .iter()
        .map(|r| {
            view(
                r,
                located.contains(&r.id),
                display_phone(&r.phone_e164),
                now,
            )
        })
        .collect();
    Ok(RequestPage {
        items,
        total,
        unseen,
    })
}

/// How many requests the user has, and how many of them have an answer not
/// seen yet, in one read.
async fn counts(db: &impl ConnectionTrait, user_id: i64) -> Result<(u64, u64), ServiceError> {
    let unseen = Expr::case(request::Column::Unseen.eq(true), 1).finally(0);
    let row: Option<(i64, Option<i64>)> = request::Entity::find()
        .select_only()
        .column_as(
            SimpleExpr::from(Func::count(Expr::col(request::Column::Id))),
            "total",
        )
        .column_as(SimpleExpr::from(Func::sum(unseen)), "unseen")
        .filter(request::Column::RequesterId.eq(user_id))
        .into_tuple()
        .one(db)
        .await?;
    let (total, unseen) = row.unwrap_or_default();
    let count = |n: i64| u64::try_from(n).unwrap_or_default();
    Ok((count(total), count(unseen.unwrap_or_default())))
}

/// How many answers the user has not seen yet (the header's badge).
///
/// # Errors
/// A database error.
pub async fn unseen_count(db: &impl ConnectionTrait, user_id: i64) -> Result<u64, ServiceError> {
    Ok(request::Entity::find()
        .filter(request::Column::RequesterId.eq(user_id))
        .filter(request::Column::Unseen.eq(true))
        .count(db)
        .await?)
}
