//! Writing to support: the person's message, starting their conversation
//! with the first one, under the per-conversation and per-address limits.
use super::{find, Person};
use crate::persistence::entities::{
    help_chat_conversation as conversation, help_chat_message as message,
};
use crate::services::accounts::ClientInfo;
use crate::services::help_chat::{message_view, text::clean_body, visitor_hash};
use crate::services::limits::{self, Rule};
use crate::services::{Cx, ServiceError};
use crate::tokens;
use app_core::account::validation::{validate_email, FieldErrors};
use app_core::i18n::Locale;
use app_core::model::chat::{ChatAuthor, ChatMessageView};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, TransactionTrait,
};

/// A message as the person typed it.
#[derive(Clone, Copy, Debug)]
pub struct NewMessage<'a> {
    pub body: &'a str,
    /// The address a visitor leaves on the contact form (optional; members' is known).
    pub contact_email: Option<&'a str>,
    pub locale: Locale,
}

/// What [`send`] stored.
#[derive(Clone, Debug)]
pub struct Sent {
    pub conversation_id: i64,
    pub message: ChatMessageView,
    /// A visitor's new chat id, for their cookie (their first message).
    pub new_visitor_token: Option<String>,
}

/// Stores the person's message, starting their conversation with the first
/// one. Limits: `CHAT_MESSAGES_PER_MINUTE` per conversation, and
/// `CHAT_CONVERSATIONS_PER_IP_HOUR` new conversations per client address.
///
/// # Errors
/// `messageErrorMsg` / `emailErrorMsg`; a limit; database errors.
pub async fn send(
    cx: &Cx,
    person: Person<'_>,
    client: &ClientInfo,
    input: NewMessage<'_>,
) -> Result<Sent, ServiceError> {
    let body = clean_body(input.body);
    let contact_email = checked_email(person, input.contact_email);
    let (body, contact_email) = match (body, contact_email) {
        (Ok(body), Ok(email)) => (body, email),
        (body, email) => return Err(merge_fields(body.err(), email.err())),
    };
    let existing = find(&cx.db, person).await?;
    let txn = cx.db.begin().await?;
    let (conversation, new_visitor_token) = match existing {
        Some(row) => (row, None),
        None => start(&txn, cx, person, client, input.locale).await?,
    };
    let rule = Rule::per_minutes(cx.config.chat.messages_per_minute, 1);
    limits::take(
        &txn,
        &format!("chat-messages:{}", conversation.id),
        rule,
        cx.now,
    )
    .await?;
    let row = message::ActiveModel {
        conversation_id: Set(conversation.id),
        author: Set(ChatAuthor::Person.code().to_owned()),
        body: Set(body),
        created_at: Set(cx.now),
        ..Default::default()
    };
    let stored = message::Entity::insert(row)
        .exec_with_returning(&txn)
        .await?;
    let mut touch = conversation::Entity::update_many()
        .col_expr(conversation::Column::LastMessageAt, Expr::value(cx.now))
        .col_expr(
            conversation::Column::Locale,
            Expr::value(input.locale.code()),
        );
    if let Some(email) = contact_email {
        touch = touch.col_expr(conversation::Column::ContactEmail, Expr::value(email));
    }
    touch
        .filter(conversation::Column::Id.eq(conversation.id))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    cx.wake.chat.notify_one();
    Ok(Sent {
        conversation_id: conversation.id,
        message: message_view(stored),
        new_visitor_token,
    })
}

/// A visitor's optional address, checked like every e-mail field; members' is their account's.
fn checked_email(person: Person<'_>, email: Option<&str>) -> Result<Option<String>, ServiceError> {
    let email = email.map(str::trim).filter(|e| !e.is_empty());
    match (person, email) {
        (Person::Visitor(_), Some(email)) => {
            let mut errors = FieldErrors::default();
            if validate_email(email, &mut errors).is_some() {
                return Err(ServiceError::Fields(errors));
            }
            Ok(Some(email.to_owned()))
        }
        _ => Ok(None),
    }
}

/// Both fields' messages in one answer.
fn merge_fields(a: Option<ServiceError>, b: Option<ServiceError>) -> ServiceError {
    let mut errors = FieldErrors::default();
    for e in [a, b].into_iter().flatten() {
        if let ServiceError::Fields(f) = e {
            for slot in app_core::account::validation::Slot::ALL {
                if let Some(key) = f.get(slot) {
                    errors.set(slot, Some(key));
                }
            }
        }
    }
    ServiceError::Fields(errors)
}

/// Opens the person's conversation in `txn` (the per-address limit first:
/// on SQLite a write must come before any read of the transaction). Two
/// first messages at once: the unique index lets one insert win, and the
/// other continues that conversation.
async fn start(
    txn: &impl ConnectionTrait,
    cx: &Cx,
    person: Person<'_>,
    client: &ClientInfo,
    locale: Locale,
) -> Result<(conversation::Model, Option<String>), ServiceError> {
    let rule = Rule::per_minutes(cx.config.chat.conversations_per_ip_hour, 60);
    let key = format!("chat-conversations:ip:{}", client.ip_bucket());
    limits::take(txn, &key, rule, cx.now).await?;
    // A visitor's cookie that opens nothing (purged, or never ours) is replaced.
    let (user_id, token) = match person {
        Person::Member(member) => (Some(member.id), None),
        Person::Visitor(_) => (None, Some(tokens::new_token())),
    };
    let row = conversation::ActiveModel {
        user_id: Set(user_id),
        visitor_hash: Set(token.as_deref().map(visitor_hash)),
        contact_email: Set(None),
        locale: Set(locale.code().to_owned()),
        person_read_id: Set(0),
        staff_read_id: Set(0),
        created_at: Set(cx.now),
        last_message_at: Set(cx.now),
        ..Default::default()
    };
    let conflict = OnConflict::column(conversation::Column::UserId)
        .do_nothing()
        .to_owned();
    let inserted = conversation::Entity::insert(row)
        .on_conflict(conflict)
        .exec_without_returning(txn)
        .await?;
    if inserted == 0 {
        limits::give_back(txn, &key).await?;
    }
    let who = match &token {
        Some(token) => Person::Visitor(Some(token)),
        None => person,
    };
    let row = find(txn, who).await?.ok_or(ServiceError::NotFound)?;
    Ok((row, token))
}
