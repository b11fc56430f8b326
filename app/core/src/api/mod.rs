//! THE typed client of `/api_f/v1`. Components call it the same way on both
//! sides: during SSR it dispatches in-process to the server's own API router
//! (no network hop, same handlers, same envelope); in the browser it uses fetch.
mod billing;
mod calls;
mod envelope;
mod locate;
mod lookup;
mod transport;
mod voice;

pub use billing::{order_body, order_error, OrderError, OrderRequest};
pub use calls::*;
pub use locate::{LocateList, LOCATE_PAGE_SIZE};
pub use lookup::lookup_path;
pub use voice::{draft_body, VoiceList, VoiceSendError, MESSAGES_PATH, PREVIEW_PATH};

pub use envelope::{Envelope, Page};
#[cfg(feature = "ssr")]
pub use transport::{ApiTransport, SharedTransport};
pub use transport::{WEBSITE_TYPE_HEADER, WEBSITE_TYPE_WEB};

use crate::account::validation::Slot;
use crate::i18n::{t, Key, Locale};
use crate::model::{NumberInfo, PricePlan, VisitorCountry};
use serde::de::DeserializeOwned;

/// Base path of every API call.
pub const API_BASE: &str = "/api_f/v1";

/// A call the client makes: method, path below [`API_BASE`] with query, body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiRequest {
    /// HTTP method.
    pub method: &'static str,
    /// Full path including [`API_BASE`] and query.
    pub path_and_query: String,
    /// Form-encoded body of POST/PUT calls.
    pub form: Option<String>,
    /// Sent as `accept-language`, so errors come back localized.
    pub locale: Locale,
    /// Session token, sent in the `token` header.
    pub token: Option<String>,
}

/// What came back: status, body and a session token if the call issued one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiResponse {
    /// HTTP status.
    pub status: u16,
    /// Raw JSON body (the envelope).
    pub body: String,
    /// The `token` response header, if any.
    pub token: Option<String>,
}

/// A failed call, with a message fit to show the user (already localized).
/// Serializable because SSR results travel to the browser on hydration.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ApiError {
    /// The localized message.
    pub msg: String,
}

/// The client. Cheap to clone; create it in a component with [`ApiClient::new`].
#[derive(Clone)]
pub struct ApiClient {
    transport: transport::Transport,
    /// The member's session token on the server render (`SessionToken`
    /// context); `None` in the browser, where the session cookie travels.
    token: Option<String>,
}

impl ApiClient {
    /// The client for the current side: in-process on the server, fetch in the browser.
    pub fn new() -> Self {
        #[cfg(feature = "ssr")]
        let token = leptos::prelude::use_context::<crate::account::SessionToken>().map(|t| t.0);
        #[cfg(not(feature = "ssr"))]
        let token = None;
        ApiClient {
            transport: transport::current(),
            token,
        }
    }

    /// `GET /portal/priceSetup`: the active plans of the payer's country
    /// (`country`: the number to locate's or the picked one; `None`: the
    /// server decides by the caller's address).
    ///
    /// # Errors
    /// A localized [`ApiError`] when the call fails or answers `success: 0`.
    pub async fn price_setup(
        &self,
        locale: Locale,
        country: Option<&str>,
    ) -> Result<Vec<PricePlan>, ApiError> {
        self.get(locale, &price_setup_path(country)).await
    }

    /// `GET /other/location/info/{phone}`: what the numbering plan says about a number.
    /// `country` is the picker's value: a region (`ID`) or a non-geographic code (`+882`).
    ///
    /// # Errors
    /// "Please enter the correct number" (localized) for anything invalid.
    pub async fn number_info(
        &self,
        locale: Locale,
        country: &str,
        phone: &str,
    ) -> Result<NumberInfo, ApiError> {
        let (number, region) = match country.strip_prefix('+') {
            Some(_) if !phone.trim_start().starts_with('+') => (format!("{country}{phone}"), ""),
            _ => (phone.to_owned(), country),
        };
        let path = format!(
            "/other/location/info/{}?region={}",
            encode(&number),
            encode(region)
        );
        self.get(locale, &path).await
    }

    /// `GET /other/ipInfo`: the visitor's likely country.
    ///
    /// # Errors
    /// A localized [`ApiError`].
    pub async fn ip_info(&self, locale: Locale) -> Result<VisitorCountry, ApiError> {
        self.get(locale, "/other/ipInfo").await
    }

    async fn get<T: DeserializeOwned>(&self, locale: Locale, path: &str) -> Result<T, ApiError> {
        self.call(locale, "GET", path, None).await
    }

    async fn call<T: DeserializeOwned>(
        &self,
        locale: Locale,
        method: &'static str,
        path: &str,
        form: Option<String>,
    ) -> Result<T, ApiError> {
        let response = self.send(locale, method, path, form).await?;
        decode(locale, &response.body)
    }

    async fn send(
        &self,
        locale: Locale,
        method: &'static str,
        path: &str,
        form: Option<String>,
    ) -> Result<ApiResponse, ApiError> {
        let request = ApiRequest {
            method,
            path_and_query: format!("{API_BASE}{path}"),
            form,
            locale,
            token: self.token.clone(),
        };
        transport::send(&self.transport, request)
            .await
            .map_err(|()| ApiError {
                msg: t(locale, Key::ErrorUnavailable).to_owned(),
            })
    }
}

impl Default for ApiClient {
    fn default() -> Self {
        Self::new()
    }
}

fn parse<T: DeserializeOwned>(locale: Locale, body: &str) -> Result<Envelope<T>, ApiError> {
    let envelope: Envelope<T> = serde_json::from_str(body).map_err(|_| ApiError {
        msg: t(locale, Key::ErrorGeneric).to_owned(),
    })?;
    if !envelope.is_success() {
        return Err(ApiError { msg: envelope.msg });
    }
    Ok(envelope)
}

/// A refused call's answer read for the page: the server's message and
/// each field's own message (`phoneErrorMsg`, … in `obj`), as worded.
pub fn refusal(locale: Locale, body: &str) -> (String, Vec<(Slot, String)>) {
    let Ok(envelope) = serde_json::from_str::<Envelope<serde_json::Value>>(body) else {
        return (t(locale, Key::ErrorGeneric).to_owned(), Vec::new());
    };
    let fields = Slot::ALL
        .into_iter()
        .filter_map(|slot| {
            let text = envelope.obj.as_ref()?.get(slot.name())?.as_str()?;
            Some((slot, text.to_owned()))
        })
        .collect();
    (envelope.msg, fields)
}

fn decode<T: DeserializeOwned>(locale: Locale, body: &str) -> Result<T, ApiError> {
    parse(locale, body)?.obj.ok_or_else(|| ApiError {
        msg: t(locale, Key::ErrorGeneric).to_owned(),
    })
}

#[cfg(test)]
mod tests;
