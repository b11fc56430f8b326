//! The dialog layer: one island in the site shell that can show
//! one dialog at a time over the page.
mod layer;
mod payment;
pub mod state;

pub use layer::DialogLayer;
