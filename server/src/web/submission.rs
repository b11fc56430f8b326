//! What a page form's handler works with ([`Submission`]) and answers
//! ([`Handled`]: a redirect, or the page again with what was rejected).
use super::visitor::Member;
use crate::cookies::CookiePolicy;
use crate::services::accounts::ClientInfo;
use crate::services::{Cx, ServiceError};
use app_core::account::forms::AuthForm;
use app_core::i18n::Locale;
use axum::response::Response;
use serde::de::DeserializeOwned;

/// What a form handler has to work with.
pub(crate) struct Submission<'a> {
    pub cx: Cx,
    pub form: AuthForm,
    pub(crate) body: &'a [u8],
    pub locale: Locale,
    pub member: Option<&'a Member>,
    pub client: &'a ClientInfo,
    pub policy: CookiePolicy,
    /// The payment providers (checkout, cancel, refund).
    pub gateways: &'a crate::payments::Gateways,
    /// Speech synthesis and the previews of the last hour (voice messages).
    pub speech: &'a crate::speech::Speech,
    /// The number owner's session cookie, if any.
    pub owner_token: Option<&'a str>,
    /// A visitor's help chat cookie, if any.
    pub chat_visitor: Option<&'a str>,
    /// The address posted to and the request's headers (cookies).
    pub uri: &'a axum::http::Uri,
    pub headers: &'a axum::http::HeaderMap,
    /// The address-to-country database, when configured (the payer's country).
    pub geoip: Option<&'a crate::services::visitor::GeoIpReader>,
}

impl Submission<'_> {
    /// The posted fields of this form, typed (missing ones empty).
    pub fn fields<T: DeserializeOwned + Default>(&self) -> T {
        serde_urlencoded::from_bytes(self.body).unwrap_or_default()
    }

    /// The signed-in member, or the error that sends the visitor to log in.
    pub fn member(&self) -> Result<&Member, Rejected> {
        self.member
            .ok_or_else(|| Rejected::new(ServiceError::Unauthorized))
    }
}

/// Why a form was not accepted, and what to show again.
#[derive(Debug)]
pub(crate) struct Rejected {
    pub error: ServiceError,
    /// Other values typed, by field name; never passwords or codes.
    pub kept: Vec<(String, String)>,
}

impl Rejected {
    pub fn new(error: ServiceError) -> Self {
        Rejected {
            error,
            kept: Vec::new(),
        }
    }

    /// Keeps `pairs` of (field name, value typed).
    pub fn keeping(mut self, pairs: &[(&str, &str)]) -> Self {
        self.kept = pairs
            .iter()
            .map(|(name, value)| ((*name).to_owned(), (*value).to_owned()))
            .collect();
        self
    }
}

/// A handler's verdict: a response (redirect), or what to show on the page.
pub(crate) type Handled = Result<Response, Rejected>;
