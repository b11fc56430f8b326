//! Where page requests enter: Leptos SSR for every path the API and static
//! files do not claim, the account forms posted to those paths, the
//! locale-slash redirect, and built assets.
mod account_forms;
mod assets;
mod badges;
mod billing_forms;
mod chat_forms;
mod checkout_claim;
mod consent_forms;
mod console_api;
mod console_forms;
mod console_pages;
mod console_view;
mod dev_calls;
mod dev_outbox;
mod forms;
mod locate_forms;
mod lookup_forms;
mod page_visitor;
mod pages;
mod redirects;
mod render;
mod renewal_forms;
mod sandbox_checkout;
mod security_headers;
mod seo;
mod submission;
mod transport;
mod visitor;
mod voice_forms;

pub use assets::{load_manifest, static_router};
pub use checkout_claim::claim_router;
pub use dev_calls::dev_calls_router;
pub use dev_outbox::dev_router;
pub use pages::{locale_slash_redirect, page_request};
pub use sandbox_checkout::sandbox_router;
pub use security_headers::{security_headers, tile_source, SecurityHeaders};
pub use seo::seo_router;
pub use transport::{InProcessApi, PageApi};
