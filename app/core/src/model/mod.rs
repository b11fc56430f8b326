//! Wire types shared by the server, the API client and the components.
pub mod account;
pub mod billing;
pub mod chat;
pub mod console;
mod geo;
pub mod locate;
pub mod lookup;
pub mod pay_methods;
pub mod pay_outcome;
mod phone;
pub mod price;
pub mod reason;
pub mod reveal;
pub mod sharing;
pub mod voice;

pub use geo::GeoPoint;
pub use phone::{NumberInfo, VisitorCountry};
pub use price::{Cycle, PriceParts, PricePlan};
