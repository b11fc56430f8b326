//! The counts a page's header and chat launcher show as badges.
use crate::persistence::counts;
use crate::services::accounts::sessions::SessionCounts;
use crate::services::help_chat::{self, Person};
use crate::services::locate::requests;
use crate::state::AppState;
use axum::http::HeaderMap;
use sea_orm::sea_query::{Expr, SelectStatement, SimpleExpr};

/// The header's badge (new answers to a member's requests plus unread help
/// chat replies) and the chat launcher's (the replies alone).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Badges {
    pub header: i64,
    pub chat: i64,
}

impl Badges {
    /// From what [`member_counts`] counted.
    pub(super) fn of_member([locate, chat]: [i64; 2]) -> Badges {
        Badges {
            header: locate.saturating_add(chat),
            chat,
        }
    }
}

/// A member's session read with their badges.
pub(super) static MEMBER: SessionCounts<2> = SessionCounts::new(member_counts);

/// The statements counting a member's badges, for the member whose id
/// `user` gives (a value, or the session row's column when they are read
/// with the session).
pub(super) fn member_counts(user: SimpleExpr) -> [SelectStatement; 2] {
    [
        requests::unseen_count_query(user.clone()),
        help_chat::member_unread_query(user),
    ]
}

/// The badges of the member `member_id`, else of the visitor, read in one
/// statement (none for a visitor without a chat cookie). A failed read
/// shows no badge rather than failing the page.
pub(super) async fn counts(
    state: &AppState,
    member_id: Option<i64>,
    headers: &HeaderMap,
) -> Badges {
    let read = match member_id {
        Some(id) => counts::read(&state.db, member_counts(Expr::val(id)))
            .await
            .map(Badges::of_member),
        None => {
            let visitor = crate::cookies::chat_visitor_cookie(headers);
            match help_chat::unread_total_query(Person::Visitor(visitor.as_deref())) {
                Some(chat) => counts::read(&state.db, [chat])
                    .await
                    .map(|[chat]| Badges { header: chat, chat }),
                None => Ok(Badges::default()),
            }
        }
    };
    read.unwrap_or_else(|e| {
        tracing::error!(error = %e, "counting the badges failed");
        Badges::default()
    })
}
