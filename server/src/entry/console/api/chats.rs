//! The console's side of the help chat: the inbox, one conversation, a reply.
use super::failed;
use crate::http::doc::{Answer, BadRequest, List, NotFound, Unauthorized};
use crate::http::extract::{StaffMember, ValidForm};
use crate::http::{ApiContext, ApiOk, ApiResult};
use crate::services::console::chat;
use crate::state::AppState;
use app_core::model::chat::ChatMessageView;
use app_core::model::console::{ChatInboxRow, ChatThreadView};
use axum::extract::{Path, State};
use serde::Deserialize;

/// `GET /console/chats`.
#[utoipa::path(get, path = "/console/chats", tag = "console", security(("staffToken" = [])),
    responses((status = 200, description = "Conversations, newest message first.", body = Answer<List<ChatInboxRow>>), Unauthorized))]
pub async fn chats(
    State(state): State<AppState>,
    ctx: ApiContext,
    StaffMember(staff, ..): StaffMember,
) -> ApiResult<Vec<ChatInboxRow>> {
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
    StaffMember(staff, ..): StaffMember,
    Path(id): Path<i64>,
) -> ApiResult<ChatThreadView> {
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
    StaffMember(staff, ..): StaffMember,
    Path(id): Path<i64>,
    ValidForm(f): ValidForm<ReplyForm>,
) -> ApiResult<ChatMessageView> {
    Ok(ApiOk::obj(
        chat::reply(&state.cx(), &staff, id, &f.body)
            .await
            .map_err(failed(&ctx))?,
    ))
}
