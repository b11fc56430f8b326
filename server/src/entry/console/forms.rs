//! The console's forms, posted without JavaScript to the page they sit on:
//! form → the same console use case the REST API calls → a 303 to the page
//! with a notice, or the page again with the localized error. Every post
//! carries the double-submitted anti-CSRF token.
use super::page_api::{Failure, StaffCaller};
use super::redirects::see_other;
use super::view::{current_staff, load, render, to_sign_in};
use crate::cookies::{self, CookiePolicy};
use crate::http::{client_info, retry_after, status_of, Surface};
use crate::services::console::{abuse, actions, auth, chat, Staff};
use crate::services::ServiceError;
use crate::state::AppState;
use crate::tokens;
use app_core::account::forms::CSRF_COOKIE;
use app_core::console::{console_href, forms, ConsoleDoc, ConsolePage};
use app_core::i18n::{t, Key, Locale};
use app_core::model::console::{AbuseAction, AbuseDecision, STAFF_SESSION_TTL_MS};
use axum::body::to_bytes;
use axum::extract::{Query, Request};
use axum::http::{header, HeaderMap, StatusCode, Uri};
use axum::response::Response;
use serde::Deserialize;

/// Console forms are a few short fields.
const MAX_FORM_BYTES: usize = 16 * 1024;

/// Every field any console form posts (each form reads its own).
#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
struct Fields {
    csrf: String,
    form: String,
    email: String,
    password: String,
    totp: String,
    reason: String,
    note: String,
    body: String,
    action: String,
    charge_id: i64,
    report_id: i64,
}

/// Handles a POST to a console page.
pub async fn submit(
    state: AppState,
    request: Request,
    caller: StaffCaller,
    page: ConsolePage,
) -> Response {
    let (parts, body) = request.into_parts();
    let body = to_bytes(body, MAX_FORM_BYTES).await.unwrap_or_default();
    let fields: Fields = serde_urlencoded::from_bytes(&body).unwrap_or_default();
    let locale = caller.locale;
    let csrf_ok = cookies::read(&parts.headers, CSRF_COOKIE).is_some_and(|cookie| {
        !fields.csrf.is_empty() && tokens::same_secret(&cookie, &fields.csrf)
    });
    if !csrf_ok {
        let failure = Failure {
            status: StatusCode::FORBIDDEN,
            msg: t(locale, Key::ErrorCsrf).to_owned(),
        };
        return again(&state, &parts.headers, &caller, page, &parts.uri, failure).await;
    }
    if fields.form == forms::SIGN_IN {
        let client = client_info(&parts, state.config.trust_forwarded_for);
        return sign_in(&state, &parts.headers, locale, &client, &fields).await;
    }
    let policy = CookiePolicy::for_origin(&state.config.public_base_url);
    let staff = match auth::authenticate(&state.db, caller.token.as_deref(), state.now_ms()).await {
        Ok(staff) => staff,
        Err(_) => return to_sign_in(locale, vec![policy.staff_session("", 0)]),
    };
    if fields.form == forms::SIGN_OUT {
        return sign_out(&state, &staff, locale, policy).await;
    }
    match act(&state, &staff, page, &fields).await {
        Ok(done) => to_done(locale, page, done),
        Err(ServiceError::Unauthorized) => to_sign_in(locale, Vec::new()),
        Err(e) => {
            again(
                &state,
                &parts.headers,
                &caller,
                page,
                &parts.uri,
                failure_of(locale, &e),
            )
            .await
        }
    }
}

/// Ends the staff session and removes its cookie; the sign-in page says so.
async fn sign_out(
    state: &AppState,
    staff: &Staff,
    locale: Locale,
    policy: CookiePolicy,
) -> Response {
    if let Err(e) = auth::sign_out(&state.cx(), staff).await {
        tracing::error!(error = %e, "staff sign-out failed");
    }
    let target = format!(
        "{}?done=signed_out",
        console_href(locale, ConsolePage::SignIn)
    );
    see_other(&target, vec![policy.staff_session("", 0)])
}

/// Back to the page with the notice of what was `done` (the abuse queue
/// shows its open reports).
fn to_done(locale: Locale, page: ConsolePage, done: &str) -> Response {
    let query = if page == ConsolePage::Abuse {
        "status=open&"
    } else {
        ""
    };
    see_other(
        &format!("{}?{query}done={done}", console_href(locale, page)),
        Vec::new(),
    )
}

/// The status and localized message of a refused form.
fn failure_of(locale: Locale, error: &ServiceError) -> Failure {
    if let ServiceError::Database(e) = error {
        tracing::error!(error = %e, "console form failed");
    }
    Failure {
        status: status_of(error, Surface::Form),
        msg: t(locale, error.message_key()).to_owned(),
    }
}

/// Opens a staff session and sets its cookie; a failure says only that
/// something was not right, with the e-mail kept and nothing secret.
async fn sign_in(
    state: &AppState,
    headers: &HeaderMap,
    locale: Locale,
    client: &crate::services::accounts::ClientInfo,
    f: &Fields,
) -> Response {
    let input = auth::SignIn {
        email: f.email.trim(),
        password: &f.password,
        totp: f.totp.trim(),
    };
    match auth::sign_in(&state.cx(), input, client).await {
        Ok(signed) => {
            let policy = CookiePolicy::for_origin(&state.config.public_base_url);
            let cookie = policy.staff_session(&signed.token, STAFF_SESSION_TTL_MS / 1000);
            see_other(&console_href(locale, ConsolePage::Customers), vec![cookie])
        }
        Err(e) => {
            let failure = failure_of(locale, &e);
            let doc = ConsoleDoc {
                locale,
                page: Some(ConsolePage::SignIn),
                error: Some(failure.msg),
                email: f.email.trim().to_owned(),
                ..ConsoleDoc::default()
            };
            let mut response = render(state, headers, doc, failure.status);
            if let Some(secs) = retry_after(&e) {
                response
                    .headers_mut()
                    .insert(header::RETRY_AFTER, secs.into());
            }
            response
        }
    }
}

/// The use case a form on `page` asks for; the name of its notice when done.
async fn act(
    state: &AppState,
    staff: &Staff,
    page: ConsolePage,
    f: &Fields,
) -> Result<&'static str, ServiceError> {
    let cx = state.cx();
    match (page, f.form.as_str()) {
        (ConsolePage::Customer(_), forms::REFUND) => {
            actions::refund(&cx, &state.gateways, staff, f.charge_id, &f.reason)
                .await
                .map(|_| "refund")
        }
        (ConsolePage::Customer(id), forms::CANCEL) => {
            actions::cancel(&cx, &state.gateways, staff, id, &f.reason)
                .await
                .map(|_| "cancel")
        }
        (ConsolePage::Customer(id), forms::SUSPEND) => actions::suspend(&cx, staff, id, &f.reason)
            .await
            .map(|_| "suspend"),
        (ConsolePage::Customer(id), forms::REINSTATE) => {
            actions::reinstate(&cx, staff, id, &f.reason)
                .await
                .map(|_| "reinstate")
        }
        (ConsolePage::Abuse, forms::ABUSE) => {
            let action: AbuseAction =
                serde_json::from_value(serde_json::Value::String(f.action.clone()))
                    .map_err(|_| ServiceError::Invalid(Key::ErrorBadRequest))?;
            let decision = AbuseDecision {
                action,
                note: f.note.trim().to_owned(),
            };
            abuse::decide(&cx, staff, f.report_id, &decision)
                .await
                .map(|_| "abuse")
        }
        (ConsolePage::Chat(id), forms::REPLY) => {
            chat::reply(&cx, staff, id, &f.body).await.map(|_| "reply")
        }
        _ => Err(ServiceError::Invalid(Key::ErrorBadRequest)),
    }
}

/// The page again, with why the post failed.
async fn again(
    state: &AppState,
    headers: &HeaderMap,
    caller: &StaffCaller,
    page: ConsolePage,
    uri: &Uri,
    failure: Failure,
) -> Response {
    let staff = current_staff(caller).await;
    let page = if staff.is_none() {
        ConsolePage::SignIn
    } else {
        page
    };
    let Query(query) = Query::<Vec<(String, String)>>::try_from_uri(uri).unwrap_or_default();
    let data = match staff {
        Some(_) => load(caller, page, &query).await.unwrap_or_default(),
        None => Default::default(),
    };
    let doc = ConsoleDoc {
        locale: caller.locale,
        page: Some(page),
        staff,
        data,
        error: Some(failure.msg),
        ..ConsoleDoc::default()
    };
    render(state, headers, doc, failure.status)
}
