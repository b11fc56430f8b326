//! The requester's list of requests, and the badge of answers not seen yet.
use crate::persistence::entities::{locate_position, locate_request as request};
use crate::persistence::template::{unsigned, Template};
use crate::services::accounts::AuthSession;
use crate::services::locate::{display_phone, view};
use crate::services::{Cx, ServiceError};
use app_core::model::locate::LocateRequestView;
use sea_orm::sea_query::{
    Expr, ExprTrait as _, Func, Query, SelectStatement, SimpleExpr, Value, WindowStatement,
};
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, FromQueryResult, QueryFilter, QueryOrder,
    QuerySelect, QueryTrait,
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
    // A page beyond what the database can address is past the last one.
    let offset = page
        .saturating_sub(1)
        .checked_mul(size)
        .filter(|o| i64::try_from(*o).is_ok());
    let rows = match offset {
        Some(offset) => page_rows(db, auth.user.id, offset, size).await?,
        None => Vec::new(),
    };
    // The counts come with the rows; an empty first page means none at
    // all, and a page past the last one reads them alone.
    let (total, unseen) = match (rows.first(), offset) {
        (Some(first), _) => (first.total, first.unseen_total.unwrap_or_default()),
        (None, Some(0)) => (0, 0),
        (None, _) => counts(db, auth.user.id).await?,
    };
    let count = |n: i64| u64::try_from(n).unwrap_or_default();
    let (total, unseen) = (count(total), count(unseen));
    let ids: Vec<i64> = rows.iter().map(|r| r.request.id).collect();
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
            let row = &r.request;
            view(row, r.located, display_phone(&row.phone_e164), now)
        })
        .collect();
    Ok(RequestPage {
        items,
        total,
        unseen,
    })
}

/// One request of a page, with whether its owner shared a position and
/// the counts of all the user's requests.
#[derive(Debug, FromQueryResult)]
struct ListedRow {
    #[sea_orm(nested)]
    request: request::Model,
    located: bool,
    total: i64,
    unseen_total: Option<i64>,
}

/// A page of the user's requests, newest first, in one read: each row with
/// whether a position came for it and the counts over all of them.
async fn page_rows(
    db: &impl ConnectionTrait,
    user_id: i64,
    offset: u64,
    size: u64,
) -> Result<Vec<ListedRow>, ServiceError> {
    static PAGE: Template<3> = Template::new();
    let statement = PAGE.statement(
        db.get_database_backend(),
        page_select,
        [user_id.into(), offset.into(), size.into()],
    );
    Ok(ListedRow::find_by_statement(statement).all(db).await?)
}

/// The statement of [`page_rows`].
fn page_select([user_id, offset, size]: [Value; 3]) -> SelectStatement {
    let positions = Query::select()
        .expr(Expr::val(1))
        .from(locate_position::Entity)
        .and_where(
            Expr::col((locate_position::Entity, locate_position::Column::RequestId))
                .equals((request::Entity, request::Column::Id)),
        )
        .to_owned();
    let mut select = request::Entity::find()
        .filter(request::Column::RequesterId.eq(user_id))
        .column_as(Expr::exists(positions), "located")
        .order_by_desc(request::Column::Id)
        .offset(unsigned(&offset))
        .limit(unsigned(&size));
    let all = WindowStatement::new;
    QueryTrait::query(&mut select)
        .expr_window_as(Func::count(Expr::col(request::Column::Id)), all(), "total")
        .expr_window_as(Func::sum(unseen_as_one()), all(), "unseen_total");
    select.into_query()
}

/// One for a request with an answer not seen yet, else zero.
fn unseen_as_one() -> SimpleExpr {
    Expr::case(request::Column::Unseen.eq(true), 1)
        .finally(0)
        .into()
}

/// How many requests the user has, and how many of them have an answer not
/// seen yet, in one read.
async fn counts(db: &impl ConnectionTrait, user_id: i64) -> Result<(i64, i64), ServiceError> {
    let row: Option<(i64, Option<i64>)> = request::Entity::find()
        .select_only()
        .column_as(
            SimpleExpr::from(Func::count(Expr::col(request::Column::Id))),
            "total",
        )
        .column_as(SimpleExpr::from(Func::sum(unseen_as_one())), "unseen")
        .filter(request::Column::RequesterId.eq(user_id))
        .into_tuple()
        .one(db)
        .await?;
    let (total, unseen) = row.unwrap_or_default();
    Ok((total, unseen.unwrap_or_default()))
}

/// The statement that counts the answers not seen yet (the header's badge)
/// by the requester whose id `requester` gives (a value, or a column of the
/// statement it is part of).
pub fn unseen_count_query(requester: SimpleExpr) -> SelectStatement {
    let requester_id = Expr::col((request::Entity, request::Column::RequesterId));
    request::Entity::find()
        .select_only()
        .column_as(
            SimpleExpr::from(Func::count(Expr::col(request::Column::Id))),
            "unseen",
        )
        .filter(requester_id.eq(requester))
        .filter(request::Column::Unseen.eq(true))
        .into_query()
}
