//! `/multilingualWord/*`: stored UI texts for clients that fetch them.
use super::doc::{Answer, NotFound};
use super::{ApiContext, ApiError, ApiOk, ApiResult};
use crate::services::words;
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use std::collections::BTreeMap;

/// `GET /multilingualWord/one/3/{group}`: the texts of a group in the
/// request's language (site 3 is the web site; `phone_text` is the only group).
#[utoipa::path(get, path = "/multilingualWord/one/3/{group}", tag = "number",
    params(("group" = String, Path, description = "`phone_text`, the only group")),
    responses((status = 200, body = Answer<BTreeMap<String, String>>), NotFound))]
pub async fn word_group(
    State(state): State<AppState>,
    ctx: ApiContext,
    Path(group): Path<String>,
) -> ApiResult<BTreeMap<String, String>> {
    if group != words::PHONE_TEXT {
        return Err(ApiError::new(
            &ctx,
            StatusCode::NOT_FOUND,
            app_core::i18n::Key::ErrorNotFound,
        ));
    }
    words::group(&state.db, &group, ctx.locale)
        .await
        .map(ApiOk::obj)
        .map_err(|e| ApiError::from_service(&ctx, e.into()))
}
