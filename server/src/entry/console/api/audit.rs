//! The console's audit log, a page at a time.
use super::failed;
use crate::http::doc::{Answer, BadRequest, List, Unauthorized};
use crate::http::extract::{StaffMember, ValidQuery};
use crate::http::{ApiContext, ApiOk, ApiResult};
use crate::services::console::audit;
use crate::state::AppState;
use app_core::model::console::AuditEntry;
use axum::extract::State;
use serde::Deserialize;

/// `?before=` of the audit log.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct AuditQuery {
    /// Entries older than this id (the last id of the previous page).
    before: Option<i64>,
}

/// `GET /console/audit?before=ID`: a page of the log, newest first.
#[utoipa::path(get, path = "/console/audit", tag = "console", security(("staffToken" = [])), params(AuditQuery),
    responses((status = 200, body = Answer<List<AuditEntry>>), BadRequest, Unauthorized))]
pub async fn audit_log(
    State(state): State<AppState>,
    ctx: ApiContext,
    StaffMember(staff, ..): StaffMember,
    ValidQuery(q): ValidQuery<AuditQuery>,
) -> ApiResult<Vec<AuditEntry>> {
    Ok(ApiOk::obj(
        audit::list(&state.db, &staff, q.before)
            .await
            .map_err(failed(&ctx))?,
    ))
}
