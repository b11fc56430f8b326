//! The pages' renderers, handed to the server by the binary that links the
//! UI crate: the server library calls them without depending on that crate,
//! so an edit to a page does not rebuild it.
use crate::console::ConsoleDoc;
use leptos::prelude::AnyView;

/// The UI crate's renderers, as plain functions (`app::views()`).
#[derive(Clone, Copy)]
pub struct Views {
    /// The whole document of every customer page, from the request's
    /// context (route, visitor, texts).
    pub shell: fn() -> AnyView,
    /// One support console document.
    pub console: fn(ConsoleDoc) -> AnyView,
}

impl std::fmt::Debug for Views {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Views")
    }
}
