//! Rendering a page: what it knows of its visitor, the Leptos render in
//! async mode (the whole document, data included, sent at once, so pages
//! work without JavaScript), and the renderings public pages share
//! ([`crate::page_cache`]).
use super::page_visitor::PageVisitor;
use super::visitor::Member;
use super::{InProcessApi, PageApi};
use crate::cookies::{self, CookiePolicy};
use crate::page_cache::{self, Fill, Lookup, SharedPage};
use crate::state::AppState;
use crate::tokens;
use app_core::account::forms::{
    CsrfToken, FormOutcome, CSRF_COOKIE, LANG_COOKIE, OWNER_COOKIE, SESSION_COOKIE,
};
use app_core::account::{ChatUnreadTotal, CurrentViewer, NotificationsTotal, SessionToken, Viewer};
use app_core::api::SharedTransport;
use app_core::checkout::IdempotencyStandIn;
use app_core::config::PublicConfig;
use app_core::consent::{Consent, CurrentConsent};
use app_core::views::RenderPage;
use axum::{
    body::Body,
    extract::Request,
    http::{header, HeaderValue, StatusCode},
    response::{IntoResponse, Response},
};
use http_body_util::BodyExt as _;
use leptos::nonce::Nonce;
use leptos::prelude::provide_context;
use std::sync::Arc;
use tokio::sync::OwnedSemaphorePermit;

/// Everything a page render is given besides the request.
#[derive(Clone)]
struct PageContext {
    public: Arc<PublicConfig>,
    transport: SharedTransport,
    viewer: Option<Viewer>,
    session_token: Option<SessionToken>,
    csrf: String,
    notifications: i64,
    chat_unread: i64,
    consent: Option<Consent>,
    outcome: Option<FormOutcome>,
    nonce: Option<Nonce>,
    /// Where the visitor is, and the number carried from checkout.
    visitor: PageVisitor,
    /// A shared rendering's stand-in for forms' idempotency keys.
    key_stand_in: Option<IdempotencyStandIn>,
    /// The page's renderer.
    page: RenderPage,
}

/// Renders the page of `request` with who is signed in, the anti-CSRF token
/// for its forms and, after a form post, how that went. `slot_held`: the
/// caller already holds a rendering slot (a form post); otherwise one is
/// taken for rendering, and a page served from the shared renderings needs
/// none.
pub(super) async fn render(
    state: &AppState,
    request: Request,
    member: Option<&Member>,
    outcome: Option<FormOutcome>,
    mut set_cookies: Vec<HeaderValue>,
    slot_held: bool,
) -> Response {
    let locale = app_core::routes::resolve(request.uri().path()).locale;
    let headers = request.headers();
    let badges = match member.and_then(|m| m.badges) {
        Some(badges) => badges,
        None => super::badges::counts(state, member.map(|m| m.auth.user.id), headers).await,
    };
    let (notifications, chat_unread) = (badges.header, badges.chat);
    let (csrf, consent) = visitor_cookies(state, &request, &mut set_cookies);
    // A number owner's session shows that number's reports and entry.
    let owner = cookies::read(headers, OWNER_COOKIE).is_some();
    let viewer: Option<Viewer> = member.map(|m| m.auth.viewer());
    let personal = viewer.is_some() || outcome.is_some() || owner || chat_unread > 0;
    let anonymous = !personal
        && cookies::read(headers, SESSION_COOKIE).is_none()
        && crate::cookies::chat_visitor_cookie(headers).is_none();
    let (visitor, country) = PageVisitor::of(state, &request, member.is_some(), &mut set_cookies);
    let shared_page = SharedPage::of(&request, anonymous, &csrf, consent, &country);
    let caller = super::transport::Caller::of(headers, request.extensions())
        .with_session(member.map(Member::page_session));
    let api = request
        .extensions()
        .get::<PageApi>()
        .cloned()
        .unwrap_or_else(|| PageApi::new(state.clone()));
    let nonce = request.extensions().get::<Nonce>().cloned();
    let context = PageContext {
        public: state.public.clone(),
        transport: Arc::new(InProcessApi::new(api, caller)),
        viewer,
        session_token: member.map(|m| SessionToken(m.token.clone())),
        csrf,
        notifications,
        chat_unread,
        consent,
        outcome,
        nonce: nonce.clone(),
        visitor,
        key_stand_in: None,
        page: state.views.page,
    };
    let rendered = match (shared_page, nonce) {
        (Some(page), Some(nonce)) => shared(state, request, context, page, &nonce, slot_held).await,
        _ => match slot(state, slot_held).await {
            Some(_slot) => Some(run(request, context).await),
            None => None,
        },
    };
    match rendered {
        Some(response) => with_headers(response, set_cookies, personal),
        None => busy(locale),
    }
}

/// The rendered page with the cookies to set, never stored by a shared
/// cache: pages carry a per-visitor CSRF token, and members' pages their
/// e-mail.
fn with_headers(mut response: Response, set_cookies: Vec<HeaderValue>, personal: bool) -> Response {
    let headers = response.headers_mut();
    for cookie in set_cookies {
        headers.append(header::SET_COOKIE, cookie);
    }
    let cache = if personal {
        "private, no-store"
    } else {
        "private, no-cache"
    };
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    response
}

/// A rendering slot (`RENDER_CONCURRENCY`), waiting at most
/// `RENDER_QUEUE_WAIT_MS`; `Some(None)` when the caller holds one already,
/// `None` when none came free.
pub(super) async fn slot(state: &AppState, held: bool) -> Option<Option<OwnedSemaphorePermit>> {
    if held {
        return Some(None);
    }
    let wait = std::time::Duration::from_millis(state.config.render_queue_wait_ms);
    match tokio::time::timeout(wait, state.render_slots.clone().acquire_owned()).await {
        Ok(Ok(permit)) => Some(Some(permit)),
        _ => None,
    }
}

/// The page answered when every rendering slot stays taken.
pub(super) fn busy(locale: app_core::i18n::Locale) -> Response {
    let text = app_core::i18n::t(locale, app_core::i18n::Key::ErrorUnavailable);
    let body = format!(
        "<!DOCTYPE html><html lang=\"{}\"><title>{text}</title><p>{text}</p></html>",
        locale.html_lang()
    );
    let headers = [
        (header::RETRY_AFTER, "1"),
        (header::CONTENT_TYPE, "text/html; charset=utf-8"),
    ];
    (StatusCode::SERVICE_UNAVAILABLE, headers, body).into_response()
}

/// A page every visitor without a session sees alike: the kept rendering,
/// or a new one made with the stand-ins, kept, then filled in.
async fn shared(
    state: &AppState,
    request: Request,
    mut context: PageContext,
    shared: SharedPage,
    nonce: &Nonce,
    slot_held: bool,
) -> Option<Response> {
    let (cache, key) = (&state.page_cache, shared.key);
    let generation = state.plans.generation();
    let brotli = page_cache::br::accepted(request.headers());
    if let Lookup::Hit(page) = cache.lookup(key, generation, state.now_ms()) {
        return Some(page.respond(fill(nonce, &context.csrf, &shared), brotli));
    }
    // Wait (as long as for a render slot) for a render of this page already
    // under way, then serve it; past the wait, render alone.
    let flight = cache.flight(key);
    let wait = std::time::Duration::from_millis(state.config.render_queue_wait_ms);
    let _turn = tokio::time::timeout(wait, flight.lock()).await.ok();
    if let Some(page) = cache.lookup_fresh(key, generation, state.now_ms()) {
        return Some(page.respond(fill(nonce, &context.csrf, &shared), brotli));
    }
    let _slot = slot(state, slot_held).await?;
    let csrf = std::mem::replace(&mut context.csrf, cache.csrf_stand_in().to_owned());
    context.nonce = Some(cache.nonce_stand_in());
    context.key_stand_in = Some(cache.key_stand_in());
    let started = state.now_ms();
    let mut request = request;
    *request.uri_mut() = cache.address_stand_in(key, request.uri());
    let (parts, body) = run(request, context).await.into_parts();
    let html = match body.collect().await {
        Ok(collected) => collected.to_bytes(),
        Err(e) => {
            tracing::error!(error = %e, "page body failed");
            return Some(StatusCode::INTERNAL_SERVER_ERROR.into_response());
        }
    };
    // Cutting compresses the pieces (milliseconds): off the async workers.
    let cutter = state.page_cache.clone();
    let Ok(page) =
        tokio::task::spawn_blocking(move || cutter.cut(parts.status, parts.headers, &html)).await
    else {
        return Some(StatusCode::INTERNAL_SERVER_ERROR.into_response());
    };
    let page = Arc::new(page);
    cache.store(key, page.clone(), generation, started);
    Some(page.respond(fill(nonce, &csrf, &shared), brotli))
}

/// One response's values for a kept page's holes.
fn fill<'a>(nonce: &'a Nonce, csrf: &'a str, shared: &'a SharedPage) -> Fill<'a> {
    Fill {
        nonce,
        csrf,
        campaign: &shared.campaign,
    }
}

/// The Leptos render of `request` with `context`.
async fn run(request: Request, context: PageContext) -> Response {
    let page = context.page;
    let provide = move || {
        let c = context.clone();
        provide_context(c.public);
        provide_context(c.transport);
        provide_context(CurrentViewer(c.viewer));
        provide_context(CsrfToken(c.csrf));
        provide_context(NotificationsTotal(c.notifications));
        provide_context(ChatUnreadTotal(c.chat_unread));
        provide_context(CurrentConsent(c.consent));
        c.visitor.provide();
        if let Some(token) = c.session_token {
            provide_context(token);
        }
        if let Some(outcome) = c.outcome {
            provide_context(outcome);
        }
        if let Some(nonce) = c.nonce {
            provide_context(nonce);
        }
        if let Some(stand_in) = c.key_stand_in {
            provide_context(stand_in);
        }
    };
    // The body stays the render's stream, which holds the render's owner
    // until it is sent: collected here, the owner ended before Suspense's
    // background tasks ran, and under load they panicked on finding its
    // values disposed.
    page(Arc::new(provide), request.map(Body::new))
        .await
        .into_response()
}

/// The visitor's anti-CSRF token (drawn and set when missing or not one
/// this site draws), the `lang` cookie when the page's language differs
/// from it, and their cookie consent with the marketing cookies it allows
/// for this visit.
fn visitor_cookies(
    state: &AppState,
    request: &Request,
    set_cookies: &mut Vec<HeaderValue>,
) -> (String, Option<Consent>) {
    let policy = CookiePolicy::for_origin(&state.config.public_base_url);
    let csrf = cookies::read(request.headers(), CSRF_COOKIE)
        .filter(|t| t.len() == 64 && t.bytes().all(|b| b.is_ascii_hexdigit()))
        .unwrap_or_else(|| {
            let token = tokens::new_token();
            set_cookies.push(policy.csrf(&token));
            token
        });
    let locale = app_core::routes::resolve(request.uri().path()).locale;
    if cookies::read(request.headers(), LANG_COOKIE).as_deref() != Some(locale.code()) {
        set_cookies.push(policy.lang(locale.code()));
    }
    let consent = crate::cookies::tracking::consent(request.headers());
    set_cookies.extend(crate::cookies::tracking::on_visit(
        policy,
        request.headers(),
        request.uri(),
        consent,
        state.now_ms(),
    ));
    (csrf, consent)
}
