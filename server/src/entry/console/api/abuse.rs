//! The console's abuse queue: open and closed reports, and the decision on one.
use super::failed;
use crate::http::doc::{Answer, BadRequest, Forbidden, List, NotFound, Unauthorized};
use crate::http::extract::{StaffMember, ValidForm, ValidQuery};
use crate::http::{ApiContext, ApiOk, ApiResult};
use crate::services::console::abuse;
use crate::state::AppState;
use app_core::model::console::{AbuseAction, AbuseDecision, AbuseReportView};
use axum::extract::{Path, State};
use serde::Deserialize;

/// `?status=` of the abuse queue.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum QueueStatus {
    Open,
    Closed,
}

/// The abuse queue's query.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct QueueQuery {
    /// `open` (the default) or `closed`.
    #[param(inline)]
    status: Option<QueueStatus>,
}

/// `GET /console/abuse?status=open|closed` (open when left out).
#[utoipa::path(get, path = "/console/abuse", tag = "console", security(("staffToken" = [])), params(QueueQuery),
    responses((status = 200, description = "Open reports oldest first, closed ones newest first.", body = Answer<List<AbuseReportView>>), BadRequest, Unauthorized))]
pub async fn abuse_queue(
    State(state): State<AppState>,
    ctx: ApiContext,
    StaffMember(staff, ..): StaffMember,
    ValidQuery(q): ValidQuery<QueueQuery>,
) -> ApiResult<Vec<AbuseReportView>> {
    let open = !matches!(q.status, Some(QueueStatus::Closed));
    Ok(ApiOk::obj(
        abuse::list(&state.cx(), &staff, open)
            .await
            .map_err(failed(&ctx))?,
    ))
}

/// Body of `POST /console/abuse/{id}`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct DecisionForm {
    action: AbuseAction,
    #[serde(default)]
    note: String,
}

/// `POST /console/abuse/{id}` (`action` = `dismiss` | `block_requester` |
/// `suspend_account` | `uphold_dispute`, `note`).
#[utoipa::path(post, path = "/console/abuse/{id}", tag = "console", security(("staffToken" = [])),
    params(("id" = i64, Path, description = "The report's id")),
    request_body(content = DecisionForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Answer<AbuseReportView>), BadRequest, Unauthorized, Forbidden, NotFound))]
pub async fn abuse_decide(
    State(state): State<AppState>,
    ctx: ApiContext,
    StaffMember(staff, ..): StaffMember,
    Path(id): Path<i64>,
    ValidForm(f): ValidForm<DecisionForm>,
) -> ApiResult<AbuseReportView> {
    let decision = AbuseDecision {
        action: f.action,
        note: f.note,
    };
    Ok(ApiOk::obj(
        abuse::decide(&state.cx(), &staff, id, &decision)
            .await
            .map_err(failed(&ctx))?,
    ))
}
