//! Forms posted without JavaScript to a page's own path (issues 4 and 5).
//! Every post must carry the double-submitted anti-CSRF token. Success
//! answers with a redirect; failure re-renders the page with the messages in
//! their field slots and what was typed (never secrets) kept.
use super::cookies::{self, CookiePolicy};
use super::pages::{redirect, render, visitor_of, Member};
use super::{account_forms, locate_forms};
use crate::http::{client_info, retry_after, status_of, Surface};
use crate::services::accounts::{secrets, ClientInfo};
use crate::services::ServiceError;
use crate::state::AppState;
use app::account::forms::{AuthForm, FormOutcome, CSRF_COOKIE};
use app::account::validation::{FieldErrors, Slot};
use app::i18n::{Key, Locale};
use app::routes::{href, resolve, Page};
use axum::{
    body::{to_bytes, Body},
    extract::Request,
    http::{Method, StatusCode},
    response::Response,
};
use serde::Deserialize;

/// Forms are a few short fields; anything bigger is not one of ours.
const MAX_FORM_BYTES: usize = 16 * 1024;

/// Every field any page form posts.
#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub(super) struct PostedForm {
    pub csrf: String,
    pub form: Option<AuthForm>,
    pub email: String,
    pub password: String,
    pub new_password: String,
    pub code: String,
    pub redirect: Option<String>,
    pub country: String,
    pub phone: String,
    pub note: String,
    pub id: String,
    pub action: String,
    pub label: String,
    pub t: String,
    pub decision: String,
}

/// What a form handler has to work with.
pub(super) struct Submission<'a> {
    pub state: &'a AppState,
    pub form: AuthForm,
    pub posted: &'a PostedForm,
    pub locale: Locale,
    pub member: Option<&'a Member>,
    pub client: &'a ClientInfo,
    pub policy: CookiePolicy,
}

impl Submission<'_> {
    /// Sends the visitor to log in again (their session is gone).
    pub fn login_again(&self) -> Response {
        redirect(&format!("{}?reason=invalid", href(self.locale, Page::Login)), self.policy.signed_out())
    }

    /// The typed values to show again (`names` only: never secrets).
    pub fn kept(&self, names: &[&str]) -> Vec<(String, String)> {
        let p = self.posted;
        names
            .iter()
            .filter_map(|name| {
                let value = match *name {
                    "country" => &p.country,
                    "phone" => &p.phone,
                    "note" => &p.note,
                    "id" => &p.id,
                    "label" => &p.label,
                    "t" => &p.t,
                    _ => return None,
                };
                Some(((*name).to_owned(), value.clone()))
            })
            .collect()
    }
}

/// A handler's verdict: a response (redirect), or an error to show on the page.
pub(super) type Handled = Result<Response, (ServiceError, Vec<(String, String)>)>;

/// Handles a POST to a page path.
pub async fn submit(state: AppState, request: Request) -> Response {
    let (mut parts, body) = request.into_parts();
    let posted: PostedForm = match to_bytes(body, MAX_FORM_BYTES).await {
        Ok(bytes) => serde_urlencoded::from_bytes(&bytes).unwrap_or_default(),
        Err(_) => PostedForm::default(),
    };
    let client = client_info(&parts, state.config.trust_forwarded_for);
    let resolved = resolve(parts.uri.path());
    let (_, member) = visitor_of(&state, &parts.headers).await;
    let policy = CookiePolicy::for_origin(&state.config.public_base_url);
    let csrf_ok = cookies::read(&parts.headers, CSRF_COOKIE)
        .is_some_and(|cookie| !posted.csrf.is_empty() && secrets::same_secret(&cookie, &posted.csrf));
    // The page is rendered again as if fetched.
    parts.method = Method::GET;
    let page_request = Request::from_parts(parts, Body::empty());

    let (Some(form), Some(_page)) = (posted.form, resolved.page) else {
        return render(&state, page_request, member.as_ref(), None, Vec::new()).await;
    };
    let outcome = |errors: FieldErrors, values: Vec<(String, String)>| FormOutcome {
        form,
        email: posted.email.trim().to_owned(),
        errors,
        notice: None,
        values,
    };
    if !csrf_ok {
        let mut errors = FieldErrors::default();
        errors.set(Slot::Form, Some(Key::ErrorCsrf));
        let response = render(&state, page_request, member.as_ref(), Some(outcome(errors, Vec::new())), Vec::new()).await;
        return with_status(response, StatusCode::FORBIDDEN);
    }

    let submission = Submission {
        state: &state,
        form,
        posted: &posted,
        locale: resolved.locale,
        member: member.as_ref(),
        client: &client,
        policy,
    };
    let handled = match form {
        AuthForm::Login
        | AuthForm::SendCode
        | AuthForm::ResetWithCode
        | AuthForm::ChangePassword
        | AuthForm::Logout => account_forms::handle(&submission).await,
        AuthForm::LocateCreate
        | AuthForm::LocateAction
        | AuthForm::Reveal
        | AuthForm::DnlCode
        | AuthForm::DnlConfirm => locate_forms::handle(&submission).await,
    };
    match handled {
        Ok(response) => response,
        Err((ServiceError::Unauthorized, _)) => submission.login_again(),
        Err((error, values)) => {
            let status = status_of(&error, Surface::Form);
            let retry = retry_after(&error);
            let errors = match error {
                ServiceError::Fields(errors) => errors,
                other => {
                    let mut errors = FieldErrors::default();
                    errors.set(Slot::Form, Some(other.message_key()));
                    errors
                }
            };
            let response = render(&state, page_request, member.as_ref(), Some(outcome(errors, values)), Vec::new()).await;
            let mut response = with_status(response, status);
            if let Some(secs) = retry {
                response.headers_mut().insert(axum::http::header::RETRY_AFTER, secs.into());
            }
            response
        }
    }
}

fn with_status(mut response: Response, status: StatusCode) -> Response {
    *response.status_mut() = status;
    response
}
