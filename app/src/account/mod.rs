//! Accounts as the UI sees them: who is signed in, the forms that sign in and
//! reset passwords, and the spec §5 validators that both sides run.
pub mod forms;
pub mod plan;
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
