//! Meta's Conversions API: `POST {graph}/{version}/{pixel}/events` with
//! `access_token` in the query and `{"data": [...], "test_event_code"}` as
//! JSON. One call per event; the caller decides about retries.
use crate::config::{MetaSettings, Secret};
use serde::Deserialize;
use std::time::Duration;

/// What came of one call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Delivery {
    /// Meta took the events (`events_received`).
    Accepted { events_received: i64 },
    /// Meta refused the request (4xx): sending it again would be refused too.
    Refused(String),
    /// No answer, an unreadable one, or a server error: Meta may or may not
    /// have the events.
    Unknown(String),
}

/// A configured Conversions API client. `Debug` redacts the token.
#[derive(Clone, Debug)]
pub struct MetaClient {
    http: reqwest::Client,
    events_url: String,
    access_token: Secret,
    test_event_code: Option<String>,
}

#[derive(Deserialize)]
struct Accepted {
    events_received: i64,
}

#[derive(Deserialize)]
struct Refusal {
    error: RefusalDetail,
}

#[derive(Deserialize)]
struct RefusalDetail {
    message: String,
    #[serde(default)]
    code: i64,
}

impl MetaClient {
    /// The client for `settings`, or `None` when Meta is not configured.
    pub fn from_settings(settings: &MetaSettings) -> Option<MetaClient> {
        let (pixel, token) = (settings.pixel_id.as_ref()?, settings.access_token.clone()?);
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(settings.timeout_secs))
            .build()
            .ok()?;
        Some(MetaClient {
            http,
            events_url: format!(
                "{}/{}/{pixel}/events",
                settings.graph_url, settings.api_version
            ),
            access_token: token,
            test_event_code: settings.test_event_code.clone(),
        })
    }

    /// Sends `events` (server events as JSON). `test_event_code` (the
    /// caller's, else the configured one) routes them to the test tab.
    pub async fn send(
        &self,
        events: &[serde_json::Value],
        test_event_code: Option<&str>,
    ) -> Delivery {
        let mut body = serde_json::json!({ "data": events });
        if let Some(code) = test_event_code.or(self.test_event_code.as_deref()) {
            body["test_event_code"] = code.into();
        }
        let request = self
            .http
            .post(&self.events_url)
            .query(&[("access_token", self.access_token.expose())])
            .json(&body);
        let response = match request.send().await {
            // `without_url`: the URL carries the token.
            Ok(response) => response,
            Err(e) => return Delivery::Unknown(e.without_url().to_string()),
        };
        let status = response.status();
        let text = match response.text().await {
            Ok(text) => text,
            Err(e) => return Delivery::Unknown(e.without_url().to_string()),
        };
        if status.is_success() {
            return match serde_json::from_str::<Accepted>(&text) {
                Ok(a) => Delivery::Accepted {
                    events_received: a.events_received,
                },
                Err(_) => Delivery::Unknown(format!("unreadable answer ({status})")),
            };
        }
        if status.is_client_error() {
            let why = serde_json::from_str::<Refusal>(&text).map_or_else(
                |_| format!("refused ({status})"),
                |r| {
                    format!(
                        "refused ({status}, code {}): {}",
                        r.error.code, r.error.message
                    )
                },
            );
            return Delivery::Refused(why);
        }
        Delivery::Unknown(format!("server error ({status})"))
    }
}
