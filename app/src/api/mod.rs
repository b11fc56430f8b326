//! THE typed client of `/api_f/v1`. Components call it the same way on both
//! sides: during SSR it dispatches in-process to the server's own API router
//! (no network hop, same handlers, same envelope); in the browser it uses fetch.
mod envelope;
mod transport;

pub use envelope::{Envelope, Page};
#[cfg(feature = "ssr")]
pub use transport::{ApiTransport, SharedTransport};
pub use transport::{WEBSITE_TYPE_HEADER, WEBSITE_TYPE_WEB};

use crate::i18n::{t, Key, Locale};
use crate::model::locate::{GpsTrace, LocateAction, LocateRequestView, RevealDecision, RevealView};
use crate::model::{NumberInfo, PricePlan, VisitorCountry};
use crate::widgets::GeoPoint;
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

/// Requests per page of the dashboard list.
pub const LOCATE_PAGE_SIZE: u32 = 20;

/// `GET /spyContent`: one page of requests, newest first, and how many
/// updates are new (`result.notificationsTotal`).
#[derive(Clone, Debug, PartialEq)]
pub struct LocateList {
    /// The requests of the page.
    pub items: Vec<LocateRequestView>,
    /// Paging, when the server sent it.
    pub page: Option<Page>,
    /// New updates for the header badge.
    pub notifications_total: i64,
}

impl ApiClient {
    /// The client for the current side: in-process on the server, fetch in the browser.
    pub fn new() -> Self {
        #[cfg(feature = "ssr")]
        let token = leptos::prelude::use_context::<crate::account::SessionToken>().map(|t| t.0);
        #[cfg(not(feature = "ssr"))]
        let token = None;
        ApiClient { transport: transport::current(), token }
    }

    /// `POST /spyContent/phoneLocation`: asks the owner of `phone` by SMS.
    /// `country` is the picker's value (`ID` or `+882`).
    ///
    /// # Errors
    /// The server's localized message (`phoneErrorMsg`, `noteErrorMsg` and
    /// `formErrorMsg` details are read by the no-JS form handler).
    pub async fn locate_create(
        &self,
        locale: Locale,
        country: &str,
        phone: &str,
        note: &str,
    ) -> Result<LocateRequestView, ApiError> {
        let body = form_body(&[("country", country), ("phone", phone), ("note", note)]);
        self.call(locale, "POST", "/spyContent/phoneLocation", Some(body)).await
    }

    /// `GET /spyContent?page=&size=`: the member's requests.
    ///
    /// # Errors
    /// A localized [`ApiError`] (e.g. an invalid session).
    pub async fn locate_list(&self, locale: Locale, page: u32, size: u32) -> Result<LocateList, ApiError> {
        let response = self.send(locale, "GET", &locate_list_path(page, size), None).await?;
        let envelope: Envelope<Vec<LocateRequestView>> = parse(locale, &response.body)?;
        let notifications_total = envelope
            .result
            .as_ref()
            .and_then(|r| r.get("notificationsTotal"))
            .and_then(serde_json::Value::as_i64)
            .unwrap_or(0);
        Ok(LocateList { items: envelope.obj.unwrap_or_default(), page: envelope.page, notifications_total })
    }

    /// Resend, cancel or rename (`PUT /spyContent/phoneLocation/{id}`), or
    /// clear (`POST /spyContent/clear/{id}`) one request.
    ///
    /// # Errors
    /// A localized [`ApiError`].
    pub async fn locate_action(
        &self,
        locale: Locale,
        id: i64,
        action: &LocateAction,
    ) -> Result<LocateRequestView, ApiError> {
        let (method, path, body) = locate_action_call(id, action);
        self.call(locale, method, &path, body).await
    }

    /// `GET /gpsTrace/phoneLocation/{id}`: the position(s) the owner shared.
    ///
    /// # Errors
    /// A localized [`ApiError`].
    pub async fn gps_trace(&self, locale: Locale, id: i64) -> Result<GpsTrace, ApiError> {
        self.call(locale, "GET", &format!("/gpsTrace/phoneLocation/{id}"), None).await
    }

    /// `GET /reveal/{token}`: what the owner's page shows (marks it opened).
    ///
    /// # Errors
    /// A localized [`ApiError`].
    pub async fn reveal(&self, locale: Locale, token: &str) -> Result<RevealView, ApiError> {
        self.call(locale, "GET", &reveal_path(token), None).await
    }

    /// `POST /reveal/{token}`: the owner's answer; `position` only with
    /// [`RevealDecision::Share`].
    ///
    /// # Errors
    /// A localized [`ApiError`].
    pub async fn reveal_decide(
        &self,
        locale: Locale,
        token: &str,
        decision: RevealDecision,
        position: Option<GeoPoint>,
    ) -> Result<RevealView, ApiError> {
        let body = reveal_body(decision, position);
        self.call(locale, "POST", &reveal_path(token), Some(body)).await
    }

    /// `POST /doNotLocate/code`: texts a confirmation code to the number.
    ///
    /// # Errors
    /// A localized [`ApiError`].
    pub async fn dnl_code(&self, locale: Locale, country: &str, phone: &str) -> Result<(), ApiError> {
        let body = form_body(&[("country", country), ("phone", phone)]);
        let response = self.send(locale, "POST", "/doNotLocate/code", Some(body)).await?;
        parse::<serde_json::Value>(locale, &response.body).map(|_| ())
    }

    /// `POST /doNotLocate/confirm`: puts the number on the do-not-locate list.
    ///
    /// # Errors
    /// A localized [`ApiError`] (wrong or expired code).
    pub async fn dnl_confirm(&self, locale: Locale, country: &str, phone: &str, code: &str) -> Result<(), ApiError> {
        let body = form_body(&[("country", country), ("phone", phone), ("code", code)]);
        let response = self.send(locale, "POST", "/doNotLocate/confirm", Some(body)).await?;
        parse::<serde_json::Value>(locale, &response.body).map(|_| ())
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
            .map_err(|()| ApiError { msg: t(locale, Key::ErrorUnavailable).to_owned() })
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

/// A form-encoded body (`application/x-www-form-urlencoded`).
pub fn form_body(fields: &[(&str, &str)]) -> String {
    fields.iter().map(|(name, value)| format!("{}={}", encode(name), encode(value))).collect::<Vec<_>>().join("&")
}

/// The list call's path below [`API_BASE`].
pub fn locate_list_path(page: u32, size: u32) -> String {
    format!("/spyContent?page={page}&size={size}")
}

/// The owner's reveal call path below [`API_BASE`].
pub fn reveal_path(token: &str) -> String {
    format!("/reveal/{}", encode(token))
}

/// Method, path and body of a requester's action on request `id`.
pub fn locate_action_call(id: i64, action: &LocateAction) -> (&'static str, String, Option<String>) {
    match action {
        LocateAction::Clear => ("POST", format!("/spyContent/clear/{id}"), None),
        LocateAction::Rename(label) => {
            ("PUT", format!("/spyContent/phoneLocation/{id}"), Some(form_body(&[("action", "rename"), ("label", label)])))
        }
        other => ("PUT", format!("/spyContent/phoneLocation/{id}"), Some(form_body(&[("action", other.code())]))),
    }
}

/// The body of `POST /reveal/{token}`: the decision, and for a share the position.
pub fn reveal_body(decision: RevealDecision, position: Option<GeoPoint>) -> String {
    match (decision, position) {
        (RevealDecision::Share, Some(p)) => {
            let (lat, lng) = (p.lat.to_string(), p.lng.to_string());
            let accuracy = p.accuracy.map(|a| a.to_string()).unwrap_or_default();
            form_body(&[("decision", "share"), ("latitude", &lat), ("longitude", &lng), ("accuracy", &accuracy)])
        }
        (decision, _) => form_body(&[("decision", decision.code())]),
    }
}

fn parse<T: DeserializeOwned>(locale: Locale, body: &str) -> Result<Envelope<T>, ApiError> {
    let envelope: Envelope<T> =
        serde_json::from_str(body).map_err(|_| ApiError { msg: t(locale, Key::ErrorGeneric).to_owned() })?;
    if !envelope.is_success() {
        return Err(ApiError { msg: envelope.msg });
    }
    Ok(envelope)
}

fn decode<T: DeserializeOwned>(locale: Locale, body: &str) -> Result<T, ApiError> {
    parse(locale, body)?.obj.ok_or_else(|| ApiError { msg: t(locale, Key::ErrorGeneric).to_owned() })
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
    fn form_bodies_are_url_encoded() {
        assert_eq!(
            form_body(&[("country", "+882"), ("phone", "0812 3456"), ("note", "Hi & bye=1")]),
            "country=%2B882&phone=0812%203456&note=Hi%20%26%20bye%3D1"
        );
        assert_eq!(form_body(&[]), "");
    }

    #[test]
    fn locate_calls_have_the_contract_paths() {
        assert_eq!(locate_list_path(1, LOCATE_PAGE_SIZE), "/spyContent?page=1&size=20");
        assert_eq!(reveal_path("ab/c?d"), "/reveal/ab%2Fc%3Fd");
        assert_eq!(
            locate_action_call(7, &LocateAction::Resend),
            ("PUT", "/spyContent/phoneLocation/7".to_owned(), Some("action=resend".to_owned()))
        );
        assert_eq!(
            locate_action_call(7, &LocateAction::Cancel),
            ("PUT", "/spyContent/phoneLocation/7".to_owned(), Some("action=cancel".to_owned()))
        );
        assert_eq!(
            locate_action_call(7, &LocateAction::Rename("Ibu & Ayah".into())),
            ("PUT", "/spyContent/phoneLocation/7".to_owned(), Some("action=rename&label=Ibu%20%26%20Ayah".to_owned()))
        );
        assert_eq!(locate_action_call(9, &LocateAction::Clear), ("POST", "/spyContent/clear/9".to_owned(), None));
    }

    #[test]
    fn reveal_bodies_carry_the_position_only_when_sharing() {
        let point = GeoPoint { lat: -6.2, lng: 106.816_666, accuracy: Some(12.5) };
        assert_eq!(
            reveal_body(RevealDecision::Share, Some(point)),
            "decision=share&latitude=-6.2&longitude=106.816666&accuracy=12.5"
        );
        assert_eq!(reveal_body(RevealDecision::Decline, Some(point)), "decision=decline");
        assert_eq!(reveal_body(RevealDecision::Block, None), "decision=block");
        let no_accuracy = GeoPoint { accuracy: None, ..point };
        assert!(reveal_body(RevealDecision::Share, Some(no_accuracy)).ends_with("&accuracy="));
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
