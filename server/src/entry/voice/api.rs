//! `/voice/…`: anonymous voice messages. Thin: read the request, call
//! `services::voice`, answer with the envelope (or the audio).
use super::doc::{
    Answer, BadRequest, Limited, List, NeedsSubscription, NotFound, Unauthorized, Unavailable,
};
use super::extract::{service_error, Member, PageQuery, PathId, ValidForm, ValidQuery, MAX_PAGE};
use super::{ApiContext, ApiError, ApiOk, ApiResult};
use crate::services::voice::{compose, preview, replay, views};
use crate::speech::Rendered;
use crate::state::AppState;
use app_core::api::Page;
use app_core::model::voice::{VoiceDraftForm, VoiceMessageView, VoicePreview, VoicePreviewDraft};
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// Audio for the browser: personal, so never stored by a cache.
pub fn mp3(rendered: &Arc<Rendered>) -> Response {
    (
        [
            (header::CONTENT_TYPE, "audio/mpeg"),
            (header::CACHE_CONTROL, "private, no-store"),
        ],
        rendered.mp3.clone(),
    )
        .into_response()
}

/// `POST /voice/preview`: synthesizes the draft's text (visitors too).
#[utoipa::path(post, path = "/voice/preview", tag = "voice",
    request_body(content = VoiceDraftForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Answer<VoicePreview>), BadRequest, Limited, Unavailable))]
pub async fn make_preview(
    State(state): State<AppState>,
    ctx: ApiContext,
    ValidForm(form): ValidForm<VoiceDraftForm>,
) -> ApiResult<VoicePreview> {
    let made = preview::preview(&state.cx(), &state.speech, &ctx.client, &form.draft()).await;
    Ok(ApiOk::obj(made.map_err(service_error(&ctx))?))
}

/// `GET /voice/preview/{token}`: a preview of the last hour with its draft.
#[utoipa::path(get, path = "/voice/preview/{token}", tag = "voice",
    params(("token" = String, Path, description = "The preview's token")),
    responses((status = 200, body = Answer<VoicePreviewDraft>), NotFound))]
pub async fn get_preview(
    State(state): State<AppState>,
    ctx: ApiContext,
    Path(token): Path<String>,
) -> ApiResult<VoicePreviewDraft> {
    Ok(ApiOk::obj(
        preview::reopen(&state.cx(), &token)
            .await
            .map_err(service_error(&ctx))?,
    ))
}

/// `GET /voice/audio/{token}.mp3`: a preview's audio.
#[utoipa::path(get, path = "/voice/audio/{file}", tag = "voice",
    params(("file" = String, Path, description = "`<token>.mp3` of a preview")),
    responses((status = 200, description = "The audio (MP3).", content_type = "audio/mpeg"), NotFound, Unavailable))]
pub async fn preview_audio(
    State(state): State<AppState>,
    ctx: ApiContext,
    Path(file): Path<String>,
) -> Result<Response, ApiError> {
    let token = file.strip_suffix(".mp3").unwrap_or(&file);
    let rendered = preview::preview_audio(&state.cx(), &state.speech, token).await;
    Ok(mp3(&rendered.map_err(service_error(&ctx))?))
}

/// `POST /voice/messages`: sends the draft (subscribers only).
#[utoipa::path(post, path = "/voice/messages", tag = "voice", security(("token" = [])),
    request_body(content = VoiceDraftForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Answer<VoiceMessageView>), BadRequest, Unauthorized, NeedsSubscription, Limited, Unavailable))]
pub async fn send(
    State(state): State<AppState>,
    ctx: ApiContext,
    Member(auth): Member,
    ValidForm(form): ValidForm<VoiceDraftForm>,
) -> ApiResult<VoiceMessageView> {
    let view = compose::send(
        &state.cx(),
        &auth.user,
        &form.draft(),
        &form.idempotency_key,
    )
    .await;
    Ok(ApiOk::obj(view.map_err(service_error(&ctx))?))
}

/// `GET /voice/messages?page=1&size=20`: the sender's messages, newest first.
#[utoipa::path(get, path = "/voice/messages", tag = "voice", security(("token" = [])), params(PageQuery),
    responses((status = 200, description = "The sender's messages, newest first.", body = Answer<List<VoiceMessageView>>), BadRequest, Unauthorized))]
pub async fn list(
    State(state): State<AppState>,
    ctx: ApiContext,
    Member(auth): Member,
    ValidQuery(query): ValidQuery<PageQuery>,
) -> ApiResult<Vec<VoiceMessageView>> {
    let (current, size) = (
        query.page.unwrap_or(1).clamp(1, MAX_PAGE + 1),
        query.size.unwrap_or(20).clamp(1, views::MAX_PAGE_SIZE),
    );
    let (items, total) = views::list(&state.cx(), auth.user.id, current, size)
        .await
        .map_err(service_error(&ctx))?;
    let page = Page {
        current: u32::try_from(current).unwrap_or(u32::MAX),
        size: u32::try_from(size).unwrap_or(50),
        total,
    };
    Ok(ApiOk::obj(items).with_page(page))
}

/// `GET /voice/messages/{id}`: one of the sender's messages.
#[utoipa::path(get, path = "/voice/messages/{id}", tag = "voice", security(("token" = [])),
    params(("id" = String, Path, description = "The message's id")),
    responses((status = 200, body = Answer<VoiceMessageView>), Unauthorized, NotFound))]
pub async fn detail(
    State(state): State<AppState>,
    ctx: ApiContext,
    Member(auth): Member,
    PathId(id): PathId,
) -> ApiResult<VoiceMessageView> {
    let message = views::own(&state.cx(), auth.user.id, id)
        .await
        .map_err(service_error(&ctx))?;
    Ok(ApiOk::obj(views::view(&message)))
}

/// `GET /voice/messages/{id}/audio`: the sender replays their message.
#[utoipa::path(get, path = "/voice/messages/{id}/audio", tag = "voice", security(("token" = [])),
    params(("id" = String, Path, description = "The message's id")),
    responses((status = 200, description = "The audio (MP3).", content_type = "audio/mpeg"), Unauthorized, NotFound, Unavailable))]
pub async fn audio(
    State(state): State<AppState>,
    ctx: ApiContext,
    Member(auth): Member,
    PathId(id): PathId,
) -> Result<Response, ApiError> {
    let rendered = replay(&state.cx(), &state.speech, auth.user.id, id)
        .await
        .map_err(service_error(&ctx))?;
    Ok(mp3(&rendered))
}
