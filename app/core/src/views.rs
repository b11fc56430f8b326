//! The pages' renderers, handed to the server by the binary that links the
//! UI crate: the server library calls them without depending on that crate,
//! so an edit to a page does not rebuild it.
//!
//! They take and return plain HTTP values, not a type-erased view: erasing
//! the document's view type would compile its browser-side methods (build,
//! hydrate, rebuild) into the server for every page.
use crate::console::ConsoleDoc;
use axum_core::body::Body;
use http::{Request, Response};
use std::{future::Future, pin::Pin, sync::Arc};

/// What a page render provides as context before the document is built:
/// the visitor, the texts, the anti-CSRF token, the nonce…
pub type ProvideContext = Arc<dyn Fn() + Send + Sync>;

/// A page's rendering under way: the whole document once every resource
/// resolved.
pub type PageFuture = Pin<Box<dyn Future<Output = Response<Body>> + Send>>;

/// Renders the customer page a request asks for.
pub type RenderPage = fn(ProvideContext, Request<Body>) -> PageFuture;

/// The UI crate's renderers, as plain functions (`app::views()`).
#[derive(Clone, Copy)]
pub struct Views {
    /// Renders the customer page `request` asks for.
    pub page: RenderPage,
    /// Renders one support console document to HTML.
    pub console: fn(ConsoleDoc) -> String,
}
