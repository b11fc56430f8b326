//! Reverse lookup calls.
use super::{ApiClient, ApiError};
use crate::i18n::Locale;
use crate::model::lookup::{LookupResult, OwnerView};

/// The path of `GET /lookup/{phone}?country=`.
pub fn lookup_path(country: &str, phone: &str) -> String {
    format!(
        "/lookup/{}?country={}",
        super::encode(phone),
        super::encode(country)
    )
}

impl ApiClient {
    /// `GET /lookup/{phone}`: the facts, and for subscribers the rest.
    ///
    /// # Errors
    /// The server's localized message ("Please enter the correct number", a limit).
    pub async fn lookup(
        &self,
        locale: Locale,
        country: &str,
        phone: &str,
    ) -> Result<LookupResult, ApiError> {
        self.call(locale, "GET", &lookup_path(country, phone), None)
            .await
    }

    /// `GET /lookup/owner`: the number owner's session view (the session
    /// travels as the owner's cookie, which the server forwards).
    ///
    /// # Errors
    /// A localized [`ApiError`] when there is no live owner session.
    pub async fn owner_view(&self, locale: Locale) -> Result<OwnerView, ApiError> {
        self.call(locale, "GET", "/lookup/owner", None).await
    }
}
