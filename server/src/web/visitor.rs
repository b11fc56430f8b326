//! Who is behind a page request: the session cookie's member, if its
//! session is alive.
use crate::cookies;
use crate::services::accounts::sessions;
use crate::state::AppState;
use app_core::account::forms::SESSION_COOKIE;
use app_core::navigation::Visitor;
use axum::http::HeaderMap;

/// A signed-in visitor: the session and the token that proved it (the page's
/// in-process API calls are made with it).
#[derive(Clone, Debug)]
pub(crate) struct Member {
    pub auth: sessions::AuthSession,
    pub token: String,
}

impl Member {
    /// The session as the page's in-process API calls carry it.
    pub(super) fn page_session(&self) -> crate::http::extract::PageSession {
        crate::http::extract::PageSession {
            token: self.token.clone(),
            auth: self.auth.clone(),
        }
    }
}

/// The visitor behind the session cookie, and their session when valid.
pub(super) async fn visitor_of(state: &AppState, headers: &HeaderMap) -> (Visitor, Option<Member>) {
    let Some(token) = cookies::read(headers, SESSION_COOKIE) else {
        return (Visitor::Anonymous, None);
    };
    match sessions::authenticate(&state.db, Some(&token), state.now_ms()).await {
        Ok(auth) => (Visitor::Member(auth.viewer()), Some(Member { auth, token })),
        Err(crate::services::ServiceError::Unauthorized) => (Visitor::InvalidToken, None),
        Err(e) => {
            // The database failed: render as a visitor rather than fail the page.
            tracing::error!(error = %e, "session lookup failed");
            (Visitor::Anonymous, None)
        }
    }
}
