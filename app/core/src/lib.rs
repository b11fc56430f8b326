//! What the pages and the server share: the wire types (`model`), the route
//! table, the texts (`i18n`), the validators of accounts and checkout, cookie
//! consent, the support console's addresses and the typed API client. No
//! component lives here: the pages are the `app` crate's, so an edit to one
//! rebuilds neither this crate nor the server library.
pub mod account;
pub mod api;
pub mod checkout;
pub mod config;
pub mod consent;
/// The support console's screens and documents (server only).
#[cfg(feature = "ssr")]
pub mod console;
pub mod countries;
pub mod dates;
pub mod i18n;
pub mod interactive;
pub mod model;
pub mod navigation;
pub mod page_query;
pub mod routes;
/// The pages' renderers the server is given (server only).
#[cfg(feature = "ssr")]
pub mod views;
