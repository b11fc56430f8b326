//! Server-side rendering of the Leptos app, and the rules that run before it:
//! who is signed in, where they should be instead, anti-CSRF.
use super::redirects::redirect;
use super::visitor::{visitor_of, WithBadges};
use super::{forms, render};
use crate::cookies::CookiePolicy;
use crate::state::AppState;
use app_core::navigation::{redirect_for, Visitor};
use axum::{
    extract::{Query, Request, State},
    http::{header, Method, StatusCode},
    middleware::Next,
    response::{IntoResponse, Response},
};

/// Every path the API and static files do not claim: pages (GET/HEAD) and
/// the no-JavaScript account forms (POST to the page's own path).
/// Rendering is the expensive part of a page: at most `RENDER_CONCURRENCY`
/// at once, then a short wait, then "busy" with 503 and `Retry-After`. A
/// form post holds its slot throughout; a page only while it is rendered
/// (one served from the shared renderings takes none).
pub async fn page_request(State(state): State<AppState>, request: Request) -> Response {
    tracing::Span::current().record("route", "pages");
    // The support console has its own document, session and forms.
    if let Some((locale, page)) = app_core::console::resolve(request.uri().path()) {
        if !matches!(*request.method(), Method::GET | Method::HEAD | Method::POST) {
            return (
                StatusCode::METHOD_NOT_ALLOWED,
                [(header::ALLOW, "GET, HEAD, POST")],
            )
                .into_response();
        }
        return match render::slot(&state, false).await {
            Some(_slot) => crate::entry::console::pages::handle(state, request, locale, page).await,
            None => render::busy(locale),
        };
    }
    match *request.method() {
        Method::GET | Method::HEAD => serve_page(state, request).await,
        Method::POST => match render::slot(&state, false).await {
            Some(_slot) => forms::submit(state, request).await,
            None => render::busy(app_core::routes::resolve(request.uri().path()).locale),
        },
        _ => (
            StatusCode::METHOD_NOT_ALLOWED,
            [(header::ALLOW, "GET, HEAD, POST")],
        )
            .into_response(),
    }
}

/// Applies the navigation rules, then renders.
async fn serve_page(state: AppState, request: Request) -> Response {
    let resolved = app_core::routes::resolve(request.uri().path());
    let (visitor, member) = visitor_of(&state, request.headers(), WithBadges::Yes).await;
    let policy = CookiePolicy::for_origin(&state.config.public_base_url);
    let mut set_cookies = Vec::new();
    if visitor == Visitor::InvalidToken {
        set_cookies.extend(policy.signed_out());
    }
    if let Some(page) = resolved.page {
        let Query(query) =
            Query::<Vec<(String, String)>>::try_from_uri(request.uri()).unwrap_or_default();
        if let Some(target) = redirect_for(page, resolved.locale, &query, &visitor, state.now_ms())
        {
            return redirect(&target, set_cookies);
        }
    }
    render::render(&state, request, member.as_ref(), None, set_cookies, false).await
}

/// `/id/` → `/id` with 301, query kept.
pub async fn locale_slash_redirect(request: Request, next: Next) -> Response {
    let uri = request.uri();
    if let Some(target) = app_core::routes::locale_slash_redirect(uri.path(), uri.query()) {
        return (StatusCode::MOVED_PERMANENTLY, [(header::LOCATION, target)]).into_response();
    }
    next.run(request).await
}
