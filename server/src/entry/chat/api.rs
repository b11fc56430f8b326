//! `/chat/…`: the help chat of the person calling — a member by their
//! session, a visitor by their chat cookie (set with their first message;
//! like the session cookie, read only together with the `website_type`
//! header, which a cross-site form cannot send). Thin: read the request,
//! call `services::help_chat`, answer in the envelope; the live stream is
//! server-sent events.
use super::doc::{Answer, BadRequest, Limited, List, NotFound, Unavailable};
use super::extract::{service_error, ValidForm, ValidQuery};
use super::{ApiContext, ApiError, ApiOk, ApiResult};
use crate::services::accounts::sessions;
use crate::services::help_chat::{self, NewMessage, Person};
use crate::state::AppState;
use app_core::model::chat::{ChatConversationView, ChatMessageView, ChatUnread};
use axum::extract::{FromRequestParts, Path, State};
use axum::http::{header, request::Parts};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use std::convert::Infallible;

mod stream;
pub use stream::{__path_stream, stream};

/// Who calls: the member behind the session, else the visitor's cookie.
/// A stale session is a visitor, not an error: visitors may chat too.
pub struct Caller {
    member: Option<crate::persistence::entities::user::Model>,
    visitor: Option<String>,
}

impl FromRequestParts<AppState> for Caller {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Infallible> {
        let ctx = ApiContext::from_request_parts(parts, state).await?;
        let member = match ctx.token.as_deref() {
            Some(token) => sessions::authenticate(&state.db, Some(token), state.now_ms())
                .await
                .ok()
                .map(|a| a.user),
            None => None,
        };
        let visitor = ctx
            .website_type
            .as_ref()
            .and_then(|_| crate::cookies::chat_visitor_cookie(&parts.headers));
        Ok(Caller { member, visitor })
    }
}

impl Caller {
    pub(super) fn person(&self) -> Person<'_> {
        match &self.member {
            Some(member) => Person::Member(member),
            None => Person::Visitor(self.visitor.as_deref()),
        }
    }
}

/// `GET /chat/conversation`: the caller's conversation, or `null` before
/// their first message.
#[utoipa::path(get, path = "/chat/conversation", tag = "chat", security((), ("token" = [])),
    responses((status = 200, description = "The caller's conversation, or null before their first message.", body = Answer<Option<ChatConversationView>>)))]
pub async fn conversation(
    State(state): State<AppState>,
    ctx: ApiContext,
    caller: Caller,
) -> ApiResult<Option<ChatConversationView>> {
    Ok(ApiOk::obj(
        help_chat::view(&state.cx(), caller.person())
            .await
            .map_err(service_error(&ctx))?,
    ))
}

/// Body of `POST /chat/messages`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct MessageForm {
    body: String,
    email: String,
}

/// What `POST /chat/messages` answers.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Posted {
    conversation_id: i64,
    message: ChatMessageView,
}

/// `POST /chat/messages` (`body`, optional `email` for visitors): starts or
/// continues the caller's conversation. A visitor's first message sets
/// their chat cookie.
#[utoipa::path(post, path = "/chat/messages", tag = "chat", security((), ("token" = [])),
    request_body(content = MessageForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, description = "The message; a visitor's first one sets their chat cookie.", body = Answer<Posted>),
        BadRequest, Limited, Unavailable))]
pub async fn send(
    State(state): State<AppState>,
    ctx: ApiContext,
    caller: Caller,
    ValidForm(f): ValidForm<MessageForm>,
) -> Result<Response, ApiError> {
    let input = NewMessage {
        body: &f.body,
        contact_email: Some(&f.email),
        locale: ctx.locale,
    };
    let sent = help_chat::send(&state.cx(), caller.person(), &ctx.client, input)
        .await
        .map_err(service_error(&ctx))?;
    let mut response = ApiOk::obj(Posted {
        conversation_id: sent.conversation_id,
        message: sent.message,
    })
    .into_response();
    if let Some(token) = sent.new_visitor_token {
        let cookie = crate::cookies::cookie_policy(&state.config.public_base_url)
            .chat_visitor(&token, &state.config.chat);
        response.headers_mut().append(header::SET_COOKIE, cookie);
    }
    Ok(response)
}

/// The `after` of list and stream calls: the newest message id the caller has.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct After {
    after: i64,
}

/// `GET /chat/conversations/{id}/messages?after=`: newer messages, oldest first.
#[utoipa::path(get, path = "/chat/conversations/{id}/messages", tag = "chat", security((), ("token" = [])), params(("id" = i64, Path, description = "The conversation's id"), After),
    responses((status = 200, description = "Newer messages, oldest first.", body = Answer<List<ChatMessageView>>), BadRequest, NotFound))]
pub async fn messages(
    State(state): State<AppState>,
    ctx: ApiContext,
    Path(id): Path<i64>,
    ValidQuery(q): ValidQuery<After>,
    caller: Caller,
) -> ApiResult<Vec<ChatMessageView>> {
    let found = help_chat::messages_after(&state.cx(), caller.person(), id, q.after).await;
    Ok(ApiOk::obj(found.map_err(service_error(&ctx))?))
}

/// Body of `POST /chat/conversations/{id}/read`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ReadForm {
    up_to: i64,
}

/// `POST /chat/conversations/{id}/read` (`upTo`): support's messages up to
/// that id are read; answers the unread count left.
#[utoipa::path(post, path = "/chat/conversations/{id}/read", tag = "chat", security((), ("token" = [])), params(("id" = i64, Path, description = "The conversation's id")),
    request_body(content = ReadForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, description = "The unread count left.", body = Answer<ChatUnread>), BadRequest, NotFound))]
pub async fn mark_read(
    State(state): State<AppState>,
    ctx: ApiContext,
    Path(id): Path<i64>,
    caller: Caller,
    ValidForm(f): ValidForm<ReadForm>,
) -> ApiResult<ChatUnread> {
    let unread = help_chat::mark_read(&state.cx(), caller.person(), id, f.up_to)
        .await
        .map_err(service_error(&ctx))?;
    Ok(ApiOk::obj(ChatUnread { unread }))
}

/// `GET /chat/unread`: support's messages the caller has not read.
#[utoipa::path(get, path = "/chat/unread", tag = "chat", security((), ("token" = [])),
    responses((status = 200, body = Answer<ChatUnread>)))]
pub async fn unread(
    State(state): State<AppState>,
    ctx: ApiContext,
    caller: Caller,
) -> ApiResult<ChatUnread> {
    let unread = help_chat::unread_total(&state.db, caller.person())
        .await
        .map_err(service_error(&ctx))?;
    Ok(ApiOk::obj(ChatUnread { unread }))
}
