//! One component per screen of spec §2.
mod home;
mod info;
mod not_found;
mod phone_locate;
mod reveal_location;

pub use home::HomePage;
pub use info::InfoPage;
pub use not_found::NotFoundPage;
pub use phone_locate::PhoneLocatePage;
pub use reveal_location::RevealLocationPage;
