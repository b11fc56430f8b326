//! The support console's pages as shown: who is signed in, the page's data
//! from the console API, and the console's own document.
//! Every answer is personal: `no-store`, and never indexed.
use super::page_api::{Failure, StaffCaller};
use super::redirects::redirect;
use crate::cookies::{self, CookiePolicy};
use crate::state::AppState;
use crate::tokens;
use app_core::account::forms::CSRF_COOKIE;
use app_core::console::{console_href, ConsoleData, ConsoleDoc, ConsolePage};
use app_core::i18n::Locale;
use app_core::model::console::StaffView;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

/// The signed-in staff member, if the cookie names a live session.
pub(super) async fn current_staff(caller: &StaffCaller) -> Option<StaffView> {
    caller.token.as_ref()?;
    caller.get::<StaffView>("/session").await.ok()
}

/// The sign-in page, saying why.
pub(super) fn to_sign_in(locale: Locale, set_cookies: Vec<HeaderValue>) -> Response {
    redirect(
        &format!("{}?done=sign_in", console_href(locale, ConsolePage::SignIn)),
        set_cookies,
    )
}

pub(super) fn param<'a>(query: &'a [(String, String)], name: &str) -> Option<&'a str> {
    query
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

/// What `page` shows, from the console API.
pub(super) async fn load(
    caller: &StaffCaller,
    page: ConsolePage,
    query: &[(String, String)],
) -> Result<ConsoleData, Failure> {
    Ok(match page {
        ConsolePage::Customers => {
            let q = param(query, "q").unwrap_or_default().trim().to_owned();
            let rows = if q.is_empty() {
                Vec::new()
            } else {
                caller
                    .get(&format!(
                        "/customers?{}",
                        super::page_api::query_pair("q", &q)
                    ))
                    .await?
            };
            ConsoleData::Customers { q, rows }
        }
        ConsolePage::Customer(id) => {
            ConsoleData::Customer(Box::new(caller.get(&format!("/customers/{id}")).await?))
        }
        ConsolePage::Abuse => {
            let closed = param(query, "status") == Some("closed");
            let status = if closed { "closed" } else { "open" };
            ConsoleData::Abuse {
                closed,
                reports: caller.get(&format!("/abuse?status={status}")).await?,
            }
        }
        ConsolePage::Chats => ConsoleData::Chats(caller.get("/chats").await?),
        ConsolePage::Chat(id) => ConsoleData::Chat(caller.get(&format!("/chats/{id}")).await?),
        ConsolePage::Audit => {
            let before = param(query, "before")
                .and_then(|b| b.parse::<i64>().ok())
                .filter(|b| *b > 0);
            let path = before.map_or_else(|| "/audit".to_owned(), |b| format!("/audit?before={b}"));
            ConsoleData::Audit {
                entries: caller.get(&path).await?,
                before,
            }
        }
        ConsolePage::SignIn | ConsolePage::NotFound => ConsoleData::Nothing,
    })
}

/// The console document with `status`, never stored or indexed.
pub(super) fn render(
    state: &AppState,
    headers: &HeaderMap,
    mut doc: ConsoleDoc,
    status: StatusCode,
) -> Response {
    let policy = CookiePolicy::for_origin(&state.config.public_base_url);
    let mut set_cookies = Vec::new();
    doc.csrf = cookies::read(headers, CSRF_COOKIE)
        .filter(|t| t.len() == 64)
        .unwrap_or_else(|| {
            let token = tokens::new_token();
            set_cookies.push(policy.csrf(&token));
            token
        });
    doc.css = state.public.assets.css.clone();
    let html = (state.views.console)(doc);
    let mut response = (status, html).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        "x-robots-tag",
        HeaderValue::from_static("noindex, nofollow"),
    );
    for cookie in set_cookies {
        headers.append(header::SET_COOKIE, cookie);
    }
    response
}
