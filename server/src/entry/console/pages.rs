//! The support console's paths (`/admin`, `/id/admin`, …): pages are
//! fetched ([`super::view`]), forms are posted
//! ([`super::forms`]).
use super::page_api::StaffCaller;
use super::redirects::redirect;
use super::view::{current_staff, load, param, render, to_sign_in};
use crate::state::AppState;
use app_core::console::{console_href, notice_of, ConsoleDoc, ConsolePage};
use app_core::i18n::Locale;
use axum::extract::{ConnectInfo, Query, Request};
use axum::http::{Method, StatusCode};
use axum::response::Response;
use std::net::SocketAddr;

/// A request to a console path: pages are fetched, forms are posted.
pub async fn handle(
    state: AppState,
    request: Request,
    locale: Locale,
    page: ConsolePage,
) -> Response {
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .cloned();
    let caller = StaffCaller::of(&state, locale, request.headers(), peer);
    if request.method() == Method::POST {
        return super::forms::submit(state, request, caller, page).await;
    }
    let Query(query) =
        Query::<Vec<(String, String)>>::try_from_uri(request.uri()).unwrap_or_default();
    let staff = current_staff(&caller).await;
    let mut doc = ConsoleDoc {
        locale,
        page: Some(page),
        notice: param(&query, "done").and_then(notice_of),
        ..ConsoleDoc::default()
    };
    match (page, staff) {
        (ConsolePage::SignIn, Some(_)) => {
            redirect(&console_href(locale, ConsolePage::Customers), Vec::new())
        }
        (ConsolePage::SignIn, None) => render(&state, request.headers(), doc, StatusCode::OK),
        (_, None) => to_sign_in(locale, Vec::new()),
        (_, Some(staff)) => {
            doc.staff = Some(staff);
            let status = match load(&caller, page, &query).await {
                Ok(data) => {
                    doc.data = data;
                    if page == ConsolePage::NotFound {
                        StatusCode::NOT_FOUND
                    } else {
                        StatusCode::OK
                    }
                }
                Err(failure) if failure.status == StatusCode::UNAUTHORIZED => {
                    return to_sign_in(locale, Vec::new())
                }
                Err(failure) => {
                    doc.error = Some(failure.msg);
                    failure.status
                }
            };
            render(&state, request.headers(), doc, status)
        }
    }
}
