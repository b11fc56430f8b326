//! `/multilingualWord/*`: stored UI texts for clients that fetch them.
use super::{ApiContext, ApiError, ApiOk, ApiResult};
use crate::services::words;
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use std::collections::BTreeMap;

/// `GET /multilingualWord/one/3/{group}`: the texts of a group in the
/// request's language (site 3 is the web site; `phone_text` is the only group).
pub async fn word_group(
    State(state): State<AppState>,
    ctx: ApiContext,
    Path(group): Path<String>,
) -> ApiResult<BTreeMap<String, String>> {
    if group != words::PHONE_TEXT {
        return Err(ApiError::new(&ctx, StatusCode::NOT_FOUND, app::i18n::Key::ErrorNotFound));
    }
    words::group(&state.db, &group, ctx.locale)
        .await
        .map(ApiOk::obj)
        .map_err(|e| ApiError::from_service(&ctx, e.into()))
}
