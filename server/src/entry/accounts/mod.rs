//! Accounts: registration checks, sessions, passwords
//! (`services::accounts`).
pub(crate) mod api;
pub(crate) mod forms;

// The tools the files below name through `super::`: the API's
// documentation types, extractors and envelope; the page forms' redirect and
// submission.
use crate::http::{doc, extract, ApiContext, ApiError, ApiOk, ApiResult};
use crate::state::AppState;
use crate::web::{redirects, submission};
use utoipa_axum::{router::UtoipaMethodRouter, routes};

/// The accounts' API paths, under `/api_f/v1`.
pub fn routes() -> Vec<UtoipaMethodRouter<AppState>> {
    vec![
        // GET /portal/user/checkEmail/{email}
        routes!(api::check_email),
        // GET /portal/user/checkRegister/{code}
        routes!(api::check_register),
        // POST DELETE /admin/userSession
        routes!(api::login, api::logout),
        // GET /admin/userSession/{id}
        routes!(api::session_detail),
        // PUT /admin/user/password
        routes!(api::change_password),
        // GET PUT /admin/userSession/forgetPassword/{email}
        routes!(api::send_reset_code, api::reset_with_code),
        // PUT /admin/userSession/restPassword/{email}
        routes!(api::reset_with_code_again),
    ]
}
