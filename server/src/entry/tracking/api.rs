//! Tracking calls: thin adapters over `services::tracking`. Each reads the
//! visitor's consent from the `acceptCookie` cookie and lets the service
//! refuse (403, nothing stored) what the visitor did not allow.
use super::doc::{Answer, BadRequest, Limited, NoConsent, Refused};
use super::extract::{service_error, ValidForm};
use super::{ApiContext, ApiError, ApiOk, ApiResult};
use crate::services::tracking::{conversions, events};
use crate::state::AppState;
use axum::extract::rejection::JsonRejection;
use axum::extract::{Json, Path, Query, State};
use axum::http::{request::Parts, HeaderMap};
use serde::{Deserialize, Serialize};

/// The answer of a tracking call that was recorded.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Recorded {
    recorded: bool,
}

const RECORDED: Recorded = Recorded { recorded: true };

/// Body of `POST /operationLog/protal`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ClickForm {
    apk_channel: String,
    btn_id: String,
    os: i32,
}

/// `POST /operationLog/protal`: a click point (analytics consent).
#[utoipa::path(post, path = "/operationLog/protal", tag = "tracking",
    request_body(content = ClickForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Answer<Recorded>), BadRequest, NoConsent, Limited))]
pub async fn click_point(
    State(state): State<AppState>,
    ctx: ApiContext,
    parts: Parts,
    ValidForm(f): ValidForm<ClickForm>,
) -> ApiResult<Recorded> {
    let input = events::ClickPoint {
        apk_channel: f.apk_channel,
        btn_id: f.btn_id,
        os: f.os,
    };
    let consent = crate::cookies::cookie_consent(&parts.headers);
    events::record_click(&state.cx(), consent, &ctx.client, &input)
        .await
        .map_err(service_error(&ctx))?;
    Ok(ApiOk::obj(RECORDED))
}

/// Body of `POST /operationLog/event`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct EventForm {
    curr_document: String,
    domain: String,
    event_code: String,
    event_type: i32,
}

fn header(headers: &HeaderMap, name: &str) -> String {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .trim()
        .to_owned()
}

/// `POST /operationLog/event`: an operation-log event with the headers
/// `apk_version_code`, `phone_os`, `track_id` and `version` (analytics consent).
#[utoipa::path(post, path = "/operationLog/event", tag = "tracking",
    params(
        ("apk_version_code" = Option<String>, Header), ("phone_os" = Option<String>, Header),
        ("track_id" = Option<String>, Header), ("version" = Option<String>, Header),
    ),
    request_body(content = EventForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Answer<Recorded>), BadRequest, NoConsent, Limited))]
pub async fn operation_event(
    State(state): State<AppState>,
    ctx: ApiContext,
    parts: Parts,
    ValidForm(f): ValidForm<EventForm>,
) -> ApiResult<Recorded> {
    let h = &parts.headers;
    let input = events::OperationEvent {
        curr_document: f.curr_document,
        domain: f.domain,
        event_code: f.event_code,
        event_type: f.event_type,
        apk_version_code: header(h, "apk_version_code"),
        phone_os: header(h, "phone_os"),
        track_id: header(h, "track_id"),
        version: header(h, "version"),
    };
    let consent = crate::cookies::cookie_consent(h);
    events::record_event(&state.cx(), consent, &ctx.client, &input)
        .await
        .map_err(service_error(&ctx))?;
    Ok(ApiOk::obj(RECORDED))
}

/// Body of `POST /fackbook/conversions/{pixel}` (JSON).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ConversionBody {
    /// Only `website` is accepted.
    #[schema(required = true, pattern = "^website$")]
    action_source: String,
    event_name: String,
    /// Seconds since the Unix epoch; `1.7e9` and `1700000000.0` count too
    /// (JSON has one number type, and browsers write some whole numbers so).
    #[serde(deserialize_with = "whole_number")]
    event_time: i64,
    event_id: String,
    event_source_url: String,
    user_data: ConversionUserData,
}

/// The body, from JSON objects only: serde would also read a struct from an
/// array, by field order, which no client means.
fn conversion_body(value: serde_json::Value) -> Option<ConversionBody> {
    let objects = value.is_object()
        && value
            .get("userData")
            .is_none_or(serde_json::Value::is_object);
    objects
        .then(|| serde_json::from_value(value).ok())
        .flatten()
}

/// A JSON number that is a whole `i64`, however it is written.
fn whole_number<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<i64, D::Error> {
    let number = serde_json::Number::deserialize(deserializer)?;
    let whole = number.as_i64().or_else(|| {
        let value = number.as_f64()?;
        // Both ends are exclusive: the bounds as f64 are ±2^63, and a whole
        // number just past i64 reads as exactly that.
        (value.fract() == 0.0 && value > i64::MIN as f64 && value < i64::MAX as f64)
            .then_some(value as i64)
    });
    whole.ok_or_else(|| serde::de::Error::custom("not a whole number"))
}

#[derive(Debug, Default, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(default)]
pub struct ConversionUserData {
    fbc: Option<String>,
    fbp: Option<String>,
}

/// Query of the test variant: `?test=true&testEventCode=…`.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default, rename_all = "camelCase")]
pub struct ConversionQuery {
    test: bool,
    test_event_code: Option<String>,
}

/// `POST /fackbook/conversions/{pixel}`: a conversion for Meta (marketing
/// consent), queued and sent by a job. Meta's cookies come from the body,
/// else from the browser's `_fbc` / `_fbp` cookies.
#[utoipa::path(post, path = "/fackbook/conversions/{pixel}", tag = "tracking",
    params(("pixel" = String, Path, description = "The Meta pixel id"), ConversionQuery),
    request_body(content = ConversionBody, content_type = "application/json"),
    responses((status = 200, description = "Queued for Meta.", body = Answer<Recorded>), BadRequest, NoConsent,
        (status = 404, description = "Another pixel than this site's.", body = Refused), Limited))]
pub async fn conversion(
    State(state): State<AppState>,
    ctx: ApiContext,
    Path(pixel): Path<String>,
    parts: Parts,
    body: Result<Json<serde_json::Value>, JsonRejection>,
) -> ApiResult<Recorded> {
    let b = body
        .ok()
        .and_then(|Json(value)| conversion_body(value))
        .ok_or_else(|| ApiError::bad_request(&ctx))?;
    let Query(query) = Query::<ConversionQuery>::try_from_uri(&parts.uri)
        .map_err(|_| ApiError::bad_request(&ctx))?;
    if b.action_source != "website" {
        return Err(ApiError::bad_request(&ctx));
    }
    let h = &parts.headers;
    let cookie = |name| crate::cookies::tracking_cookie(h, name);
    let input = conversions::BrowserEvent {
        pixel,
        event_name: b.event_name,
        event_time: b.event_time,
        event_id: b.event_id,
        event_source_url: b.event_source_url,
        fbc: b
            .user_data
            .fbc
            .filter(|v| !v.is_empty())
            .or_else(|| cookie("_fbc")),
        fbp: b
            .user_data
            .fbp
            .filter(|v| !v.is_empty())
            .or_else(|| cookie("_fbp")),
        test_event_code: query.test_event_code.filter(|_| query.test),
    };
    let member = super::extract::require_session(&state, &ctx)
        .await
        .ok()
        .map(|auth| auth.user.id);
    let consent = crate::cookies::cookie_consent(h);
    let cx = state.cx();
    conversions::accept_browser_event(&cx, consent, &ctx.client, member, &input)
        .await
        .map_err(service_error(&ctx))?;
    Ok(ApiOk::obj(RECORDED))
}
