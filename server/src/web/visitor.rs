//! Who is behind a page request: the session cookie's member, if its
//! session is alive.
use super::badges::{self, Badges};
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
    /// The badges, when they were read with the session for a page shown
    /// right away (a form's page reads them after the form's change).
    pub badges: Option<Badges>,
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

/// Whether the member's badges are read with their session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum WithBadges {
    Yes,
    No,
}

/// The visitor behind the session cookie, and their session when valid.
pub(super) async fn visitor_of(
    state: &AppState,
    headers: &HeaderMap,
    with_badges: WithBadges,
) -> (Visitor, Option<Member>) {
    let Some(token) = cookies::read(headers, SESSION_COOKIE) else {
        return (Visitor::Anonymous, None);
    };
    let now = state.now_ms();
    let recognised = match with_badges {
        WithBadges::Yes => {
            sessions::authenticate_counting(&state.db, Some(&token), now, &badges::MEMBER)
                .await
                .map(|(auth, counts)| (auth, Some(Badges::of_member(counts))))
        }
        WithBadges::No => sessions::authenticate(&state.db, Some(&token), now)
            .await
            .map(|auth| (auth, None)),
    };
    match recognised {
        Ok((auth, badges)) => {
            let visitor = Visitor::Member(auth.viewer());
            (
                visitor,
                Some(Member {
                    auth,
                    token,
                    badges,
                }),
            )
        }
        Err(crate::services::ServiceError::Unauthorized) => (Visitor::InvalidToken, None),
        Err(e) => {
            // The database failed: render as a visitor rather than fail the page.
            tracing::error!(error = %e, "session lookup failed");
            (Visitor::Anonymous, None)
        }
    }
}
