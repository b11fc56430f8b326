//! Server-side rendering of the Leptos app, and the rules that run before it:
//! who is signed in, where they should be instead, anti-CSRF.
use super::{cookies, cookies::CookiePolicy, forms, InProcessApi};
use crate::services::accounts::{secrets, sessions};
use crate::services::locate::requests;
use crate::clock::now_ms;
use crate::state::AppState;
use app::account::forms::{CsrfToken, FormOutcome, CSRF_COOKIE, LANG_COOKIE, SESSION_COOKIE};
use app::account::{ChatUnreadTotal, CurrentViewer, NotificationsTotal, SessionToken, Viewer};
use app::consent::{Consent, CurrentConsent};
use app::api::SharedTransport;
use app::navigation::{redirect_for, Visitor};
use axum::{
    body::Body,
    extract::{Query, Request, State},
    http::{header, HeaderMap, HeaderValue, Method, StatusCode},
    middleware::Next,
    response::{IntoResponse, Response},
};
use leptos::prelude::provide_context;
use std::sync::Arc;

/// Every path the API and static files do not claim: pages (GET/HEAD) and
/// the no-JavaScript account forms (POST to the page's own path).
/// Rendering is the expensive part of a page: at most `RENDER_CONCURRENCY`
/// at once, then a short wait, then "busy" with 503 and `Retry-After`.
pub async fn page_request(State(state): State<AppState>, request: Request) -> Response {
    if !matches!(*request.method(), Method::GET | Method::HEAD | Method::POST) {
        return (StatusCode::METHOD_NOT_ALLOWED, [(header::ALLOW, "GET, HEAD, POST")]).into_response();
    }
    let wait = std::time::Duration::from_millis(state.config.render_queue_wait_ms);
    let slots = state.render_slots.clone();
    let Ok(Ok(_slot)) = tokio::time::timeout(wait, slots.acquire_owned()).await else {
        return busy(app::routes::resolve(request.uri().path()).locale);
    };
    // The support console has its own document, session and forms.
    if let Some((locale, page)) = app::console::resolve(request.uri().path()) {
        return super::console_pages::handle(state, request, locale, page).await;
    }
    match *request.method() {
        Method::POST => forms::submit(state, request).await,
        _ => serve_page(state, request).await,
    }
}

/// The page answered when every rendering slot stays taken.
fn busy(locale: app::i18n::Locale) -> Response {
    let text = app::i18n::t(locale, app::i18n::Key::ErrorUnavailable);
    let body = format!("<!DOCTYPE html><html lang=\"{}\"><title>{text}</title><p>{text}</p></html>", locale.html_lang());
    let headers = [(header::RETRY_AFTER, "1"), (header::CONTENT_TYPE, "text/html; charset=utf-8")];
    (StatusCode::SERVICE_UNAVAILABLE, headers, body).into_response()
}

/// Applies the navigation rules, then renders.
async fn serve_page(state: AppState, request: Request) -> Response {
    let resolved = app::routes::resolve(request.uri().path());
    let (visitor, member) = visitor_of(&state, request.headers()).await;
    let policy = CookiePolicy::for_origin(&state.config.public_base_url);
    let mut set_cookies = Vec::new();
    if visitor == Visitor::InvalidToken {
        set_cookies.extend(policy.signed_out());
    }
    if let Some(page) = resolved.page {
        let Query(query) = Query::<Vec<(String, String)>>::try_from_uri(request.uri()).unwrap_or_default();
        if let Some(target) = redirect_for(page, resolved.locale, &query, &visitor, now_ms()) {
            return redirect(&target, set_cookies);
        }
    }
    render(&state, request, member.as_ref(), None, set_cookies).await
}

/// A signed-in visitor: the session and the token that proved it (the page's
/// in-process API calls are made with it).
#[derive(Clone, Debug)]
pub(super) struct Member {
    pub auth: sessions::AuthSession,
    pub token: String,
}

/// The visitor behind the session cookie, and their session when valid.
pub(super) async fn visitor_of(state: &AppState, headers: &HeaderMap) -> (Visitor, Option<Member>) {
    let Some(token) = cookies::read(headers, SESSION_COOKIE) else { return (Visitor::Anonymous, None) };
    match sessions::authenticate(&state.db, Some(&token), now_ms()).await {
        Ok(auth) => (Visitor::Member(auth.viewer()), Some(Member { auth, token })),
        Err(crate::services::ServiceError::Unauthorized) => (Visitor::InvalidToken, None),
        Err(e) => {
            // The database failed: render as a visitor rather than fail the page.
            tracing::error!(error = %e, "session lookup failed");
            (Visitor::Anonymous, None)
        }
    }
}

/// A 302 (the default redirect) with cookies to set.
pub(super) fn redirect(target: &str, set_cookies: Vec<HeaderValue>) -> Response {
    let mut response = (StatusCode::FOUND, [(header::LOCATION, target)]).into_response();
    for cookie in set_cookies {
        response.headers_mut().append(header::SET_COOKIE, cookie);
    }
    response
}

/// 303: the answer to a form post is fetched with GET.
pub(super) fn see_other(target: &str, set_cookies: Vec<HeaderValue>) -> Response {
    let mut response = redirect(target, set_cookies);
    *response.status_mut() = StatusCode::SEE_OTHER;
    response
}

/// Renders the page of `request` with who is signed in, the anti-CSRF token
/// for its forms and, after a form post, how that went. Async mode: the whole
/// document, data included, is sent at once, so pages work without JavaScript.
pub(super) async fn render(
    state: &AppState,
    request: Request,
    member: Option<&Member>,
    outcome: Option<FormOutcome>,
    mut set_cookies: Vec<HeaderValue>,
) -> Response {
    let viewer: Option<Viewer> = member.map(|m| m.auth.viewer());
    let session_token = member.map(|m| SessionToken(m.token.clone()));
    let (notifications, chat_unread) = notifications(state, member, request.headers()).await;
    let (csrf, consent) = visitor_cookies(state, &request, &mut set_cookies);
    // A number owner's session shows that number's reports and entry.
    let owner = cookies::read(request.headers(), app::account::forms::OWNER_COOKIE).is_some();
    let personal = viewer.is_some() || outcome.is_some() || owner || chat_unread > 0;
    // The nonce of this response's Content-Security-Policy, for the inline boot script.
    let nonce = request.extensions().get::<leptos::nonce::Nonce>().cloned();
    let public = state.public.clone();
    let caller = super::transport::Caller::of(request.headers(), request.extensions());
    let transport: SharedTransport = Arc::new(InProcessApi::new(state.clone(), caller));
    let handler = leptos_axum::render_app_async_with_context(
        move || {
            provide_context((*public).clone());
            provide_context(transport.clone());
            provide_context(CurrentViewer(viewer.clone()));
            provide_context(CsrfToken(csrf.clone()));
            provide_context(NotificationsTotal(notifications));
            provide_context(ChatUnreadTotal(chat_unread));
            provide_context(CurrentConsent(consent));
            if let Some(token) = session_token.clone() {
                provide_context(token);
            }
            if let Some(outcome) = outcome.clone() {
                provide_context(outcome);
            }
            if let Some(nonce) = nonce.clone() {
                provide_context(nonce);
            }
        },
        app::shell,
    );
    let mut response = handler(request.map(Body::new)).await.into_response();
    let headers = response.headers_mut();
    for cookie in set_cookies {
        headers.append(header::SET_COOKIE, cookie);
    }
    // Pages carry a per-visitor CSRF token, and members' pages their e-mail.
    let cache = if personal { "private, no-store" } else { "private, no-cache" };
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    response
}

/// The header's badge (new answers to a member's requests plus unread help
/// chat replies) and the chat launcher's (the replies alone). A failed count
/// shows no badge rather than failing the page.
async fn notifications(state: &AppState, member: Option<&Member>, headers: &HeaderMap) -> (i64, i64) {
    use crate::services::help_chat::{self, Person};
    let visitor = super::chat_visitor_cookie(headers);
    let person = match member {
        Some(m) => Person::Member(&m.auth.user),
        None => Person::Visitor(visitor.as_deref()),
    };
    let chat = help_chat::unread_total(&state.db, person).await.unwrap_or_else(|e| {
        tracing::error!(error = %e, "counting unread chat replies failed");
        0
    });
    let locate = match member {
        Some(m) => requests::unseen_count(&state.db, m.auth.user.id).await.unwrap_or_else(|e| {
            tracing::error!(error = %e, "counting notifications failed");
            0
        }),
        None => 0,
    };
    (i64::try_from(locate).unwrap_or(i64::MAX).saturating_add(chat), chat)
}

/// The visitor's anti-CSRF token (drawn and set when missing), the `lang`
/// cookie when the page's language differs from it, and their cookie
/// consent with the marketing cookies it allows for this visit.
fn visitor_cookies(state: &AppState, request: &Request, set_cookies: &mut Vec<HeaderValue>) -> (String, Option<Consent>) {
    let policy = CookiePolicy::for_origin(&state.config.public_base_url);
    let csrf = cookies::read(request.headers(), CSRF_COOKIE).filter(|t| t.len() == 64).unwrap_or_else(|| {
        let token = secrets::new_token();
        set_cookies.push(policy.csrf(&token));
        token
    });
    let locale = app::routes::resolve(request.uri().path()).locale;
    if cookies::read(request.headers(), LANG_COOKIE).as_deref() != Some(locale.code()) {
        set_cookies.push(policy.lang(locale.code()));
    }
    let consent = super::tracking_cookies::consent(request.headers());
    set_cookies.extend(super::tracking_cookies::on_visit(policy, request.headers(), request.uri(), consent, now_ms()));
    (csrf, consent)
}

/// `/id/` → `/id` with 301, query kept.
pub async fn locale_slash_redirect(request: Request, next: Next) -> Response {
    let uri = request.uri();
    if let Some(target) = app::routes::locale_slash_redirect(uri.path(), uri.query()) {
        return (StatusCode::MOVED_PERMANENTLY, [(header::LOCATION, target)]).into_response();
    }
    next.run(request).await
}
