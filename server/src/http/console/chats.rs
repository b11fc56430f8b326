//! The console's side of the help chat: the inbox, one conversation, a reply.
use super::{failed, require_staff};
use crate::http::doc::{Answer, BadRequest, List, NotFound, Unauthorized};
use crate::http::{ApiContext, ApiError, ApiOk, ApiResult};
use crate::services::console::chat;
use crate::state::AppState;
use app::model::chat::ChatMessageView;
use app::model::console::{ChatInboxRow, ChatThreadView};
use axum::extract::{rejection::FormRejection, Form, Path, State};
use axum::http::HeaderMap;
use serde::Deserialize;

/// `GET /console/chats`.
#[utoipa::path(get, path = "/console/chats", tag = "console", security(("staffToken" = [])),
    responses((status = 200, description = "Conversations, newest message first.", body = Answer<List<ChatInboxRow>>), Unauthorized))]
pub async fn chats(
    State(state): State<AppState>,
    ctx: ApiContext,
    headers: HeaderMap,
) -> ApiResult<Vec<ChatInboxRow>> {
    let staff = require_staff(&state, &ctx, &headers).await?;
    Ok(ApiOk::obj(
        chat::inbox(&state.cx(), &staff)
            .await
            .map_err(failed(&ctx))?,
    ))
}

/// `GET /console/chats/{id}`.
#[utoipa::path(get, path = "/console/chats/{id}", tag = "console", security(("staffToken" = [])),
    params(("id" = i64, Path, description = "The conversation's id")),
    responses((status = 200, body = Answer<ChatThreadView>), BadRequest, Unauthorized, NotFound))]
pub async fn chat_thread(
    State(state): State<AppState>,
    ctx: ApiContext,
    headers: HeaderMap,
    Path(id): Path<i64>,
) -> ApiResult<ChatThreadView> {
    let staff = require_staff(&state, &ctx, &headers).await?;
    Ok(ApiOk::obj(
        chat::thread(&state.cx(), &staff, id)
            .await
            .map_err(failed(&ctx))?,
    ))
}

/// Body of `POST /console/chats/{id}/reply`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct ReplyForm {
    body: String,
}

/// `POST /console/chats/{id}/reply` (`body`).
#[utoipa::path(post, path = "/console/chats/{id}/reply", tag = "console", security(("staffToken" = [])),
    params(("id" = i64, Path, description = "The conversation's id")),
    request_body(content = ReplyForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Answer<ChatMessageView>), BadRequest, Unauthorized, NotFound))]
pub async fn chat_reply(
    State(state): State<AppState>,
    ctx: ApiContext,
    headers: HeaderMap,
    Path(id): Path<i64>,
    form: Result<Form<ReplyForm>, FormRejection>,
) -> ApiResult<ChatMessageView> {
    let staff = require_staff(&state, &ctx, &headers).await?;
    let Form(f) = form.map_err(|_| ApiError::bad_request(&ctx))?;
    Ok(ApiOk::obj(
        chat::reply(&state.cx(), &staff, id, &f.body)
            .await
            .map_err(failed(&ctx))?,
    ))
}
