//! The answer of every server-sent-event stream of the API: heartbeats so
//! idle connections stay open, and proxies told to pass events on at once
//! (`Cache-Control: no-store` comes with every private API answer).
use axum::http::HeaderValue;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::Stream;
use std::time::Duration;

/// Between heartbeats.
const HEARTBEAT: Duration = Duration::from_secs(15);

/// `events` as a `text/event-stream` answer.
pub fn respond<S>(events: S) -> Response
where
    S: Stream<Item = Result<Event, axum::Error>> + Send + 'static,
{
    let mut response = Sse::new(events)
        .keep_alive(KeepAlive::new().interval(HEARTBEAT))
        .into_response();
    response
        .headers_mut()
        .insert("x-accel-buffering", HeaderValue::from_static("no"));
    response
}
