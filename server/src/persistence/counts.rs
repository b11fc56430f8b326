//! Several counts read in one statement, `SELECT (SELECT COUNT(…) …), …`:
//! one round trip to the database where each would have taken its own.
use sea_orm::sea_query::{Expr, Query, QueryStatementBuilder as _, SelectStatement};
use sea_orm::{ConnectionTrait, DbErr, QueryResult};

/// What each of `counts` (statements that select one count) gives, in
/// their order.
///
/// # Errors
/// A database error.
pub async fn read<const N: usize>(
    db: &impl ConnectionTrait,
    counts: [SelectStatement; N],
) -> Result<[i64; N], DbErr> {
    let mut select = Query::select();
    for (i, count) in counts.into_iter().enumerate() {
        select.expr_as(subquery(count), column(i));
    }
    let row = db
        .query_one(&select)
        .await?
        .ok_or_else(|| DbErr::RecordNotFound("a select of counts gave no row".to_owned()))?;
    from_row(&row)
}

/// `count` as a value in another statement's select list.
pub fn subquery(count: SelectStatement) -> Expr {
    Expr::from(count.into_sub_query_statement())
}

/// The name of the `i`th count in a select list.
pub fn column(i: usize) -> String {
    format!("count_{i}")
}

/// The counts named by [`column`] in `row`.
///
/// # Errors
/// A count missing from the row.
pub fn from_row<const N: usize>(row: &QueryResult) -> Result<[i64; N], DbErr> {
    let mut read = [0; N];
    for (i, slot) in read.iter_mut().enumerate() {
        *slot = row
            .try_get::<Option<i64>>("", &column(i))?
            .unwrap_or_default();
    }
    Ok(read)
}
