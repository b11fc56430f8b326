//! Accounts as the UI sees them: who is signed in, the forms that sign in and
//! reset passwords, and the field validators that both sides run.
mod auth_form;
mod cookie_names;
pub mod forms;
pub mod payment_fields;
pub mod plan;
pub mod slots;
pub mod user_info;
pub mod validation;

use serde::{Deserialize, Serialize};

/// The signed-in person, as the server found them for this request. The server
/// provides `Option<Viewer>` as context while rendering; `None` is a visitor.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Viewer {
    /// Login e-mail.
    pub email: String,
    /// Successful payments; 0 is a "middle" user (registered, not paid).
    pub payment_count: i64,
    /// Subscription expiry, ms since the Unix epoch (0: never subscribed).
    pub vip_time: i64,
}

/// `Option<Viewer>` in context (set by the server before rendering).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CurrentViewer(pub Option<Viewer>);

/// The current viewer, or `None` for visitors and outside the server's render.
pub fn use_viewer() -> Option<Viewer> {
    leptos::prelude::use_context::<CurrentViewer>().and_then(|c| c.0)
}

/// The signed-in member's session token, provided as context by the server
/// while it renders for a member; the [`crate::api::ApiClient`] sends it as
/// the `token` header of its in-process calls. Server only: in the browser
/// the HttpOnly session cookie travels with every call instead.
#[cfg(feature = "ssr")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionToken(pub String);

/// How many updates of the member's location requests are new (the server
/// provides it as context; the header shows it as a badge, 0 hides it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NotificationsTotal(pub i64);

/// The number of new updates, 0 outside the server's render.
pub fn use_notifications_total() -> i64 {
    leptos::prelude::use_context::<NotificationsTotal>().map_or(0, |n| n.0)
}

/// Support's help chat replies the person has not read (members and
/// visitors with a chat; part of [`NotificationsTotal`] for members). The
/// server provides it; the chat launcher shows it as a badge.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChatUnreadTotal(pub i64);

/// Unread help chat replies, 0 outside the server's render.
pub fn use_chat_unread() -> i64 {
    leptos::prelude::use_context::<ChatUnreadTotal>().map_or(0, |n| n.0)
}
