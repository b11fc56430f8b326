//! The cookie banner's form, posted to whichever page showed it: sets the
//! consent cookie (and the marketing cookies it allows, or removes them)
//! and answers 303 to the same page, query kept, so the visitor carries on
//! where they were, with or without JavaScript.
use super::redirects::see_other;
use super::submission::{Handled, Rejected, Submission};
use crate::cookies::tracking as tracking_cookies;
use crate::services::ServiceError;
use app_core::consent::{Consent, SETTINGS_PARAM};
use app_core::i18n::Key;
use serde::Deserialize;

/// The banner's fields: which button, and the two boxes of "Choose".
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ConsentFields {
    choice: String,
    analytics: Option<String>,
    marketing: Option<String>,
}

pub(crate) async fn handle(s: &Submission<'_>) -> Handled {
    let f: ConsentFields = s.fields();
    let consent = Consent::from_choice(&f.choice, f.analytics.is_some(), f.marketing.is_some())
        .ok_or_else(|| Rejected::new(ServiceError::Invalid(Key::ErrorBadRequest)))?;
    let cookies = tracking_cookies::on_choice(s.policy, s.headers, s.uri, consent, s.cx.now);
    Ok(see_other(&back_to(s.uri), cookies))
}

/// The page the banner was on: its path and query, without the parameter
/// that reopened the banner. Always a path on this site.
fn back_to(uri: &axum::http::Uri) -> String {
    let query: Vec<(String, String)> = uri
        .query()
        .and_then(|q| serde_urlencoded::from_str(q).ok())
        .unwrap_or_default();
    app_core::navigation::with_query(uri.path(), &query, &[SETTINGS_PARAM])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goes_back_to_the_same_page_without_the_settings_parameter() {
        let uri: axum::http::Uri = "/id/telecom?utm_source=x&cookie_settings=1&gclid=y"
            .parse()
            .unwrap();
        assert_eq!(back_to(&uri), "/id/telecom?utm_source=x&gclid=y");
        let uri: axum::http::Uri = "/".parse().unwrap();
        assert_eq!(back_to(&uri), "/");
    }
}
