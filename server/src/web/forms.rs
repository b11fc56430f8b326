//! Forms posted without JavaScript to a page's own path. Every post must
//! carry the double-submitted anti-CSRF token. Each form reads its own typed
//! fields and calls one use case; success answers with a redirect, failure
//! re-renders the page with the messages in their field slots and what was
//! typed (never secrets) kept.
use super::redirects::redirect;
use super::render::render;
use super::submission::{Handled, Rejected, Submission};
use super::visitor::{visitor_of, Member, WithBadges};
use crate::cookies::{self, CookiePolicy};
use crate::entry::{accounts, billing, chat, locate, lookup, tracking, voice};
use crate::http::{client_info, retry_after, status_of, Surface};
use crate::services::ServiceError;
use crate::state::AppState;
use crate::tokens;
use app_core::account::forms::{AuthForm, FormOutcome, CSRF_COOKIE};
use app_core::account::validation::{FieldErrors, Slot};
use app_core::i18n::{Key, Locale};
use app_core::routes::{href, resolve, Page};
use axum::{
    body::{to_bytes, Body},
    extract::Request,
    http::{request::Parts, Method, StatusCode},
    response::Response,
};
use serde::Deserialize;

/// The largest form body read: every form's longest field at its limit fits
/// (a 2,000-character contact message in 4-byte characters, percent-encoded,
/// is 24 kB), so a message is refused by its own rule, beside its field and
/// kept, never cut off by the body limit.
const MAX_FORM_BYTES: usize = 64 * 1024;

/// The fields every page form posts; each form's own fields are read by its
/// handler ([`Submission::fields`]).
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct Envelope {
    csrf: String,
    form: Option<AuthForm>,
    /// Kept on the re-rendered page whichever form it was.
    email: String,
}

/// Handles a POST to a page path.
pub async fn submit(state: AppState, request: Request) -> Response {
    let (mut parts, body) = request.into_parts();
    let body = to_bytes(body, MAX_FORM_BYTES).await.unwrap_or_default();
    let envelope: Envelope = serde_urlencoded::from_bytes(&body).unwrap_or_default();
    let resolved = resolve(parts.uri.path());
    let (_, member) = visitor_of(&state, &parts.headers, WithBadges::No).await;
    let csrf_ok = cookies::read(&parts.headers, CSRF_COOKIE).is_some_and(|cookie| {
        !envelope.csrf.is_empty() && tokens::same_secret(&cookie, &envelope.csrf)
    });
    // Only a form posted to a page is handled; anything else shows the page.
    let handled = match envelope.form.filter(|_| resolved.page.is_some()) {
        Some(form) if csrf_ok => {
            let handled = handle(
                &state,
                &parts,
                &body,
                form,
                resolved.locale,
                member.as_ref(),
            );
            Some((form, handled.await))
        }
        Some(form) => Some((
            form,
            Err(Rejected::new(ServiceError::Invalid(Key::ErrorCsrf))),
        )),
        None => None,
    };
    // The page is rendered again as if fetched.
    parts.method = Method::GET;
    let page_request = Request::from_parts(parts, Body::empty());
    let again = |outcome| {
        render(
            &state,
            page_request,
            member.as_ref(),
            outcome,
            Vec::new(),
            true,
        )
    };
    let Some((form, handled)) = handled else {
        return again(None).await;
    };
    match handled {
        Ok(response) => response,
        Err(Rejected {
            error: ServiceError::Unauthorized,
            ..
        }) => to_login(&state, resolved.locale),
        Err(rejected) => {
            let status = failure_status(&rejected.error, csrf_ok);
            let retry = retry_after(&rejected.error);
            let outcome = outcome(form, envelope.email.trim(), rejected);
            with_status(again(Some(outcome)).await, status, retry)
        }
    }
}

/// Hands the posted `form` to its handler with what it may need of the request.
async fn handle(
    state: &AppState,
    parts: &Parts,
    body: &[u8],
    form: AuthForm,
    locale: Locale,
    member: Option<&Member>,
) -> Handled {
    let client = client_info(parts, state.config.trust_forwarded_for);
    let owner_token = cookies::read(&parts.headers, app_core::account::forms::OWNER_COOKIE);
    let chat_visitor = crate::cookies::chat_visitor_cookie(&parts.headers);
    let submission = Submission {
        cx: state.cx(),
        form,
        body,
        locale,
        member,
        client: &client,
        policy: CookiePolicy::for_origin(&state.config.public_base_url),
        gateways: &state.gateways,
        speech: &state.speech,
        owner_token: owner_token.as_deref(),
        chat_visitor: chat_visitor.as_deref(),
        uri: &parts.uri,
        headers: &parts.headers,
        geoip: state.geoip.as_deref(),
    };
    dispatch(&submission).await
}

/// A dead session: to the login page, which says so, with the cookie gone.
fn to_login(state: &AppState, locale: Locale) -> Response {
    let policy = CookiePolicy::for_origin(&state.config.public_base_url);
    redirect(
        &format!("{}?reason=invalid", href(locale, Page::Login)),
        policy.signed_out(),
    )
}

/// The re-rendered page under the refusal's status, with `Retry-After`
/// when a limit says when to try again.
fn with_status(mut page: Response, status: StatusCode, retry: Option<u64>) -> Response {
    *page.status_mut() = status;
    if let Some(secs) = retry {
        page.headers_mut()
            .insert(axum::http::header::RETRY_AFTER, secs.into());
    }
    page
}

/// Hands the submission to the handler of its form.
async fn dispatch(s: &Submission<'_>) -> Handled {
    match s.form {
        AuthForm::Login
        | AuthForm::SendCode
        | AuthForm::ResetWithCode
        | AuthForm::ChangePassword
        | AuthForm::Logout => accounts::forms::handle(s).await,
        AuthForm::LocateCreate
        | AuthForm::LocateAction
        | AuthForm::Reveal
        | AuthForm::DnlCode
        | AuthForm::DnlConfirm => locate::forms::handle(s).await,
        AuthForm::PayOrder | AuthForm::BillingCancel | AuthForm::BillingRefund => {
            billing::forms::handle(s).await
        }
        AuthForm::BillingRenew => billing::renewal_forms::handle(s).await,
        AuthForm::VoicePreview | AuthForm::VoiceSend => voice::forms::handle(s).await,
        AuthForm::SpamReport
        | AuthForm::OwnerCode
        | AuthForm::OwnerConfirm
        | AuthForm::OwnerDispute
        | AuthForm::OwnerDirectory
        | AuthForm::OwnerUnpublish
        | AuthForm::OwnerOptOut => lookup::forms::handle(s).await,
        AuthForm::ContactMessage => chat::forms::handle(s).await,
        AuthForm::CookieConsent => tracking::forms::handle(s).await,
    }
}

/// A forged or expired form is refused with 403; anything else by the one table.
fn failure_status(error: &ServiceError, csrf_ok: bool) -> StatusCode {
    if csrf_ok {
        status_of(error, Surface::Form)
    } else {
        StatusCode::FORBIDDEN
    }
}

/// What the re-rendered page shows: the messages in their slots, the values kept.
fn outcome(form: AuthForm, email: &str, rejected: Rejected) -> FormOutcome {
    let errors = match rejected.error {
        ServiceError::Fields(errors) => errors,
        other => {
            let mut errors = FieldErrors::default();
            errors.set(Slot::Form, Some(other.message_key()));
            errors
        }
    };
    FormOutcome {
        form,
        email: email.to_owned(),
        errors,
        notice: None,
        values: rejected.kept,
    }
}
