//! `POST /pay-result/enter`: the result page's "Enter Dashboard" button,
//! with or without the new account's first password. Spends the order's
//! one-time claim (the HttpOnly cookie set when the order was placed) to
//! sign this browser into the account the payment created. A plain form,
//! so it works without JavaScript; a malformed password returns to the
//! result page with its message beside the field.
use super::redirects::redirect;
use crate::cookies::{read, CHECKOUT_CLAIM_COOKIE};
use crate::http::client_info;
use crate::persistence::entities::user;
use crate::services::accounts::sessions;
use crate::services::billing::claims;
use crate::services::ServiceError;
use crate::state::AppState;
use app_core::i18n::Locale;
use app_core::routes::{href, Page};
use axum::extract::{Form, State};
use axum::http::request::Parts;
use axum::response::Response;
use axum::routing::post;
use axum::Router;
use sea_orm::EntityTrait;
use serde::Deserialize;

pub fn claim_router() -> Router<AppState> {
    Router::new().route("/pay-result/enter", post(enter))
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct EnterForm {
    lang: String,
    /// The new account's first password (absent: enter without one).
    password: Option<String>,
    order_no: String,
}

async fn enter(
    State(state): State<AppState>,
    parts: Parts,
    Form(form): Form<EnterForm>,
) -> Response {
    let locale = Locale::from_code(&form.lang).unwrap_or_default();
    let policy = crate::cookies::cookie_policy(&state.config.public_base_url);
    let login = format!("{}?redirect=dashboard", href(locale, Page::Login));
    let Some(code) = read(&parts.headers, CHECKOUT_CLAIM_COOKIE) else {
        return redirect(&login, Vec::new());
    };
    let cx = state.cx();
    let claimed = match form.password.as_deref() {
        Some(password) => claims::claim_with_password(&cx, &code, password).await,
        None => claims::claim(&cx, &code).await,
    };
    let user_id = match claimed {
        Ok(user_id) => user_id,
        Err(ServiceError::Fields(_)) => return again(locale, &form.order_no, "invalid"),
        Err(ServiceError::Busy { .. }) => return again(locale, &form.order_no, "busy"),
        Err(_) => return redirect(&login, vec![policy.checkout_claim_spent()]),
    };
    let client = client_info(&parts, state.config.trust_forwarded_for);
    let session = match user::Entity::find_by_id(user_id).one(&cx.db).await {
        Ok(Some(member)) => sessions::start(&cx.db, member, &client, cx.now).await.ok(),
        _ => None,
    };
    let Some(new) = session else {
        return redirect(&login, Vec::new());
    };
    let mut cookies = policy.signed_in(&new.token, &new.auth.viewer());
    cookies.push(policy.checkout_claim_spent());
    redirect(&href(locale, Page::DashboardLocations), cookies)
}

/// The result page again, saying why the password was not set (the
/// claim is still unspent).
fn again(locale: Locale, order_no: &str, why: &str) -> Response {
    let url = format!(
        "{}?orderNo={}&password={why}",
        href(locale, Page::PayResult),
        app_core::api::encode(order_no)
    );
    redirect(&url, Vec::new())
}
