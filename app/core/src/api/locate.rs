//! Locate calls: the member's requests (ask, list, act on one, the shared
//! position), the owner's reveal page and the do-not-locate list.
use super::{
    form_body, locate_action_call, locate_list_path, parse, position_body, reveal_body,
    reveal_path, share_body, ApiClient, ApiError, Envelope, Page,
};
use crate::i18n::Locale;
use crate::model::locate::{
    GpsTrace, LocateAction, LocateRequestView, RevealDecision, RevealView, ShareMode,
};
use crate::model::GeoPoint;

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
        self.call(locale, "POST", "/spyContent/phoneLocation", Some(body))
            .await
    }

    /// `GET /spyContent?page=&size=`: the member's requests.
    ///
    /// # Errors
    /// A localized [`ApiError`] (e.g. an invalid session).
    pub async fn locate_list(
        &self,
        locale: Locale,
        page: u32,
        size: u32,
    ) -> Result<LocateList, ApiError> {
        let response = self
            .send(locale, "GET", &locate_list_path(page, size), None)
            .await?;
        let envelope: Envelope<Vec<LocateRequestView>> = parse(locale, &response.body)?;
        let notifications_total = envelope
            .result
            .as_ref()
            .and_then(|r| r.get("notificationsTotal"))
            .and_then(serde_json::Value::as_i64)
            .unwrap_or(0);
        Ok(LocateList {
            items: envelope.obj.unwrap_or_default(),
            page: envelope.page,
            notifications_total,
        })
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
        self.call(
            locale,
            "GET",
            &format!("/gpsTrace/phoneLocation/{id}"),
            None,
        )
        .await
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
        self.call(locale, "POST", &reveal_path(token), Some(body))
            .await
    }

    /// `POST /reveal/{token}` with `decision=share`: shares `position` as
    /// `mode` says (rounded here first when approximate).
    ///
    /// # Errors
    /// A localized [`ApiError`].
    pub async fn reveal_share(
        &self,
        locale: Locale,
        token: &str,
        mode: ShareMode,
        position: GeoPoint,
    ) -> Result<RevealView, ApiError> {
        let body = share_body(mode, position);
        self.call(locale, "POST", &reveal_path(token), Some(body))
            .await
    }

    /// `POST /reveal/{token}/position`: a live sharing's next position.
    ///
    /// # Errors
    /// A localized [`ApiError`] (the sharing ended, too many updates).
    pub async fn reveal_position(
        &self,
        locale: Locale,
        token: &str,
        position: GeoPoint,
    ) -> Result<RevealView, ApiError> {
        let path = format!("{}/position", reveal_path(token));
        self.call(locale, "POST", &path, Some(position_body(position)))
            .await
    }

    /// `POST /doNotLocate/code`: texts a confirmation code to the number.
    ///
    /// # Errors
    /// A localized [`ApiError`].
    pub async fn dnl_code(
        &self,
        locale: Locale,
        country: &str,
        phone: &str,
    ) -> Result<(), ApiError> {
        let body = form_body(&[("country", country), ("phone", phone)]);
        let response = self
            .send(locale, "POST", "/doNotLocate/code", Some(body))
            .await?;
        parse::<serde_json::Value>(locale, &response.body).map(|_| ())
    }

    /// `POST /doNotLocate/confirm`: puts the number on the do-not-locate list.
    ///
    /// # Errors
    /// A localized [`ApiError`] (wrong or expired code).
    pub async fn dnl_confirm(
        &self,
        locale: Locale,
        country: &str,
        phone: &str,
        code: &str,
    ) -> Result<(), ApiError> {
        let body = form_body(&[("country", country), ("phone", phone), ("code", code)]);
        let response = self
            .send(locale, "POST", "/doNotLocate/confirm", Some(body))
            .await?;
        parse::<serde_json::Value>(locale, &response.body).map(|_| ())
    }
}
