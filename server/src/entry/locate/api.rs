//! `/spyContent`, `/gpsTrace`, `/reveal`, `/doNotLocate`: locate with consent.
//! Thin: read and range-check the request, call `services::locate`, answer.
//! Every number from outside is checked here: ids must be positive `i64`s
//! (else "not found"), coordinates finite and on the globe (checked by the
//! service), pages within [`MAX_PAGE`].
use super::doc::{Answer, BadRequest, Limited, List, NeedsSubscription, NotFound, Unauthorized};
use super::extract::{service_error, Member, PageQuery, PathId, ValidForm, ValidQuery, MAX_PAGE};
use super::{ApiContext, ApiError, ApiOk, ApiResult};
use crate::services::locate::{changes, consent, registry, requests};
use crate::state::AppState;
use app_core::api::Page;
use app_core::model::account::Done;
use app_core::model::locate::{GpsTrace, LocateRequestView, RevealDecision, RevealView, ShareMode};
use app_core::model::GeoPoint;
use axum::extract::{Path, State};
use serde::Deserialize;

/// Largest page of `GET /spyContent`.
const MAX_PAGE_SIZE: u64 = 100;

/// Body of `POST /spyContent/phoneLocation`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct CreateForm {
    country: String,
    phone: String,
    note: String,
    /// `1`: e-mail the member when the owner answers (off when absent).
    notify: String,
}

/// `POST /spyContent/phoneLocation`: a new request; the owner gets an SMS.
#[utoipa::path(post, path = "/spyContent/phoneLocation", tag = "locate", security(("token" = [])),
    request_body(content = CreateForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, description = "The new request; the owner gets an SMS.", body = Answer<LocateRequestView>),
        BadRequest, Unauthorized, NeedsSubscription, Limited))]
pub async fn create(
    State(state): State<AppState>,
    ctx: ApiContext,
    Member(auth): Member,
    ValidForm(form): ValidForm<CreateForm>,
) -> ApiResult<LocateRequestView> {
    let input = requests::NewRequest {
        country: &form.country,
        phone: &form.phone,
        note: &form.note,
        notify_email: !form.notify.is_empty(),
    };
    let view = requests::create(&state.cx(), &auth, input)
        .await
        .map_err(service_error(&ctx))?;
    Ok(ApiOk::obj(view))
}

/// `GET /spyContent?page=1&size=20`: the caller's requests, newest first;
/// `result.notificationsTotal` counts answers not seen before. `size` is
/// clamped to 1..=100, page 0 is page 1, a page past [`MAX_PAGE`] is an
/// empty page; a value that is not a whole number ≥ 0 is a 400 envelope.
#[utoipa::path(get, path = "/spyContent", tag = "locate", security(("token" = [])), params(PageQuery),
    responses((status = 200, description = "The caller's requests, newest first; `result.notificationsTotal` counts answers not seen before.",
        body = Answer<List<LocateRequestView>>), BadRequest, Unauthorized))]
pub async fn list(
    State(state): State<AppState>,
    ctx: ApiContext,
    Member(auth): Member,
    ValidQuery(query): ValidQuery<PageQuery>,
) -> ApiResult<Vec<LocateRequestView>> {
    let (current, size) = (
        query.page.unwrap_or(1).max(1),
        query.size.unwrap_or(20).clamp(1, MAX_PAGE_SIZE),
    );
    let page = requests::list(&state.cx(), &auth, current.min(MAX_PAGE + 1), size)
        .await
        .map_err(service_error(&ctx))?;
    Ok(ApiOk::obj(page.items)
        .with_page(Page {
            current: u32::try_from(current).unwrap_or(u32::MAX),
            size: u32::try_from(size).unwrap_or(100),
            total: page.total,
        })
        .with_result(serde_json::json!({ "notificationsTotal": page.unseen })))
}

/// Body of `PUT /spyContent/phoneLocation/{id}`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct UpdateForm {
    /// `resend`, `cancel`, `rename` (with `label`) or `stop_live`; anything else is a 400.
    #[schema(required = true, pattern = "^(resend|cancel|rename|stop_live)$")]
    action: String,
    label: String,
}

/// `PUT /spyContent/phoneLocation/{id}` (`action` = resend | cancel | rename | stop_live, `label`).
#[utoipa::path(put, path = "/spyContent/phoneLocation/{id}", tag = "locate", security(("token" = [])), params(("id" = String, Path, description = "The request's id")),
    request_body(content = UpdateForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Answer<LocateRequestView>), BadRequest, Unauthorized, NotFound, Limited))]
pub async fn update(
    State(state): State<AppState>,
    ctx: ApiContext,
    Member(auth): Member,
    PathId(id): PathId,
    ValidForm(form): ValidForm<UpdateForm>,
) -> ApiResult<LocateRequestView> {
    let change = changes::Change::from_action(&form.action, &form.label)
        .ok_or_else(|| ApiError::bad_request(&ctx))?;
    let view = changes::update(&state.cx(), &auth, id, change)
        .await
        .map_err(service_error(&ctx))?;
    Ok(ApiOk::obj(view))
}

/// `POST /spyContent/clear/{id}`: erases the request's position now.
#[utoipa::path(post, path = "/spyContent/clear/{id}", tag = "locate", security(("token" = [])), params(("id" = String, Path, description = "The request's id")),
    responses((status = 200, body = Answer<LocateRequestView>), Unauthorized, NotFound))]
pub async fn clear(
    State(state): State<AppState>,
    ctx: ApiContext,
    Member(auth): Member,
    PathId(id): PathId,
) -> ApiResult<LocateRequestView> {
    changes::clear(&state.cx(), &auth, id)
        .await
        .map(ApiOk::obj)
        .map_err(service_error(&ctx))
}

/// `GET /gpsTrace/phoneLocation/{id}`: the position the owner shared (logged).
#[utoipa::path(get, path = "/gpsTrace/phoneLocation/{id}", tag = "locate", security(("token" = [])), params(("id" = String, Path, description = "The request's id")),
    responses((status = 200, body = Answer<GpsTrace>), Unauthorized, NotFound))]
pub async fn trace(
    State(state): State<AppState>,
    ctx: ApiContext,
    Member(auth): Member,
    PathId(id): PathId,
) -> ApiResult<GpsTrace> {
    requests::trace(&state.cx(), &auth, id)
        .await
        .map(ApiOk::obj)
        .map_err(service_error(&ctx))
}

/// `GET /reveal/{token}`: the owner's view of the request (marks it opened).
#[utoipa::path(get, path = "/reveal/{token}", tag = "locate",
    params(("token" = String, Path, description = "The token of the owner's SMS link")),
    responses((status = 200, body = Answer<RevealView>), NotFound))]
pub async fn reveal(
    State(state): State<AppState>,
    ctx: ApiContext,
    Path(token): Path<String>,
) -> ApiResult<RevealView> {
    consent::open(&state.cx(), &token)
        .await
        .map(ApiOk::obj)
        .map_err(service_error(&ctx))
}

/// Body of `POST /reveal/{token}`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct AnswerForm {
    decision: RevealDecision,
    // A form has no null: a coordinate is a number or absent.
    #[schema(nullable = false)]
    latitude: Option<f64>,
    #[schema(nullable = false)]
    longitude: Option<f64>,
    #[schema(nullable = false)]
    accuracy: Option<f64>,
    /// How to share (with `share`); `once` when absent.
    #[schema(nullable = false)]
    mode: Option<ShareMode>,
}

/// `POST /reveal/{token}` (`decision` = share | decline | block |
/// stop_sharing | stop_live | trust | untrust; share with `latitude`,
/// `longitude`, `accuracy`, `mode`): the owner's answer, or an action still
/// open after it. The token is the SMS link's or the owner's receipt's.
#[utoipa::path(post, path = "/reveal/{token}", tag = "locate",
    params(("token" = String, Path, description = "The token of the owner's SMS link")),
    request_body(content = AnswerForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Answer<RevealView>), BadRequest, NotFound))]
pub async fn answer(
    State(state): State<AppState>,
    ctx: ApiContext,
    Path(token): Path<String>,
    ValidForm(form): ValidForm<AnswerForm>,
) -> ApiResult<RevealView> {
    let point = form
        .latitude
        .zip(form.longitude)
        .map(|(lat, lng)| GeoPoint {
            lat,
            lng,
            accuracy: form.accuracy,
        });
    let input = consent::Answer {
        token: &token,
        decision: form.decision,
        point,
        mode: form.mode.unwrap_or_default(),
        client: &ctx.client,
    };
    consent::answer(&state.cx(), input)
        .await
        .map(ApiOk::obj)
        .map_err(service_error(&ctx))
}

/// Body of the `/doNotLocate/*` calls.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct RegistryForm {
    country: String,
    phone: String,
    code: String,
}

/// `POST /doNotLocate/code` (`country`, `phone`): texts a code to prove the number.
#[utoipa::path(post, path = "/doNotLocate/code", tag = "locate",
    request_body(content = RegistryForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, description = "A code was texted to the number.", body = Answer<Done>), BadRequest, Limited))]
pub async fn registry_code(
    State(state): State<AppState>,
    ctx: ApiContext,
    ValidForm(form): ValidForm<RegistryForm>,
) -> ApiResult<Done> {
    registry::send_proof(&state.cx(), &form.country, &form.phone, &ctx.client)
        .await
        .map_err(service_error(&ctx))?;
    Ok(ApiOk::obj(Done { done: true }))
}

/// `POST /doNotLocate/confirm` (`country`, `phone`, `code`): the number never receives requests again.
#[utoipa::path(post, path = "/doNotLocate/confirm", tag = "locate",
    request_body(content = RegistryForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, description = "The number never receives requests again.", body = Answer<Done>), BadRequest, Limited))]
pub async fn registry_confirm(
    State(state): State<AppState>,
    ctx: ApiContext,
    ValidForm(form): ValidForm<RegistryForm>,
) -> ApiResult<Done> {
    registry::confirm_proof(&state.cx(), &form.country, &form.phone, &form.code)
        .await
        .map_err(service_error(&ctx))?;
    Ok(ApiOk::obj(Done { done: true }))
}
