//! The console's forms, posted without JavaScript to the page they sit on:
//! form → the console API's use case (in-process, with the staff cookie) →
//! a 303 to the page with a notice, or the page again with the localized
//! error. Every post carries the double-submitted anti-CSRF token.
use super::console_api::{form_body, Failure, StaffCaller};
use super::console_pages::{current_staff, load, render, to_sign_in};
use super::cookies;
use super::pages::see_other;
use crate::services::accounts::secrets;
use crate::state::AppState;
use app::account::forms::CSRF_COOKIE;
use app::console::{console_href, forms, ConsoleDoc, ConsolePage};
use app::i18n::{t, Key};
use axum::body::to_bytes;
use axum::extract::{Query, Request};
use axum::http::{HeaderMap, Method, StatusCode};
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
pub async fn submit(state: AppState, request: Request, caller: StaffCaller, page: ConsolePage) -> Response {
    let (parts, body) = request.into_parts();
    let body = to_bytes(body, MAX_FORM_BYTES).await.unwrap_or_default();
    let fields: Fields = serde_urlencoded::from_bytes(&body).unwrap_or_default();
    let locale = caller.locale;
    let csrf_ok = cookies::read(&parts.headers, CSRF_COOKIE)
        .is_some_and(|cookie| !fields.csrf.is_empty() && secrets::same_secret(&cookie, &fields.csrf));
    let result = if !csrf_ok {
        Err(Failure { status: StatusCode::FORBIDDEN, msg: t(locale, Key::ErrorCsrf).to_owned() })
    } else if fields.form == forms::SIGN_IN {
        return sign_in(&state, &parts.headers, &caller, &fields).await;
    } else if fields.form == forms::SIGN_OUT {
        let answer = caller.send::<serde_json::Value>(Method::DELETE, "/session", None).await;
        let cookies = answer.map(|a| a.set_cookies).unwrap_or_default();
        let target = format!("{}?done=signed_out", console_href(locale, ConsolePage::SignIn));
        return see_other(&target, cookies);
    } else {
        act(&caller, page, &fields).await
    };
    match result {
        Ok(done) => {
            let target = match page {
                ConsolePage::Abuse => format!("{}?status=open&done={done}", console_href(locale, page)),
                _ => format!("{}?done={done}", console_href(locale, page)),
            };
            see_other(&target, Vec::new())
        }
        Err(failure) if failure.status == StatusCode::UNAUTHORIZED => to_sign_in(locale, Vec::new()),
        Err(failure) => again(&state, &parts.headers, &caller, page, &parts.uri, failure).await,
    }
}

/// Signs in through the session call; its cookie is passed on to the browser.
async fn sign_in(state: &AppState, headers: &HeaderMap, caller: &StaffCaller, fields: &Fields) -> Response {
    let form = form_body(&[("email", fields.email.trim()), ("password", &fields.password), ("totp", fields.totp.trim())]);
    match caller.send::<serde_json::Value>(Method::POST, "/session", Some(form)).await {
        Ok(answer) => see_other(&console_href(caller.locale, ConsolePage::Customers), answer.set_cookies),
        Err(failure) => {
            let doc = ConsoleDoc {
                locale: caller.locale,
                page: Some(ConsolePage::SignIn),
                error: Some(failure.msg),
                email: fields.email.trim().to_owned(),
                ..ConsoleDoc::default()
            };
            render(state, headers, doc, failure.status)
        }
    }
}

/// The action a form on `page` asks for; the name of its notice when done.
async fn act(caller: &StaffCaller, page: ConsolePage, f: &Fields) -> Result<&'static str, Failure> {
    let reason = || Some(form_body(&[("reason", f.reason.trim())]));
    let (path, body, done) = match (page, f.form.as_str()) {
        (ConsolePage::Customer(_), forms::REFUND) => (format!("/charges/{}/refund", f.charge_id), reason(), "refund"),
        (ConsolePage::Customer(id), form @ (forms::CANCEL | forms::SUSPEND | forms::REINSTATE)) => {
            let done = match form {
                forms::CANCEL => "cancel",
                forms::SUSPEND => "suspend",
                _ => "reinstate",
            };
            (format!("/customers/{id}/{form}"), reason(), done)
        }
        (ConsolePage::Abuse, forms::ABUSE) => {
            let body = form_body(&[("action", f.action.as_str()), ("note", f.note.trim())]);
            (format!("/abuse/{}", f.report_id), Some(body), "abuse")
        }
        (ConsolePage::Chat(id), forms::REPLY) => (format!("/chats/{id}/reply"), Some(form_body(&[("body", f.body.trim())])), "reply"),
        _ => return Err(Failure { status: StatusCode::BAD_REQUEST, msg: t(caller.locale, Key::ErrorGeneric).to_owned() }),
    };
    caller.send::<serde_json::Value>(Method::POST, &path, body).await.map(|_| done)
}

/// The page again, with why the post failed.
async fn again(
    state: &AppState,
    headers: &HeaderMap,
    caller: &StaffCaller,
    page: ConsolePage,
    uri: &axum::http::Uri,
    failure: Failure,
) -> Response {
    let Some(staff) = current_staff(caller).await else { return to_sign_in(caller.locale, Vec::new()) };
    let Query(query) = Query::<Vec<(String, String)>>::try_from_uri(uri).unwrap_or_default();
    let data = load(caller, page, &query).await.unwrap_or_default();
    let doc = ConsoleDoc {
        locale: caller.locale,
        page: Some(page),
        staff: Some(staff),
        data,
        error: Some(failure.msg),
        ..ConsoleDoc::default()
    };
    render(state, headers, doc, failure.status)
}
