//! THE typed client of `/api_f/v1`. Components call it the same way on both
//! sides: during SSR it dispatches in-process to the server's own API router
//! (no network hop, same handlers, same envelope); in the browser it uses fetch.
mod envelope;
mod transport;

pub use envelope::{Envelope, Page};
#[cfg(feature = "ssr")]
pub use transport::{ApiTransport, SharedTransport};

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
}

impl ApiClient {
    /// The client for the current side: in-process on the server, fetch in the browser.
    pub fn new() -> Self {
        ApiClient { transport: transport::current() }
    }

    /// `GET /portal/priceSetup`: the active plans of the locale's price channel.
    ///
    /// # Errors
    /// A localized [`ApiError`] when the call fails or answers `success: 0`.
    pub async fn price_setup(&self, locale: Locale) -> Result<Vec<PricePlan>, ApiError> {
        let channel = price_channel(locale);
        self.get(locale, &format!("/portal/priceSetup?hasWeight=true&channel={channel}")).await
    }

    /// `GET /other/location/info/{phone}`: what the numbering plan says about a number.
    /// `country` is the picker's value: a region (`ID`) or a non-geographic code (`+882`).
    ///
    /// # Errors
    /// "Please enter the correct number" (localized) for anything invalid.
    pub async fn number_info(&self, locale: Locale, country: &str, phone: &str) -> Result<NumberInfo, ApiError> {
        let (number, region) = match country.strip_prefix('+') {
            Some(_) if !phone.trim_start().starts_with('+') => (format!("{country}{phone}"), ""),
            _ => (phone.to_owned(), country),
        };
        let path = format!("/other/location/info/{}?region={}", encode(&number), encode(region));
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
        let request = ApiRequest {
            method: "GET",
            path_and_query: format!("{API_BASE}{path}"),
            form: None,
            locale,
            token: None,
        };
        let response = transport::send(&self.transport, request)
            .await
            .map_err(|()| ApiError { msg: t(locale, Key::ErrorUnavailable).to_owned() })?;
        decode(locale, &response.body)
    }
}

impl Default for ApiClient {
    fn default() -> Self {
        Self::new()
    }
}

/// The price channel of a locale: `cpl2`, with `_<locale>` for non-English (spec §7).
pub fn price_channel(locale: Locale) -> String {
    match locale {
        Locale::En => "cpl2".to_owned(),
        other => format!("cpl2_{}", other.code()),
    }
}

/// HTTP status of a call made with an invalid or expired session token.
pub const STATUS_INVALID_SESSION: u16 = 401;

/// Whether a response says the session is invalid, so the browser must forget
/// its user (the `userInfo` cookie; see `account::user_info`).
pub fn is_invalid_session(status: u16) -> bool {
    status == STATUS_INVALID_SESSION
}

/// Percent-encodes everything but unreserved characters (RFC 3986).
pub fn encode(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for byte in value.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

fn decode<T: DeserializeOwned>(locale: Locale, body: &str) -> Result<T, ApiError> {
    let generic = || ApiError { msg: t(locale, Key::ErrorGeneric).to_owned() };
    let envelope: Envelope<T> = serde_json::from_str(body).map_err(|_| generic())?;
    if !envelope.is_success() {
        return Err(ApiError { msg: envelope.msg });
    }
    envelope.obj.ok_or_else(generic)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn channel_suffix_only_for_non_english() {
        assert_eq!(price_channel(Locale::En), "cpl2");
        assert_eq!(price_channel(Locale::Id), "cpl2_id");
        assert_eq!(price_channel(Locale::Zh), "cpl2_zh");
    }

    #[test]
    fn path_values_are_percent_encoded() {
        assert_eq!(encode("+62 812/34?x"), "%2B62%20812%2F34%3Fx");
        assert_eq!(encode("电话"), "%E7%94%B5%E8%AF%9D");
        assert_eq!(encode("abc-1.2_3~"), "abc-1.2_3~");
    }

    #[test]
    fn only_401_means_an_invalid_session() {
        assert!(is_invalid_session(401));
        for status in [200, 302, 400, 403, 429, 500] {
            assert!(!is_invalid_session(status), "{status}");
        }
        let clear = crate::account::user_info::clear_user_info_cookie();
        assert!(clear.starts_with("userInfo=;") && clear.contains("Max-Age=0") && clear.contains("Path=/"), "{clear}");
    }

    #[test]
    fn decode_passes_server_messages_and_hides_garbage() {
        let err = decode::<u8>(Locale::Id, r#"{"success":0,"msg":"Pesan","obj":null}"#).unwrap_err();
        assert_eq!(err.msg, "Pesan");
        let err = decode::<u8>(Locale::En, "<html>").unwrap_err();
        assert_eq!(err.msg, "Something went wrong");
        assert_eq!(decode::<u8>(Locale::En, r#"{"success":1,"msg":"","obj":7}"#), Ok(7));
    }
}
