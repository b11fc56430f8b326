//! The person's side: write (starting the conversation on the first
//! message, in [`send`]), read, and mark support's answers read. Another
//! person's conversation answers exactly like one that does not exist.
use super::{message_view, visitor_hash};
use crate::persistence::counts;
use crate::persistence::entities::{
    help_chat_conversation as conversation, help_chat_message as message, user,
};
use crate::services::{Cx, ServiceError};
use app_core::model::chat::{
    ChatAuthor, ChatConversationView, ChatIdentity, ChatMessageView, MESSAGES_PER_ANSWER,
};
use sea_orm::sea_query::{Expr, Func, Query, SelectStatement, SimpleExpr};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

mod send;
pub use send::{send, NewMessage, Sent};

/// Who is asking.
#[derive(Clone, Copy, Debug)]
pub enum Person<'a> {
    /// A signed-in member.
    Member(&'a user::Model),
    /// A visitor, with the id from their chat cookie when they have one.
    Visitor(Option<&'a str>),
}

/// The person's conversation, if they have one.
///
/// # Errors
/// A database error.
pub async fn find(
    db: &impl ConnectionTrait,
    person: Person<'_>,
) -> Result<Option<conversation::Model>, ServiceError> {
    let Some(of_person) = of_person(person) else {
        return Ok(None);
    };
    Ok(conversation::Entity::find()
        .filter(of_person)
        .one(db)
        .await?)
}

/// The condition on a conversation that it is the person's; `None` for a
/// visitor without a chat cookie, who has none.
fn of_person(person: Person<'_>) -> Option<SimpleExpr> {
    Some(match person {
        Person::Member(member) => conversation::Column::UserId.eq(member.id),
        Person::Visitor(Some(token)) => conversation::Column::VisitorHash.eq(visitor_hash(token)),
        Person::Visitor(None) => return None,
    })
}

/// The person's conversation `id`, or [`ServiceError::NotFound`] whether it
/// is someone else's or does not exist.
async fn own(
    db: &impl ConnectionTrait,
    person: Person<'_>,
    id: i64,
) -> Result<conversation::Model, ServiceError> {
    find(db, person)
        .await?
        .filter(|c| c.id == id)
        .ok_or(ServiceError::NotFound)
}

/// The person's conversation with its newest messages, or `None` before
/// their first message.
///
/// # Errors
/// A database error.
pub async fn view(
    cx: &Cx,
    person: Person<'_>,
) -> Result<Option<ChatConversationView>, ServiceError> {
    let Some(row) = find(&cx.db, person).await? else {
        return Ok(None);
    };
    let mut newest = message::Entity::find()
        .filter(message::Column::ConversationId.eq(row.id))
        .order_by_desc(message::Column::Id)
        .limit(MESSAGES_PER_ANSWER)
        .all(&cx.db)
        .await?;
    newest.reverse();
    let unread = unread_count(&cx.db, conversation::Column::Id.eq(row.id)).await?;
    let email = match person {
        Person::Member(member) => Some(member.email.clone()),
        Person::Visitor(_) => None,
    };
    let identity = if email.is_some() {
        ChatIdentity::User
    } else {
        ChatIdentity::Visitor
    };
    Ok(Some(ChatConversationView {
        id: row.id,
        identity,
        email,
        unread,
        messages: newest.into_iter().map(message_view).collect(),
    }))
}

/// Messages of the person's conversation `id` after message `after`, oldest
/// first, at most [`MESSAGES_PER_ANSWER`].
///
/// # Errors
/// [`ServiceError::NotFound`] for anyone else's conversation; database errors.
pub async fn messages_after(
    cx: &Cx,
    person: Person<'_>,
    id: i64,
    after: i64,
) -> Result<Vec<ChatMessageView>, ServiceError> {
    let row = own(&cx.db, person, id).await?;
    read_after(&cx.db, row.id, after).await
}

/// Messages of conversation `id` after `after` (the caller checked who asks).
///
/// # Errors
/// A database error.
pub async fn read_after(
    db: &impl ConnectionTrait,
    id: i64,
    after: i64,
) -> Result<Vec<ChatMessageView>, ServiceError> {
    let rows = message::Entity::find()
        .filter(message::Column::ConversationId.eq(id))
        .filter(message::Column::Id.gt(after))
        .order_by_asc(message::Column::Id)
        .limit(MESSAGES_PER_ANSWER)
        .all(db)
        .await?;
    Ok(rows.into_iter().map(message_view).collect())
}

/// Marks support's messages up to `up_to` read (never beyond the newest one,
/// never backwards). Returns the unread count after.
///
/// # Errors
/// [`ServiceError::NotFound`] for anyone else's conversation; database errors.
pub async fn mark_read(
    cx: &Cx,
    person: Person<'_>,
    id: i64,
    up_to: i64,
) -> Result<i64, ServiceError> {
    own(&cx.db, person, id).await?;
    let newest = message::Entity::find()
        .filter(message::Column::ConversationId.eq(id))
        .order_by_desc(message::Column::Id)
        .one(&cx.db)
        .await?
        .map_or(0, |m| m.id);
    let up_to = up_to.min(newest);
    conversation::Entity::update_many()
        .col_expr(conversation::Column::PersonReadId, Expr::value(up_to))
        .filter(conversation::Column::Id.eq(id))
        .filter(conversation::Column::PersonReadId.lt(up_to))
        .exec(&cx.db)
        .await?;
    unread_count(&cx.db, conversation::Column::Id.eq(id)).await
}

/// Support's messages the person has not read, in their conversation.
///
/// # Errors
/// A database error.
pub async fn unread_total(
    db: &impl ConnectionTrait,
    person: Person<'_>,
) -> Result<i64, ServiceError> {
    match of_person(person) {
        Some(of_person) => unread_count(db, of_person).await,
        None => Ok(0),
    }
}

/// How many of support's messages are not read in the conversation
/// `of_conversation` picks.
async fn unread_count(
    db: &impl ConnectionTrait,
    of_conversation: SimpleExpr,
) -> Result<i64, ServiceError> {
    let [unread] = counts::read(db, [unread_where(of_conversation)]).await?;
    Ok(unread)
}

/// The statement that counts support's messages the person has not read
/// (the chat launcher's badge); `None` when they have no conversation.
pub fn unread_total_query(person: Person<'_>) -> Option<SelectStatement> {
    of_person(person).map(unread_where)
}

/// [`unread_total_query`] for the member whose id `user` gives (a value, or
/// a column of the statement it is part of).
pub fn member_unread_query(user: SimpleExpr) -> SelectStatement {
    use sea_orm::sea_query::ExprTrait as _;
    unread_where(Expr::col((conversation::Entity, conversation::Column::UserId)).eq(user))
}

/// Support's messages not read in the conversation `of_conversation`
/// picks.
fn unread_where(of_conversation: SimpleExpr) -> SelectStatement {
    use sea_orm::sea_query::ExprTrait as _;
    let message_id = || Expr::col((message::Entity, message::Column::Id));
    let conversation_id = (message::Entity, message::Column::ConversationId);
    let read_up_to = (conversation::Entity, conversation::Column::PersonReadId);
    Query::select()
        .expr(Func::count(message_id()))
        .from(message::Entity)
        .inner_join(
            conversation::Entity,
            Expr::col((conversation::Entity, conversation::Column::Id)).equals(conversation_id),
        )
        .and_where(of_conversation)
        .and_where(message::Column::Author.eq(ChatAuthor::Staff.code()))
        .and_where(message_id().gt(Expr::col(read_up_to)))
        .to_owned()
}
