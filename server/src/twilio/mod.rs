//! Twilio's REST API as both Twilio adapters use it (SMS: `Messages`, calls:
//! `Calls`): one HTTP client per account with its basic auth, that never
//! follows a redirect (one could send the credentials elsewhere), reads the
//! answer whole and reduces a transport failure to its kind; the
//! `X-Twilio-Signature` check of what Twilio posts back, its form's
//! parameters, and the TwiML document we answer with.
use crate::config::{Secret, TwilioConfig};
use anyhow::Context as _;
use serde::Deserialize;
use std::time::Duration;

mod signature;

pub use signature::{signature, verify_signature};

/// A Twilio account's API. `Debug` redacts the token.
#[derive(Clone, Debug)]
pub struct TwilioApi {
    http: reqwest::Client,
    account_sid: String,
    auth_token: Secret,
    /// `{api_base}/2010-04-01/Accounts/{sid}`
    account_url: String,
}

/// Twilio's answer: its status and body.
pub struct Answer {
    pub status: reqwest::StatusCode,
    pub body: Vec<u8>,
}

impl Answer {
    /// Twilio's error `code` of a refusal (`{code, message, …}`); the
    /// `message` often quotes the number, so only the code is kept.
    pub fn error_code(&self) -> Option<i64> {
        #[derive(Deserialize)]
        struct ErrorBody {
            #[serde(default)]
            code: Option<i64>,
        }
        serde_json::from_slice::<ErrorBody>(&self.body)
            .ok()
            .and_then(|e| e.code)
    }
}

/// A request that got no answer: `None` for a time-out, else which step of
/// the connection failed (`connect`: nothing was sent). A reqwest error's
/// text names the URL, never worth the risk of a log line growing a query
/// string one day, so only the kind is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoAnswer(pub Option<&'static str>);

impl From<reqwest::Error> for NoAnswer {
    fn from(error: reqwest::Error) -> NoAnswer {
        NoAnswer(if error.is_timeout() {
            None
        } else if error.is_connect() {
            Some("connect")
        } else if error.is_body() || error.is_decode() {
            Some("reading the answer")
        } else {
            Some("request")
        })
    }
}

impl TwilioApi {
    /// The account of `config`; every call gives up after `timeout`.
    ///
    /// # Errors
    /// A missing SID or token, or the HTTP client cannot be built.
    pub fn new(config: &TwilioConfig, timeout: Duration) -> anyhow::Result<TwilioApi> {
        let account_sid = config
            .account_sid
            .clone()
            .context("TWILIO_ACCOUNT_SID is not set")?;
        let auth_token = config
            .auth_token
            .clone()
            .context("TWILIO_AUTH_TOKEN is not set")?;
        let http = reqwest::Client::builder()
            .timeout(timeout)
            .connect_timeout(timeout)
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .context("building the HTTP client for Twilio")?;
        Ok(TwilioApi {
            http,
            account_url: format!(
                "{}/2010-04-01/Accounts/{account_sid}",
                config.api_base.trim_end_matches('/')
            ),
            account_sid,
            auth_token,
        })
    }

    /// `POST {account}/{resource}.json` with `form`.
    ///
    /// # Errors
    /// [`NoAnswer`] when the request got no answer.
    pub async fn post(&self, resource: &str, form: &[(&str, &str)]) -> Result<Answer, NoAnswer> {
        self.send(self.http.post(self.url(resource)).form(form))
            .await
    }

    /// `GET {account}/{resource}.json` with `query`.
    ///
    /// # Errors
    /// [`NoAnswer`] when the request got no answer.
    pub async fn get(&self, resource: &str, query: &[(&str, &str)]) -> Result<Answer, NoAnswer> {
        self.send(self.http.get(self.url(resource)).query(query))
            .await
    }

    /// Whether `header_value` (`X-Twilio-Signature`) is this account's
    /// signature of `url` and `params` ([`verify_signature`]).
    pub fn verify_request(
        &self,
        url: &str,
        params: &[(String, String)],
        header_value: &str,
    ) -> bool {
        verify_signature(self.auth_token.expose(), url, params, header_value)
    }

    fn url(&self, resource: &str) -> String {
        format!("{}/{resource}.json", self.account_url)
    }

    async fn send(&self, request: reqwest::RequestBuilder) -> Result<Answer, NoAnswer> {
        let response = request
            .basic_auth(&self.account_sid, Some(self.auth_token.expose()))
            .send()
            .await?;
        let status = response.status();
        let body = response.bytes().await?.to_vec();
        Ok(Answer { status, body })
    }
}

/// The first value of `name` in a form Twilio posted.
pub fn param<'a>(params: &'a [(String, String)], name: &str) -> Option<&'a str> {
    params
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// A TwiML document: `verbs` inside `<Response>`, or an empty `<Response/>`
/// (nothing to do). The verbs come escaped by the caller.
pub fn twiml(verbs: &str) -> String {
    const HEAD: &str = r#"<?xml version="1.0" encoding="UTF-8"?>"#;
    if verbs.is_empty() {
        format!("{HEAD}<Response/>")
    } else {
        format!("{HEAD}<Response>{verbs}</Response>")
    }
}

/// A form as Twilio posts it, from `(name, value)` pairs (for tests).
#[cfg(test)]
pub(crate) fn form(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
        .collect()
}
