//! Live locate: `POST /reveal/{token}/position`, the next position of a
//! live sharing sent by the owner's open page; `GET /spyContent/stream`,
//! the requester's news as server-sent events (`event: changed` whenever
//! one of their requests changed, on any server instance; the dashboard
//! then reads its requests again). Thin: read, call `services::locate`,
//! answer.
use super::doc::{Answer, BadRequest, Limited, NotFound, Unauthorized, Unavailable};
use super::extract::{service_error, Member, ValidForm};
use super::{ApiContext, ApiError, ApiOk, ApiResult};
use crate::services::live_feed::{self, Admission, StreamClient};
use crate::services::locate::live;
use crate::state::AppState;
use app_core::model::locate::RevealView;
use app_core::model::GeoPoint;
use axum::extract::{Path, State};
use axum::response::sse::Event;
use axum::response::Response;
use serde::Deserialize;
use std::time::Duration;
use tokio::sync::broadcast::error::RecvError;
use tokio::time::Instant;

/// A stream says "changed" this often even without news (a change
/// committed out of id order is never missed for long).
const RESYNC: Duration = Duration::from_secs(30);

/// Body of `POST /reveal/{token}/position`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct PositionForm {
    latitude: f64,
    longitude: f64,
    #[schema(nullable = false)]
    accuracy: Option<f64>,
}

/// `POST /reveal/{token}/position` (`latitude`, `longitude`, `accuracy`):
/// the live sharing's next position; an approximate sharing stores it
/// rounded. Refused once the sharing ended and past the updates allowed
/// per minute.
#[utoipa::path(post, path = "/reveal/{token}/position", tag = "locate",
    params(("token" = String, Path, description = "The token of the owner's SMS link")),
    request_body(content = PositionForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Answer<RevealView>), BadRequest, NotFound, Limited))]
pub async fn position(
    State(state): State<AppState>,
    ctx: ApiContext,
    Path(token): Path<String>,
    ValidForm(form): ValidForm<PositionForm>,
) -> ApiResult<RevealView> {
    let point = GeoPoint {
        lat: form.latitude,
        lng: form.longitude,
        accuracy: form.accuracy,
    };
    live::update(&state.cx(), &token, point)
        .await
        .map(ApiOk::obj)
        .map_err(service_error(&ctx))
}

/// `GET /spyContent/stream`: opens the caller's news stream.
#[utoipa::path(get, path = "/spyContent/stream", tag = "locate", security(("token" = [])),
    responses((status = 200, description = "Server-sent events: `event: changed` (data `{}`) when one of the caller's requests changed; read them again.", content_type = "text/event-stream"),
        Unauthorized, Unavailable))]
pub async fn stream(
    State(state): State<AppState>,
    ctx: ApiContext,
    Member(auth): Member,
) -> Result<Response, ApiError> {
    let client = StreamClient {
        topic: auth.user.id,
        address: ctx.client.ip,
    };
    let admission = state
        .locate_live
        .admit(client)
        .map_err(service_error(&ctx))?;
    let feed = Feed {
        topic: auth.user.id,
        admission,
        ends_at: Instant::now() + live_feed::STREAM_LIFETIME,
        first: true,
    };
    let events = futures_util::stream::unfold(feed, Feed::next);
    Ok(crate::http::event_stream::respond(events))
}

struct Feed {
    topic: i64,
    admission: Admission,
    ends_at: Instant,
    /// The first event says "changed" at once: whatever changed before the
    /// stream opened is read.
    first: bool,
}

impl Feed {
    async fn next(mut self) -> Option<(Result<Event, axum::Error>, Feed)> {
        if !std::mem::take(&mut self.first) {
            loop {
                let news = tokio::select! {
                    _ = self.admission.closing.changed() => return None,
                    () = tokio::time::sleep_until(self.ends_at) => return None,
                    news = self.admission.news.recv() => match news {
                        Ok(topic) => topic == self.topic || topic == live_feed::EVERYONE,
                        Err(RecvError::Lagged(_)) => true,
                        Err(RecvError::Closed) => return None,
                    },
                    () = tokio::time::sleep(RESYNC) => true,
                };
                if news {
                    break;
                }
            }
        }
        if *self.admission.closing.borrow() {
            return None;
        }
        Some((Ok(Event::default().event("changed").data("{}")), self))
    }
}
