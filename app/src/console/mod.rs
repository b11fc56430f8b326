//! The support console at `/admin` (`/id/admin`, `/zh/admin`): plain
//! server-rendered pages with real links and forms, its own document and
//! layout (no customer header, footer, banner or chat). Server only: nothing
//! here is an island, so none of it reaches the customer WASM.
mod abuse;
mod audit;
mod chats;
mod customer;
mod customers;
mod parts;
mod shell;
mod sign_in;

#[cfg(test)]
mod render_tests;
#[cfg(test)]
mod routes_tests;

pub use app_core::console::*;
pub use shell::document;
