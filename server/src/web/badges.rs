//! The counts a page's header and chat launcher show as badges.
use super::visitor::Member;
use crate::services::locate::requests;
use crate::state::AppState;
use axum::http::HeaderMap;

/// The header's badge (new answers to a member's requests plus unread help
/// chat replies) and the chat launcher's (the replies alone). A failed count
/// shows no badge rather than failing the page.
pub(super) async fn counts(
    state: &AppState,
    member: Option<&Member>,
    headers: &HeaderMap,
) -> (i64, i64) {
    use crate::services::help_chat::{self, Person};
    let visitor = crate::cookies::chat_visitor_cookie(headers);
    let person = match member {
        Some(m) => Person::Member(&m.auth.user),
        None => Person::Visitor(visitor.as_deref()),
    };
    let chat = help_chat::unread_total(&state.db, person)
        .await
        .unwrap_or_else(|e| {
            tracing::error!(error = %e, "counting unread chat replies failed");
            0
        });
    let locate = match member {
        Some(m) => requests::unseen_count(&state.db, m.auth.user.id)
            .await
            .unwrap_or_else(|e| {
                tracing::error!(error = %e, "counting notifications failed");
                0
            }),
        None => 0,
    };
    (
        i64::try_from(locate)
            .unwrap_or(i64::MAX)
            .saturating_add(chat),
        chat,
    )
}
