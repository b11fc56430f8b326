//! Recognising a session token on later calls, alone or with counts about
//! its member read in the same statement.
use super::{abuse, AuthSession};
use crate::persistence::counts;
use crate::persistence::entities::{session, user};
use crate::persistence::template::Template;
use crate::services::ServiceError;
use crate::tokens;
use sea_orm::sea_query::{Expr, SelectStatement, SimpleExpr, Value};
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect, QueryTrait,
    SelectTwoModel, SelectorTrait,
};

/// The session of a token, if it is valid now.
///
/// # Errors
/// [`ServiceError::Unauthorized`] for a missing, unknown or expired token.
pub async fn authenticate(
    db: &impl ConnectionTrait,
    token: Option<&str>,
    now: i64,
) -> Result<AuthSession, ServiceError> {
    static ALONE: SessionCounts<0> = SessionCounts::new(|_| []);
    let (auth, []) = authenticate_counting(db, token, now, &ALONE).await?;
    Ok(auth)
}

/// Counts about a member read with their session: `counts` gets the
/// member's id (the session row's column) and gives statements that each
/// select one count. Kept in a `static`: the statement is written once.
pub struct SessionCounts<const N: usize> {
    counts: fn(SimpleExpr) -> [SelectStatement; N],
    template: Template<1>,
}

impl<const N: usize> SessionCounts<N> {
    /// The session read with `counts`.
    pub const fn new(counts: fn(SimpleExpr) -> [SelectStatement; N]) -> Self {
        SessionCounts {
            counts,
            template: Template::new(),
        }
    }

    /// The session of the token whose digest is `digest`, its member and
    /// the counts, in one statement.
    fn select(&self, digest: Value) -> SelectStatement {
        let member = Expr::col((session::Entity, session::Column::UserId));
        let mut select = session::Entity::find()
            .filter(session::Column::TokenHash.eq(digest))
            .find_also_related(user::Entity)
            .limit(1);
        for (i, count) in (self.counts)(member).into_iter().enumerate() {
            select = select.expr_as(counts::subquery(count), counts::column(i));
        }
        select.into_query()
    }
}

/// The session of a token, if it is valid now, with `counts` about its
/// member read in the same statement.
///
/// # Errors
/// [`ServiceError::Unauthorized`] for a missing, unknown or expired token.
pub async fn authenticate_counting<const N: usize>(
    db: &impl ConnectionTrait,
    token: Option<&str>,
    now: i64,
    counts: &SessionCounts<N>,
) -> Result<(AuthSession, [i64; N]), ServiceError> {
    let token = token
        .filter(|t| t.len() == 64)
        .ok_or(ServiceError::Unauthorized)?;
    let statement = counts.template.statement(
        db.get_database_backend(),
        |[digest]| counts.select(digest),
        [Value::from(tokens::digest(&[token]))],
    );
    let Some(row) = db.query_one_raw(statement).await? else {
        return Err(ServiceError::Unauthorized);
    };
    let read = counts::from_row(&row)?;
    let (session, user) =
        SelectTwoModel::<session::Model, user::Model>::from_raw_query_result(row)?;
    let user = user.ok_or(ServiceError::Unauthorized)?;
    Ok((alive(db, session, user, now).await?, read))
}

/// The session while it may still be used, its last use kept (to the
/// minute); an expired one is deleted.
async fn alive(
    db: &impl ConnectionTrait,
    mut session: session::Model,
    user: user::Model,
    now: i64,
) -> Result<AuthSession, ServiceError> {
    // Suspension ends the sessions; this also stops one opened in the same instant.
    if user.suspended_at.is_some() {
        return Err(ServiceError::Unauthorized);
    }
    if session.expires_at <= now {
        session::Entity::delete_by_id(session.id).exec(db).await?;
        return Err(ServiceError::Unauthorized);
    }
    if now - session.last_seen_at >= abuse::LAST_SEEN_RESOLUTION_MS {
        session::Entity::update_many()
            .col_expr(session::Column::LastSeenAt, Expr::value(now))
            .filter(session::Column::Id.eq(session.id))
            .exec(db)
            .await?;
        session.last_seen_at = now;
    }
    Ok(AuthSession { session, user })
}
