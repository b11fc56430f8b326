//! The account forms posted without JavaScript (issue 4): each posts to its
//! own page's path. Success answers with a redirect; failure re-renders the
//! page with the messages in their field slots and the e-mail kept.
use super::cookies::{self, CookiePolicy};
use super::pages::{redirect, render, visitor_of};
use crate::http::client_info;
use crate::services::accounts::{passwords, secrets, sessions};
use crate::services::ServiceError;
use crate::startup::now_ms;
use crate::state::AppState;
use app::account::forms::{AfterLogin, AuthForm, FormOutcome, CSRF_COOKIE};
use app::account::validation::{FieldErrors, Slot};
use app::i18n::{Key, Locale};
use app::navigation::Visitor;
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

/// Every field any account form posts.
#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
struct PostedForm {
    csrf: String,
    form: Option<AuthForm>,
    email: String,
    password: String,
    new_password: String,
    code: String,
    redirect: Option<String>,
}

/// Handles a POST to a page path.
pub async fn submit(state: AppState, request: Request) -> Response {
    let (mut parts, body) = request.into_parts();
    let posted: PostedForm = match to_bytes(body, MAX_FORM_BYTES).await {
        Ok(bytes) => serde_urlencoded::from_bytes(&bytes).unwrap_or_default(),
        Err(_) => PostedForm::default(),
    };
    let client = client_info(&parts, state.config.trust_forwarded_for);
    let resolved = resolve(parts.uri.path());
    let locale = resolved.locale;
    let (visitor, auth) = visitor_of(&state, &parts.headers).await;
    let policy = CookiePolicy::for_origin(&state.config.public_base_url);
    let csrf_ok = cookies::read(&parts.headers, CSRF_COOKIE)
        .is_some_and(|cookie| !posted.csrf.is_empty() && secrets::same_secret(&cookie, &posted.csrf));
    // The page is rendered again as if fetched.
    parts.method = Method::GET;
    let page_request = Request::from_parts(parts, Body::empty());
    let viewer = match &visitor {
        Visitor::Member(viewer) => Some(viewer.clone()),
        Visitor::Anonymous | Visitor::InvalidToken => None,
    };

    let (Some(form), Some(_page)) = (posted.form, resolved.page) else {
        return render(&state, page_request, viewer, None, Vec::new()).await;
    };
    let failed = |errors: FieldErrors| FormOutcome { form, email: posted.email.trim().to_owned(), errors, notice: None };
    if !csrf_ok {
        let mut errors = FieldErrors::default();
        errors.set(Slot::Form, Some(Key::ErrorCsrf));
        return with_status(render(&state, page_request, viewer, Some(failed(errors)), Vec::new()).await, StatusCode::FORBIDDEN);
    }

    let now = now_ms();
    let result = match form {
        AuthForm::Login => sessions::login(&state.db, &posted.email, &posted.password, &client, now)
            .await
            .map(|new| {
                let target = match AfterLogin::from_param(posted.redirect.as_deref()) {
                    AfterLogin::Billing => href(locale, Page::Billing),
                    AfterLogin::Dashboard => href(locale, Page::DashboardLocations),
                };
                redirect(&target, policy.signed_in(&new.token, &new.auth.viewer()))
            }),
        AuthForm::SendCode => passwords::send_reset_code(
            &state.db,
            state.mailer.clone(),
            &state.brand(),
            &posted.email,
            &client,
            now,
        )
        .await
        .map(|()| {
            let target = format!("{}?email={}", href(locale, Page::ResetCode), app::api::encode(posted.email.trim()));
            redirect(&target, Vec::new())
        }),
        AuthForm::ResetWithCode => {
            passwords::reset_with_code(&state.db, &posted.email, &posted.code, &posted.new_password, &client, now)
                .await
                .map(|()| redirect(&format!("{}?reset=1", href(locale, Page::Login)), policy.signed_out()))
        }
        AuthForm::ChangePassword => match &auth {
            Some(auth) => passwords::change(&state.db, auth, &posted.password, &posted.new_password, now)
                .await
                .map(|()| redirect(&format!("{}?changed=1", href(locale, Page::Account)), Vec::new())),
            None => Ok(login_again(locale, policy)),
        },
        AuthForm::Logout => {
            if let Some(auth) = &auth {
                if let Err(e) = sessions::logout(&state.db, auth).await {
                    tracing::error!(error = %e, "logout failed");
                }
            }
            Ok(redirect(&href(locale, Page::Home), policy.signed_out()))
        }
    };
    match result {
        Ok(response) => response,
        Err(ServiceError::Unauthorized) => login_again(locale, policy),
        Err(error) => {
            let status = match &error {
                ServiceError::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
                ServiceError::Database(e) => {
                    tracing::error!(error = %e, "account form failed");
                    StatusCode::INTERNAL_SERVER_ERROR
                }
                _ => StatusCode::UNPROCESSABLE_ENTITY,
            };
            let errors = match error {
                ServiceError::Fields(errors) => errors,
                other => {
                    let mut errors = FieldErrors::default();
                    errors.set(Slot::Form, Some(other.message_key()));
                    errors
                }
            };
            with_status(render(&state, page_request, viewer, Some(failed(errors)), Vec::new()).await, status)
        }
    }
}

fn login_again(locale: Locale, policy: CookiePolicy) -> Response {
    redirect(&format!("{}?reason=invalid", href(locale, Page::Login)), policy.signed_out())
}

fn with_status(mut response: Response, status: StatusCode) -> Response {
    *response.status_mut() = status;
    response
}
