//! Where page requests enter: Leptos SSR for every path the API and static
//! files do not claim, the forms posted to those paths (handed to their
//! feature in `crate::entry`), the locale-slash redirect, and built assets.
mod assets;
mod badges;
mod dev_calls;
mod dev_outbox;
mod forms;
mod page_visitor;
mod pages;
pub(crate) mod redirects;
mod render;
mod security_headers;
mod seo;
pub(crate) mod submission;
mod transport;
mod visitor;

pub use assets::{load_manifest, static_router};
pub use dev_calls::dev_calls_router;
pub use dev_outbox::dev_router;
pub use pages::{locale_slash_redirect, page_request};
pub use security_headers::{security_headers, tile_source, SecurityHeaders};
pub use seo::seo_router;
pub use transport::{InProcessApi, PageApi};
